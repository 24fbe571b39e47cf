import { dayNumber, fromDayNumber } from './dates';

/**
 * The occupancy forecast: how many rooms a night will finally sell, learned from the business's
 * own booking history (docs/forecast.md). Pure and deterministic: the history and "as of" are
 * inputs, nothing is read from a clock or a database, and the same input gives the same output.
 *
 * A night D is forecast **as of** a day A (as that day ends), **L = D − A days before arrival**
 * (its lead). **On the books** OTB(D, L) is what D had sold L days before it; its **final** is
 * what it sold in the end. A night is **history** as of A when it is before A (its final is
 * known) and not before the business's first night with a booking.
 */

/** The model's fixed parameters (docs/forecast.md explains each). */
export const forecastModel = {
  /** Days between a night and the same weekday last year (52 weeks). */
  lastYearDays: 364,
  /** Last year's same-weekday nights either side of the aligned night (±2 weeks: five nights). */
  lastYearWeeks: 2,
  /** The same-weekday nights just before "as of" whose pickup is the recent pickup. */
  recentWeeks: 8,
  /** The nights before "as of" on which each method is scored, as many days ahead. */
  learningNights: 28,
  /** The share of finals the band should hold (split-conformal, on the learning nights). */
  bandCoverage: 0.8,
  /** The back-test: the nights before "as of" it scores, each forecast this many days ahead. */
  backtestNights: 90,
  backtestLead: 30,
  /** Squared errors below this (rooms²) count as this, so one lucky method cannot take all. */
  errorFloor: 0.25,
} as const;

const {
  lastYearDays,
  lastYearWeeks,
  recentWeeks,
  learningNights,
  bandCoverage,
  backtestNights,
  backtestLead,
  errorFloor,
} = forecastModel;

// ---------------------------------------------------------------------------------------------
// Booking curves
// ---------------------------------------------------------------------------------------------

/**
 * One night's booking curve as the database aggregates it: at each lead, the net rooms that
 * joined (booked) or left (cancelled, or a no-show on its arrival day) the books. Lead −1 holds
 * what happened after the night; leads above the largest one the model asks for may be summed
 * into it.
 */
export interface BookingCurveRow {
  night: string;
  leads: readonly number[];
  rooms: readonly number[];
}

/** The booking curves of the nights of a business, read by day number (`dayNumber`). */
export interface BookingCurves {
  /** The first night that is history (nights before it are unknown, not empty). */
  readonly start: number;
  /** Rooms on the books for night `day` as of `lead` days before it. */
  onTheBooks(day: number, lead: number): number;
  /** What night `day` sold in the end (every lead summed). */
  final(day: number): number;
}

/**
 * The curves of `rows` (a night without a row sold nothing); history starts at `start`
 * (`YYYY-MM-DD`: the business's first night with a booking).
 */
export function bookingCurves(rows: readonly BookingCurveRow[], start: string): BookingCurves {
  // Per night: its leads in descending order, and the rooms on the books down to each.
  const byDay = new Map<number, { leads: Int32Array; sums: Int32Array }>();
  for (const row of rows) {
    const order = row.leads.map((_, k) => k).sort((a, b) => row.leads[b]! - row.leads[a]!);
    const leads = Int32Array.from(order, (k) => row.leads[k]!);
    const sums = new Int32Array(order.length);
    let sum = 0;
    order.forEach((k, i) => (sums[i] = sum += row.rooms[k]!));
    byDay.set(dayNumber(row.night), { leads, sums });
  }
  return {
    start: dayNumber(start),
    onTheBooks(day, lead) {
      const curve = byDay.get(day);
      if (!curve) return 0;
      // How many of the (descending) leads are ≥ `lead`.
      let lo = 0;
      let hi = curve.leads.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (curve.leads[mid]! >= lead) lo = mid + 1;
        else hi = mid;
      }
      return lo === 0 ? 0 : curve.sums[lo - 1]!;
    },
    final(day) {
      const sums = byDay.get(day)?.sums;
      return sums && sums.length > 0 ? sums[sums.length - 1]! : 0;
    },
  };
}

