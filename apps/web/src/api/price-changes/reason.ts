import type { TFunction } from 'i18next';
import type { TPriceChange, TPriceChangeReason, TPriceChangeReasonItem } from '@tarifa/contract';
import type { Formatters } from '@/lib/intl';
import { formatMoney, formatMoneyChange, formatPercentChange } from '@/api/prices';

/** A step's name in the owner's words, with its season's or group's name when it has one. */
function stepName(t: TFunction, item: TPriceChangeReasonItem): string {
  const name = t(`priceChanges:reason.steps.${item.step}`);
  return item.label ? t('priceChanges:reason.named', { step: name, label: item.label }) : name;
}

/** One step of a reason: "Season “Summer”: +€20 (was +€10)". */
function describeItem(
  t: TFunction,
  intl: Formatters,
  currency: string,
  item: TPriceChangeReasonItem,
): string {
  // The base item carries the base prices themselves; the others what they added.
  const amount = (value: number) =>
    item.step === 'base'
      ? formatMoney(intl, value, currency)
      : formatMoneyChange(intl, value, currency);
  const step = stepName(t, item);
  if (item.now === null && item.was === null) return step;
  if (item.now === null) return t('priceChanges:reason.removed', { step, was: amount(item.was!) });
  if (item.was === null) return t('priceChanges:reason.added', { step, now: amount(item.now) });
  return t('priceChanges:reason.changed', { step, now: amount(item.now), was: amount(item.was) });
}

/**
 * Why a price changed, in plain words of the active language, built from the reason's steps
 * (translated step names, amounts through Intl); the server's `text` when there are no steps.
 */
export function describeReason(
  t: TFunction,
  intl: Formatters,
  currency: string,
  reason: TPriceChangeReason,
): string {
  if (reason.steps.length === 0) return reason.text || t('priceChanges:reason.none');
  return reason.steps
    .map((item) => describeItem(t, intl, currency, item))
    .join(t('priceChanges:reason.separator'));
}

/** How far a change moves the price: in money and in percent (null when nothing was published). */
export function changeFigures(change: Pick<TPriceChange, 'oldPrice' | 'newPrice'>): {
  direction: 'up' | 'down' | 'same' | 'new';
  difference: number | null;
  percent: number | null;
} {
  if (change.oldPrice === null) return { direction: 'new', difference: null, percent: null };
  // Money is decimal on the wire: subtract in cents so 0.1 + 0.2 stays exact.
  const difference = (Math.round(change.newPrice * 100) - Math.round(change.oldPrice * 100)) / 100;
  const percent = change.oldPrice === 0 ? null : (difference / change.oldPrice) * 100;
  return {
    direction: difference > 0 ? 'up' : difference < 0 ? 'down' : 'same',
    difference,
    percent,
  };
}

/** "+€20 (+10%)": a change's difference in money and percent, as the table and calendar show it. */
export function formatDifference(
  intl: Formatters,
  currency: string,
  change: Pick<TPriceChange, 'oldPrice' | 'newPrice'>,
): { money: string; percent: string | null } | null {
  const { difference, percent } = changeFigures(change);
  if (difference === null) return null;
  return {
    money: formatMoneyChange(intl, difference, currency),
    percent: percent === null ? null : formatPercentChange(intl, percent),
  };
}
