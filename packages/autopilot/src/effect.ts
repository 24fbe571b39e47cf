import { addDays, computePrices, leadTimeRuleFor } from '@tarifa/pricing';
import { expectedRevenue } from '@tarifa/simulator';
import type { Fit } from './estimate';
import { recurringSeason, WINDOW_DAYS, type Observations } from './observations';
import { periodsOf } from './program';
import { ownPriced, typicalNight } from './propose';
import type { EngineConfiguration, ExpectedEffect } from './types';

/**
 * What a configuration would earn under the demand estimated: for each season and room type
 * priced on its own, a few coming nights of the season, the engine's own prices (computePrices)
 * for every day left and rooms left, and their exact expected revenue on the season's typical
 * night (`expectedRevenue`: the program's recursion with the engine's price in place of the best
 * one, no simulation noise). Summed over a year's nights of each season, for the configuration
 * as it is and as suggested; the uplift again with guests' sensitivity at both ends of its 90 %
 * interval, which gives the interval of the uplift.
 */

/** Coming nights of a season the effect is averaged over (a week: every weekday once). */
const SAMPLE_NIGHTS = 7;
const Z90 = 1.645;

export function expectedEffect(
  current: EngineConfiguration,
  suggested: EngineConfiguration,
  observations: Observations,
  fit: Fit,
  today: string,
): ExpectedEffect {
  const own = ownPriced(current);
  const variants = [0, -Z90, Z90];
  const totals = variants.map(() => ({ current: 0, suggested: 0 }));
  observations.seasons.forEach((season, k) => {
    const nights = observations.seasonNights[k]!;
    if (nights === 0) return;
    for (const r of own) {
      const uuid = current.roomTypes[r]!.uuid;
      const samples = comingNights(current, season.id, uuid, today);
      if (samples.length === 0) continue;
      const tables = samples.map((night) => ({
        current: priceTable(current, r, night),
        suggested: priceTable(suggested, r, night),
      }));
      variants.forEach((z, v) => {
        const beta = Math.max(
          fit.sensitivity[k]! + z * fit.sensitivityError[k]!,
          0.2 * fit.sensitivity[k]!,
        );
        const typical = typicalNight(observations, fit, k, r, beta);
        if (!(typical.demand > 0)) return;
        const periods = periodsOf(typical);
        const earn = (table: PriceTable) =>
          expectedRevenue(periods.night, (t, x) => table(periods.leadOf(t), x));
        for (const table of tables) {
          totals[v]!.current += (nights * earn(table.current)) / tables.length;
          totals[v]!.suggested += (nights * earn(table.suggested)) / tables.length;
        }
      });
    }
  });
  const uplift = ({ current: c, suggested: s }: { current: number; suggested: number }) =>
    c > 0 ? ((s - c) / c) * 100 : 0;
  const uplifts = totals.map(uplift);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    current: Math.round(totals[0]!.current),
    suggested: Math.round(totals[0]!.suggested),
    upliftPercent: round(uplifts[0]!),
    upliftInterval: [round(Math.min(...uplifts)), round(Math.max(...uplifts))],
  };
}

/** The price the engine asks for room type `r` on `night`, by days before and rooms left. */
type PriceTable = (lead: number, roomsLeft: number) => number;

/**
 * The engine's prices for one night and room type: a run of `computePrices` per rooms left and
 * per lead-time rule (the days a rule covers share their price; the days no rule covers, too).
 * The other room types are taken as sold in the same proportion.
 */
function priceTable(config: EngineConfiguration, r: number, night: string): PriceTable {
  const room = config.roomTypes[r]!;
  const rules = config.settings.leadTimeRules;
  const classOf = new Int16Array(WINDOW_DAYS + 1);
  const leadOfClass = new Map<number, number>();
  for (let lead = 0; lead <= WINDOW_DAYS; lead += 1) {
    const rule = leadTimeRuleFor(lead, rules);
    const key = rule === undefined ? -1 : rules.indexOf(rule);
    classOf[lead] = key;
    if (!leadOfClass.has(key)) leadOfClass.set(key, lead);
  }
  const prices = new Map<number, Float64Array>();
  for (const [key, lead] of leadOfClass) {
    const byRoomsLeft = new Float64Array(room.rooms + 1);
    for (let left = 1; left <= room.rooms; left += 1) {
      const share = 1 - left / room.rooms;
      const cells = computePrices({
        ...config,
        today: addDays(night, -lead),
        from: night,
        to: night,
        roomsSold: (uuid) => {
          if (uuid === room.uuid) return room.rooms - left;
          const other = config.roomTypes.find((t) => t.uuid === uuid);
          return other ? Math.round(share * other.rooms) : 0;
        },
        explain: false,
      });
      byRoomsLeft[left] = cells.find((cell) => cell.roomUuid === room.uuid)!.price;
    }
    prices.set(key, byRoomsLeft);
  }
  return (lead, roomsLeft) => prices.get(classOf[Math.min(lead, WINDOW_DAYS)]!)![roomsLeft]!;
}

/** Up to `SAMPLE_NIGHTS` nights from `today` on that season `seasonId` wins (null: none does). */
function comingNights(
  config: EngineConfiguration,
  seasonId: string | null,
  roomUuid: string,
  today: string,
): string[] {
  const nights: string[] = [];
  for (let day = 0; day < 730 && nights.length < SAMPLE_NIGHTS; day += 1) {
    const date = addDays(today, day);
    if ((recurringSeason(config.seasons, date, roomUuid)?.id ?? null) === seasonId) {
      nights.push(date);
    }
  }
  return nights;
}
