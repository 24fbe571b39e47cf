import {
  drawSeason,
  nightDates,
  runSeason,
  type Books,
  type PolicyFactory,
  type Scenario,
} from '@tarifa/simulator';
import { addDays } from '@tarifa/pricing';
import type { AutopilotHistory, EngineConfiguration, HistoryBooking, HistoryOffer } from './types';

/**
 * A business's year as the autopilot reads it, played out on the simulator: season `seed` of
 * `scenario` run under `policy` (prices as `config` gives them, say), its nights moved 364 days
 * back (weekdays kept) so that it is the year before the scenario's first night, which is
 * `today`. Its bookings, cancelled ones included, and every price the policy posted as offers.
 * A scenario with `historyNights` keeps only that many of the last nights. What the bench and
 * the tests learn from; the season drawn is not one they are scored on.
 */
export function simulatedHistory(
  scenario: Scenario,
  config: EngineConfiguration,
  policy: PolicyFactory,
  seed: number,
): AutopilotHistory {
  const draw = drawSeason(scenario, seed);
  const made = policy(scenario, draw);
  const dates = nightDates(scenario);
  const kept = scenario.nights - (scenario.historyNights ?? scenario.nights);
  const uuids = config.roomTypes.map((room) => room.uuid);
  const past = (day: number) => addDays(scenario.startDate, day - 364);
  const offers: HistoryOffer[] = [];
  const posted = scenario.roomTypes.map(() => new Float64Array(scenario.nights).fill(Number.NaN));
  let books: Books | null = null;
  runSeason(scenario, draw, {
    name: made.name,
    post(day, current) {
      books = current;
      const prices = made.post(day, current);
      const to = Math.min(day + scenario.bookingWindow, scenario.nights - 1);
      prices.forEach((byNight, r) => {
        for (let n = Math.max(day, kept); n <= to; n += 1) {
          const price = Math.round(byNight[n]! * 100);
          if (price === posted[r]![n]) continue;
          posted[r]![n] = price;
          offers.push({ roomUuid: uuids[r]!, night: past(n), from: past(day), price });
        }
      });
      return prices;
    },
  });
  const bookings: HistoryBooking[] = (books as Books | null)!.bookings
    .filter((b) => b.arrival + b.nights - 1 >= kept)
    .map((b) => ({
      roomUuid: uuids[b.roomType]!,
      bookedOn: past(b.day),
      arrival: past(b.arrival),
      nights: b.nights,
      rooms: 1,
      pricePerNight: Math.round(b.pricePerNight * 100),
      cancelled: b.cancelledDay !== null,
      cancelledOn: b.cancelledDay === null ? null : past(b.cancelledDay),
    }));
  return { today: dates[0]!, config, bookings, offers };
}
