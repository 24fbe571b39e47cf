import type { TInsight, TInsightKind, TWeekday } from '@tarifa/contract';
import {
  dayNumber,
  forecastModel,
  fromDayNumber,
  weekdayOf,
  type BookingCurves,
} from '@tarifa/pricing';

/**
 * The nights that deserve the owner's attention (docs/forecast.md, "Insights"), found in a
 * business's booking curves: pure, no clock (today is an input). Every threshold is here.
 */
export const insightThresholds = {
  /** `sold_out_early`: at least this occupancy on the books … */
  soldOutOccupancy: 0.95,
  /** … more than this many days before arrival. */
  soldOutDaysBefore: 14,
  /** `pickup_ahead` / `pickup_behind`: on the books this much occupancy above / below last year's night at as many days before. */
  paceGap: 0.2,
  /** The pickup the evidence shows: rooms booked (less cancelled) in the last … days. */
  pickupDays: 7,
  /** `low_occupancy_soon`: a night at most this many days ahead … */
  lowOccupancyDays: 14,
  /** … below this occupancy on the books. */
  lowOccupancy: 0.4,
  /** `season_underperforming`: the nights either side of a season it is compared with … */
  seasonNeighbourNights: 14,
  /** … and how much lower (occupancy) its nights must be. */
  seasonGap: 0.1,
} as const;

const {
  soldOutOccupancy,
  soldOutDaysBefore,
  paceGap,
  pickupDays,
  lowOccupancyDays,
  lowOccupancy,
  seasonNeighbourNights,
  seasonGap,
} = insightThresholds;
const { lastYearDays } = forecastModel;

/** A season as the insights read it. */
export interface InsightSeason {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  /** Empty: every weekday. */
  weekdays: readonly string[];
}

export interface InsightInput {
  curves: BookingCurves;
  roomsAvailable: number;
  /** Today's date where the business is. */
  today: string;
  /** The nights looked at, both included. */
  from: string;
  to: string;
  /** The seasons with a night in `from`…`to`. */
  seasons: readonly InsightSeason[];
}

/** 1 (worth a look) … 3 (act now): 3 from `steps[0]` on, 2 from `steps[1]` on, else 1. */
const severityOf = (value: number, steps: readonly [number, number]) =>
  value >= steps[0] ? 3 : value >= steps[1] ? 2 : 1;

/** Fractions travel with 4 decimals. */
const fraction = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The insights of the nights `from`…`to`, most severe first, then by date. A night from today on
 * gets at most one, the first that applies of: sold out early, low occupancy soon, booking ahead of
 * last year, behind it. A season is compared over its nights in the range, whether past or ahead.
 */
export function findInsights(input: InsightInput): TInsight[] {
  const { curves, roomsAvailable: rooms, seasons } = input;
  const today = dayNumber(input.today);
  const first = dayNumber(input.from);
  const last = dayNumber(input.to);
  if (rooms <= 0) return [];
  /** Rooms sold for `day` as it stands today: on the books ahead, what it sold before. */
  const soldNow = (day: number) =>
    day >= today ? curves.onTheBooks(day, day - today) : curves.final(day);

  const insights: TInsight[] = [];
  const night = (
    kind: TInsightKind,
    day: number,
    severity: number,
    action: TInsight['action'],
    evidence: TInsight['evidence'],
  ) => {
    const date = fromDayNumber(day);
    insights.push({
      kind,
      date,
      to: date,
      seasonId: null,
      seasonName: null,
      severity,
      evidence,
      action,
    });
  };

  // A night before the business's first booked night is unknown, not empty (a new property has
  // no bookings yet): no night before it gets an insight.
  for (let day = Math.max(first, today, curves.start); day <= last; day += 1) {
    const daysBefore = day - today;
    const onTheBooks = curves.onTheBooks(day, daysBefore);
    const occupancy = onTheBooks / rooms;
    if (occupancy >= soldOutOccupancy && daysBefore > soldOutDaysBefore) {
      night('sold_out_early', day, severityOf(daysBefore, [60, 30]), 'raise_price', {
        occupancy: fraction(occupancy),
        roomsSold: onTheBooks,
        daysBefore,
      });
      continue;
    }
    if (occupancy < lowOccupancy && daysBefore <= lowOccupancyDays) {
      const severity = daysBefore <= 3 ? 3 : daysBefore <= 7 ? 2 : 1;
      night('low_occupancy_soon', day, severity, 'lower_price', {
        occupancy: fraction(occupancy),
        roomsSold: onTheBooks,
        daysBefore,
      });
      continue;
    }
    // Last year's night at as many days before arrival: as of today 364 days ago.
    const lastYear = day - lastYearDays;
    if (lastYear < curves.start || lastYear >= today) continue;
    const lastYearBooks = curves.onTheBooks(lastYear, daysBefore);
    const gap = (onTheBooks - lastYearBooks) / rooms;
    if (Math.abs(gap) < paceGap) continue;
    night(
      gap > 0 ? 'pickup_ahead' : 'pickup_behind',
      day,
      severityOf(Math.abs(gap), [0.4, 0.3]),
      gap > 0 ? 'raise_price' : 'lower_price',
      {
        occupancy: fraction(occupancy),
        lastYearOccupancy: fraction(lastYearBooks / rooms),
        pickup: onTheBooks - curves.onTheBooks(day, daysBefore + pickupDays),
        lastYearPickup: lastYearBooks - curves.onTheBooks(lastYear, daysBefore + pickupDays),
        daysBefore,
      },
    );
  }

  for (const season of seasons) {
    const inSeason = (day: number) =>
      season.weekdays.length === 0 ||
      season.weekdays.includes(weekdayOf(fromDayNumber(day)) as TWeekday);
    const start = dayNumber(season.startDate);
    const end = dayNumber(season.endDate);
    const own: number[] = [];
    for (let day = Math.max(start, first); day <= Math.min(end, last); day += 1) {
      if (inSeason(day) && day >= curves.start) own.push(day);
    }
    const around: number[] = [];
    for (let k = 1; k <= seasonNeighbourNights; k += 1) {
      for (const day of [start - k, end + k]) if (day >= curves.start) around.push(day);
    }
    if (own.length === 0 || around.length === 0) continue;
    const mean = (days: number[]) =>
      days.reduce((sum, day) => sum + soldNow(day), 0) / (days.length * rooms);
    const occupancy = mean(own);
    const neighbourOccupancy = mean(around);
    const gap = neighbourOccupancy - occupancy;
    if (gap < seasonGap) continue;
    insights.push({
      kind: 'season_underperforming',
      date: fromDayNumber(own[0]!),
      to: fromDayNumber(own[own.length - 1]!),
      seasonId: season.id,
      seasonName: season.name,
      severity: severityOf(gap, [0.25, 0.15]),
      evidence: {
        occupancy: fraction(occupancy),
        neighbourOccupancy: fraction(neighbourOccupancy),
        nights: own.length,
      },
      action: 'review_season',
    });
  }

  return insights.sort(
    (a, b) => b.severity - a.severity || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0),
  );
}