/**
 * The first night the model reads to forecast up to `to` as of `asOf` and back-test itself:
 * last year's nights (two weeks around 364 days back) of the learning nights, themselves up to
 * `to − asOf` days (or the back-test's) before the nights they score.
 */
export function forecastHistoryStart(asOf: string, to: string): string {
  const lookBack = lastYearDays + 7 * lastYearWeeks + learningNights;
  const ahead = Math.max(dayNumber(to) - dayNumber(asOf), backtestNights + 2 * backtestLead);
  return fromDayNumber(dayNumber(asOf) - lookBack - ahead);
}

// ---------------------------------------------------------------------------------------------
// The methods and their blend
// ---------------------------------------------------------------------------------------------

/** The forecasting methods the model blends, in the order `methodForecasts` answers them. */
export const forecastMethods = [
  /** On the books + what last year's nights picked up from the same lead (additive pickup). */
  'lastYearPickup',
  /** On the books + what the last eight same-weekday nights picked up from the same lead. */
  'recentPickup',
  /** On the books + the share of its unsold rooms last year's nights sold from the same lead. */
  'lastYearFill',
  /** What last year's nights sold in the end. */
  'lastYearFinal',
] as const;
export type ForecastMethod = (typeof forecastMethods)[number];

/** Of `days`, those that are history as of day `asOf`. */
const historyOf = (curves: BookingCurves, asOf: number, days: number[]) =>
  days.filter((day) => day >= curves.start && day < asOf);

/**
 * Last year's nights for `day`: the same weekday 364 days before (728… when that is not history
 * yet) and the same weekday one and two weeks either side, those that are history as of `asOf`.
 */
export function lastYearNights(curves: BookingCurves, asOf: number, day: number): number[] {
  let aligned = day - lastYearDays;
  while (aligned >= asOf) aligned -= lastYearDays;
  const days: number[] = [];
  for (let week = -lastYearWeeks; week <= lastYearWeeks; week += 1) days.push(aligned + 7 * week);
  return historyOf(curves, asOf, days);
}

/** The last eight nights of `day`'s weekday before `asOf` that are history. */
export function recentNights(curves: BookingCurves, asOf: number, day: number): number[] {
  const latest = day - 7 * Math.ceil((day - asOf + 1) / 7);
  const days: number[] = [];
  for (let week = 0; week < recentWeeks; week += 1) days.push(latest - 7 * week);
  return historyOf(curves, asOf, days);
}

/** What `nights` did from `lead` days before arrival: mean pickup, mean final, unsold share sold. */
function pickupOf(curves: BookingCurves, nights: number[], lead: number, rooms: number) {
  if (nights.length === 0) return null;
  let finals = 0;
  let booked = 0;
  for (const night of nights) {
    finals += curves.final(night);
    booked += curves.onTheBooks(night, lead);
  }
  const unsold = rooms * nights.length - booked;
  return {
    pickup: (finals - booked) / nights.length,
    final: finals / nights.length,
    fill: unsold > 0 ? (finals - booked) / unsold : null,
  };
}

/**
 * Each method's forecast of night `day` as of `asOf` with `onTheBooks` rooms sold (null where it
 * has no history), in the order of `forecastMethods`, not yet bounded.
 */
