import type { TFunction } from 'i18next';
import {
  weekdays,
  type TRoomTariff,
  type TAdjustment,
  type TPriceBreakdownEntry,
  type TPriceCell,
} from '@tarifa/contract';
import { isolate } from '@/lib/bidi';
import { nightsBetween, weekdayOf } from '@/lib/dates';
import type { Formatters } from '@/lib/intl';
import { formatMoney, formatMoneyChange, formatOccupancy, formatPercentChange } from './format';

interface ExplainContext {
  t: TFunction;
  intl: Formatters;
  currency: string;
  /** The property's room types (a derived room type names its parent). */
  rooms: readonly TRoomTariff[];
  /** Today where the property is, for the lead time. */
  today: string;
}

interface Explanation {
  /** "Base 110 € → Verão +20 % → sábado +12 % → … → 170 €". */
  chain: string;
  /** One sentence per step: "Verão +20 %: 110 € → 132 €". */
  lines: string[];
}

function describeAdjustment(ctx: ExplainContext, adjustment: TAdjustment | null): string {
  if (!adjustment) return '';
  switch (adjustment.type) {
    case 'percent':
      return formatPercentChange(ctx.intl, adjustment.value);
    case 'amount':
      return formatMoneyChange(ctx.intl, adjustment.value, ctx.currency);
    case 'price':
      return ctx.t('priceCalendar:explain.fixed', {
        price: formatMoney(ctx.intl, adjustment.value, ctx.currency),
      });
  }
}

/** What the step is, in the owner's words: "Verão", "sábado", "ocupação 80 %", "máximo 260 €". */
function stepName(
  ctx: ExplainContext,
  cell: TPriceCell,
  room: TRoomTariff | undefined,
  entry: TPriceBreakdownEntry,
) {
  const { t, intl } = ctx;
  const money = (value: number) => formatMoney(intl, value, ctx.currency);
  switch (entry.step) {
    case 'season':
    case 'event':
      // The owner's name for it, isolated: a Latin "Summer" inside Arabic keeps its place.
      return entry.label ? isolate(intl, entry.label) : t(`priceCalendar:steps.${entry.step}`);
    case 'weekday':
      return intl.weekdays('long')[weekdays.indexOf(weekdayOf(cell.date))]!;
    case 'occupancy':
      return t(
        entry.occupancyBasis === 'forecast'
          ? 'priceCalendar:steps.occupancyForecast'
          : 'priceCalendar:steps.occupancy',
        { occupancy: formatOccupancy(intl, cell.occupancy) },
      );
    case 'lead_time':
      return t('priceCalendar:steps.lead_time', {
        days: isolate(
          intl,
          intl.number(Math.max(0, nightsBetween(ctx.today, cell.date) - 1), {
            style: 'unit',
            unit: 'day',
            unitDisplay: 'long',
          }),
        ),
      });
    case 'derived': {
      const parent = ctx.rooms.find((r) => r.uuid === room?.derivedFrom?.roomUuid);
      return parent
        ? t('priceCalendar:steps.derived', { room: parent.name })
        : t('priceCalendar:steps.derivedPlain');
    }
    case 'clamp_min':
    case 'clamp_max':
      return t(`priceCalendar:steps.${entry.step}`, { price: money(entry.after) });
    case 'market':
      return entry.market
        ? t('market:explain.step', {
            median: money(entry.market.median),
            count: entry.market.competitors,
          })
        : t('priceCalendar:steps.market');
    case 'orphan':
    case 'rounding':
    case 'override':
      return t(`priceCalendar:steps.${entry.step}`);
    // The rate sheet's steps: the plan (by its name), the guests, their meals, the stay.
    case 'ratePlan':
      return t('priceCalendar:steps.ratePlan', { name: isolate(intl, entry.label) });
    case 'guests':
    case 'board':
      return t(`priceCalendar:steps.${entry.step}`, { count: entry.guests ?? 0 });
    case 'lengthOfStay':
      return t('priceCalendar:steps.lengthOfStay', { count: entry.nights ?? 0 });
  }
}

/** One step as the chain shows it: its name, its group (if any) and what it does. */
function stepPhrase(
  ctx: ExplainContext,
  cell: TPriceCell,
  room: TRoomTariff | undefined,
  entry: TPriceBreakdownEntry,
): string {
  let name = stepName(ctx, cell, room, entry);
  if (entry.label && !['season', 'event', 'ratePlan'].includes(entry.step)) {
    name = ctx.t('priceCalendar:explain.labelled', {
      name,
      label: isolate(ctx.intl, entry.label),
    });
  }
  // The bounds already say the price they set; a manual price is a fixed price by its name
  // ("preço manual 120 €", not "preço manual preço fixo 120 €").
  // Guests and meals say what they did to the night's price as a whole (a guest fewer is "−15 €",
  // though the rule is "15 € per guest").
  const adjustment =
    entry.step === 'clamp_min' || entry.step === 'clamp_max'
      ? ''
      : entry.step === 'override' && entry.adjustment?.type === 'price'
        ? formatMoney(ctx.intl, entry.adjustment.value, ctx.currency)
        : entry.step === 'guests' || entry.step === 'board'
          ? formatMoneyChange(ctx.intl, entry.after - entry.before, ctx.currency)
          : describeAdjustment(ctx, entry.adjustment);
  return adjustment ? ctx.t('priceCalendar:explain.step', { name, adjustment }) : name;
}

/**
 * The price of a night as a waterfall the owner can read: from the base price through each step
 * that changed it to the final price, in the active language.
 */
export function explainCell(
  ctx: ExplainContext,
  cell: TPriceCell,
  room: TRoomTariff | undefined,
): Explanation {
  const { t, intl } = ctx;
  const money = (value: number) => formatMoney(intl, value, ctx.currency);
  const arrow = t('priceCalendar:explain.arrow');
  const base = cell.breakdown[0]?.before ?? cell.recommendedPrice;
  const phrases = cell.breakdown.map((entry) => stepPhrase(ctx, cell, room, entry));
  const chain = [
    t('priceCalendar:explain.base', { price: money(base) }),
    ...phrases,
    money(cell.recommendedPrice),
  ].join(` ${arrow} `);
  const lines = cell.breakdown.length
    ? cell.breakdown.map((entry, i) =>
        t('priceCalendar:explain.line', {
          step: phrases[i],
          before: money(entry.before),
          after: money(entry.after),
        }),
      )
    : [t('priceCalendar:explain.baseOnly', { price: money(base) })];
  return { chain, lines };
}