export function methodForecasts(
  curves: BookingCurves,
  asOf: number,
  day: number,
  onTheBooks: number,
  rooms: number,
): (number | null)[] {
  const lead = day - asOf;
  const lastYear = pickupOf(curves, lastYearNights(curves, asOf, day), lead, rooms);
  const recent = pickupOf(curves, recentNights(curves, asOf, day), lead, rooms);
  return [
    lastYear && onTheBooks + lastYear.pickup,
    recent && onTheBooks + recent.pickup,
    lastYear?.fill != null ? onTheBooks + lastYear.fill * Math.max(0, rooms - onTheBooks) : null,
    lastYear && lastYear.final,
  ];
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * A forecast lies between what is on the books (or every room, for an overbooked night: its
 * extra bookings will cancel or be walked) and every room.
 */
const bounded = (value: number, onTheBooks: number, rooms: number) =>
  clamp(value, Math.min(onTheBooks, rooms), rooms);

export interface NightForecast {
  date: string;
  /** Rooms on the books as of "as of" (for a night before it: what it sold). */
  onTheBooks: number;
  forecast: number;
  low: number;
  high: number;
}

/**
 * The forecast of night `day` (not before `asOf`) with its band. Each method is scored on the 28
 * nights before `asOf`, each forecast as many days ahead as `day` is (with only the history
 * before then); the methods are blended with weights 1 ÷ their mean squared error there; the
 * band is ± the blend's absolute error there that ⌈0.8 (n + 1)⌉ of the n nights do not exceed.
 */
function forecastNight(
  curves: BookingCurves,
  asOf: number,
  day: number,
  rooms: number,
): Omit<NightForecast, 'date'> {
  const lead = day - asOf;
  const onTheBooks = curves.onTheBooks(day, lead);
  const scored = historyOf(
    curves,
    asOf,
    Array.from({ length: learningNights }, (_, k) => asOf - 1 - k),
  ).map((night) => {
    const booked = curves.onTheBooks(night, lead);
    return {
      final: curves.final(night),
      guesses: methodForecasts(curves, night - lead, night, booked, rooms).map((value) =>
        value === null ? null : bounded(value, booked, rooms),
      ),
    };
  });
  const errors = forecastMethods.map((_, m) => {
    let sum = 0;
    let count = 0;
    for (const { final, guesses } of scored) {
      const guess = guesses[m];
      if (guess == null) continue;
      sum += (guess - final) ** 2;
      count += 1;
    }
    return count === 0 ? null : Math.max(errorFloor, sum / count);
  });
  // A method never scored weighs as the worst scored one (or all alike when none was).
  const worst = Math.max(errorFloor, ...errors.map((error) => error ?? 0));
  const weights = errors.map((error) => 1 / (error ?? worst));
  const blend = (values: readonly (number | null)[]): number | null => {
    let sum = 0;
    let total = 0;
    values.forEach((value, m) => {
      if (value === null) return;
      sum += weights[m]! * value;
      total += weights[m]!;
    });
    return total > 0 ? sum / total : null;
  };

  const own = methodForecasts(curves, asOf, day, onTheBooks, rooms);
  const forecast = bounded(
    blend(own.map((value) => (value === null ? null : bounded(value, onTheBooks, rooms)))) ??
      onTheBooks,
    onTheBooks,
    rooms,
  );
  const misses = scored
    .flatMap(({ final, guesses }) => {
      const guess = blend(guesses);
      return guess === null ? [] : [Math.abs(final - guess)];
    })
    .sort((a, b) => a - b);
  if (misses.length === 0) {
    // Nothing to learn from: anything from what is on the books to every room.
    return { onTheBooks, forecast, low: forecast, high: Math.max(forecast, rooms) };
  }
  const margin =
    misses[Math.min(misses.length, Math.ceil(bandCoverage * (misses.length + 1))) - 1]!;
  return {
    onTheBooks,
    forecast,
    low: clamp(forecast - margin, 0, forecast),
    high: clamp(forecast + margin, forecast, Math.max(forecast, rooms)),
  };
}

export interface ForecastInput {
  curves: BookingCurves;
  /** "As of" (`YYYY-MM-DD`): as that day ends. */
  asOf: string;
  /** Rooms the business has (every night). */
  roomsAvailable: number;
  /** The nights to forecast, both included. */
  from: string;
  to: string;
}

/**
 * Every night from `from` to `to` as of `asOf`: a night before it answers what it sold; a night
 * from it on, what is on the books and the forecast with its band.
 */
export function forecastNights(input: ForecastInput): NightForecast[] {
  const { curves, roomsAvailable } = input;
  const asOf = dayNumber(input.asOf);
  const last = dayNumber(input.to);
  const nights: NightForecast[] = [];
  for (let day = dayNumber(input.from); day <= last; day += 1) {
    const date = fromDayNumber(day);
    if (day < asOf) {
      const sold = curves.final(day);
      nights.push({ date, onTheBooks: sold, forecast: sold, low: sold, high: sold });
    } else nights.push({ date, ...forecastNight(curves, asOf, day, roomsAvailable) });
  }
  return nights;
}

// ---------------------------------------------------------------------------------------------
// Accuracy
// ---------------------------------------------------------------------------------------------

/** A forecast next to what the night sold. */
export interface ForecastOutcome {
  forecast: number;
  actual: number;
}

/**
 * MAPE (mean of |forecast − actual| ÷ actual) and bias ((Σ forecast − Σ actual) ÷ Σ actual;
 * above 0: too high) over the outcomes whose night sold something; null when none did.
 */
export function forecastErrors(outcomes: readonly ForecastOutcome[]): {
  nights: number;
  mape: number | null;
  bias: number | null;
} {
  let nights = 0;
  let relative = 0;
  let difference = 0;
  let actuals = 0;
  for (const { forecast, actual } of outcomes) {
    if (actual <= 0) continue;
    nights += 1;
    relative += Math.abs(forecast - actual) / actual;
    difference += forecast - actual;
    actuals += actual;
  }
  return nights === 0
    ? { nights, mape: null, bias: null }
    : { nights, mape: relative / nights, bias: difference / actuals };
}

export interface ForecastAccuracy {
  /** Nights scored. */
  nights: number;
  mape: number | null;
  bias: number | null;
  /** The seasonal-naive baseline: the same night 364 days earlier. */
  baselineMape: number | null;
  baselineBias: number | null;
}

/**
 * The model back-tested as of `asOf`: each of the 90 nights (or `nights`) before it that sold
 * something is forecast 30 days before arrival (with only the history before that day) and
 * compared with what it sold, next to the seasonal-naive baseline. A night is scored when it, the
 * day it is forecast from and its night 364 days earlier are all history.
 */
export function backtest(
  curves: BookingCurves,
  asOf: string,
  roomsAvailable: number,
  nights: number = backtestNights,
): ForecastAccuracy {
  const end = dayNumber(asOf);
  const model: ForecastOutcome[] = [];
  const baseline: ForecastOutcome[] = [];
  for (let day = Math.max(end - nights, curves.start); day < end; day += 1) {
    const actual = curves.final(day);
    const previous = day - lastYearDays;
    if (actual <= 0 || previous < curves.start) continue;
    model.push({
      forecast: forecastNight(curves, day - backtestLead, day, roomsAvailable).forecast,
      actual,
    });
    baseline.push({ forecast: curves.final(previous), actual });
  }
  const ours = forecastErrors(model);
  const theirs = forecastErrors(baseline);
  return {
    nights: ours.nights,
    mape: ours.mape,
    bias: ours.bias,
    baselineMape: theirs.mape,
    baselineBias: theirs.bias,
  };
}

// ---------------------------------------------------------------------------------------------
// Rooms sold per room type on the forecast
// ---------------------------------------------------------------------------------------------

/**
 * A night's forecast given to its room types, for pricing on the forecast: each keeps what it has
 * on the books, and the rooms the business is still expected to sell — the forecast rounded to a
 * whole room, less what is on the books — go to the room types in proportion to their unsold
 * rooms (largest remainders first, then the list's order). Whole rooms; never above a room
 * type's rooms unless its books already are.
 */
export function shareForecast(
  roomTypes: readonly { rooms: number; onTheBooks: number }[],
  forecast: number,
): number[] {
  const sold = roomTypes.map((room) => room.onTheBooks);
  const unsold = roomTypes.map((room) => Math.max(0, room.rooms - room.onTheBooks));
  const totalUnsold = unsold.reduce((a, b) => a + b, 0);
  const booked = sold.reduce((a, b) => a + b, 0);
  const expected = Math.min(totalUnsold, Math.max(0, Math.round(forecast) - booked));
  if (expected === 0) return sold;
  const shares = unsold.map((rooms) => (expected * rooms) / totalUnsold);
  const whole = shares.map(Math.floor);
  let left = expected - whole.reduce((a, b) => a + b, 0);
  const order = shares
    .map((share, r) => ({ r, remainder: share - whole[r]! }))
    .sort((a, b) => b.remainder - a.remainder || a.r - b.r);
  for (const { r } of order) {
    if (left === 0) break;
    whole[r]! += 1;
    left -= 1;
  }
  return sold.map((rooms, r) => rooms + whole[r]!);
}
