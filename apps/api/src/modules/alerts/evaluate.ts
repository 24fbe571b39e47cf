import type { TAlertKind, THoliday, TNotificationParams } from '@tarifa/contract';
import {
  addDays,
  daysBetween,
  fromMinor,
  type ForecastAccuracy,
  type PriceCell,
} from '@tarifa/pricing';
import type { FailingOutlet, PlainEvent } from './repository';

/**
 * What each alert kind looks for (docs/digest-and-alerts.md), as plain functions of what the job read: each
 * answers the alert's params, or null when there is nothing to tell. The figures and the
 * thresholds are named here, once.
 */
export const alertRules = {
  /** A connection or the webhook failing longer than this (minutes) is told at once. */
  failingMinutes: 15,
  /** Nights looked at for sold-out nights, from today. */
  soldOutHorizon: 365,
  /** The share of a sold-out night's price a higher price could have earned (the estimate). */
  soldOutUplift: 0.1,
  /** Prices held at a bound: nights looked at, and how many of them make an alert. */
  boundHorizon: 30,
  boundNights: 7,
  /** Pace: the nights compared with last year's, and how far behind makes an alert. */
  paceNights: 30,
  paceBehind: 0.15,
  /** Events and holidays looked at, from today. */
  eventHorizon: 60,
  /** The forecast's recent error (the last 30 nights) against its usual (the 180 before). */
  forecastRecentNights: 30,
  forecastUsualNights: 180,
  /** Recent MAPE at least this many times the usual, and at least this much above it. */
  forecastRatio: 1.5,
  forecastGap: 0.05,
  /** Nights scored for either figure to mean something. */
  forecastMinRecent: 10,
  forecastMinUsual: 30,
} as const;

/** The params every alert carries besides its figures. */
export interface AlertParams extends TNotificationParams {
  value: number | null;
  link: string;
  urgent: boolean;
}

export type Findings = Partial<Record<TAlertKind, AlertParams | null>>;

/** Money (minor units) as the alerts carry it: the currency's units, two decimals. */
const money = (minor: number) => Math.round(fromMinor(minor) * 100) / 100;

/** A channel connection or the webhook failing for more than 15 minutes (urgent). */
export function connectionFailing(outlets: FailingOutlet[], now: Date): AlertParams | null {
  const limit = now.getTime() - alertRules.failingMinutes * 60_000;
  const failing = outlets
    .filter((outlet) => outlet.since.getTime() <= limit)
    .sort((a, b) => a.since.getTime() - b.since.getTime());
  const first = failing[0];
  if (!first) return null;
  return {
    failing: failing.length,
    name: first.name,
    minutes: Math.floor((now.getTime() - first.since.getTime()) / 60_000),
    lastError: first.lastError?.slice(0, 120) ?? null,
    value: null,
    link: '/my-property/integrations',
    urgent: true,
  };
}

/**
 * When a failure not yet 15 minutes old will be: the earliest such moment among the outlets, or
 * null when none is younger (the failing evaluation looks again then).
 */
export function failingCheckAt(outlets: FailingOutlet[], now: Date): Date | null {
  const due = outlets
    .map((outlet) => outlet.since.getTime() + alertRules.failingMinutes * 60_000)
    .filter((time) => time > now.getTime());
  return due.length > 0 ? new Date(Math.min(...due)) : null;
}

export interface SoldOutInput {
  today: string;
  /** N: sold out more than N days ahead. */
  days: number;
  rooms: { uuid: string; name: string; rooms: number; basePriceMinor: number }[];
  sold: { roomUuid: string; night: string; sold: number }[];
  /** The published price per `roomUuid|night` (minor units). */
  published: Map<string, number>;
}

/**
 * Room types sold out on a night more than N days ahead. Value: 10 % of what those rooms sell for
 * on those nights (the published price, else the base price) — what a price 10 % higher would
 * have brought had they sold all the same.
 */
export function soldOutEarly(input: SoldOutInput): AlertParams | null {
  const rooms = new Map(input.rooms.map((room) => [room.uuid, room]));
  const full = input.sold
    .filter((row) => {
      const room = rooms.get(row.roomUuid);
      return room && row.sold >= room.rooms && daysBetween(input.today, row.night) > input.days;
    })
    .sort((a, b) => a.night.localeCompare(b.night));
  const first = full[0];
  if (!first) return null;
  let atStake = 0;
  for (const row of full) {
    const room = rooms.get(row.roomUuid)!;
    const price = input.published.get(`${row.roomUuid}|${row.night}`) ?? room.basePriceMinor;
    atStake += room.rooms * price * alertRules.soldOutUplift;
  }
  return {
    nights: new Set(full.map((row) => row.night)).size,
    first: first.night,
    roomType: rooms.get(first.roomUuid)!.name,
    days: input.days,
    daysAhead: daysBetween(input.today, first.night),
    value: money(atStake),
    link: `/pricing-central?date=${first.night}`,
    urgent: false,
  };
}

/**
 * Room types whose price the rules would take beyond their minimum or maximum on 7+ of the next
 * 30 nights (the engine clamped it; a manual price is the owner's and does not count). Value: the
 * gap between the bound and the rules' price, on the rooms still unsold of those nights.
 */
export function priceAtBound(
  cells: PriceCell[],
  names: Map<string, string>,
  today: string,
): AlertParams | null {
  const last = addDays(today, alertRules.boundHorizon - 1);
  const held = new Map<string, { bound: 'min' | 'max'; nights: string[]; gapMinor: number }>();
  for (const cell of cells) {
    if (cell.date < today || cell.date > last || cell.override !== null) continue;
    const clamp = cell.breakdown.find((e) => e.step === 'clamp_min' || e.step === 'clamp_max');
    if (!clamp) continue;
    const bound = clamp.step === 'clamp_min' ? 'min' : 'max';
    const key = `${cell.roomUuid}|${bound}`;
    const entry = held.get(key) ?? { bound, nights: [], gapMinor: 0 };
    entry.nights.push(cell.date);
    entry.gapMinor +=
      Math.abs(clamp.before - clamp.after) * Math.max(0, cell.roomsAvailable - cell.roomsSold);
    held.set(key, entry);
  }
  const alerting = [...held.entries()]
    .filter(([, entry]) => entry.nights.length >= alertRules.boundNights)
    .sort(([, a], [, b]) => b.nights.length - a.nights.length);
  const top = alerting[0];
  if (!top) return null;
  const [key, entry] = top;
  return {
    roomType: names.get(key.split('|')[0]!) ?? '',
    bound: entry.bound,
    nights: entry.nights.length,
    roomTypes: new Set(alerting.map(([k]) => k.split('|')[0])).size,
    first: entry.nights.sort()[0]!,
    value: money(alerting.reduce((sum, [, e]) => sum + e.gapMinor, 0)),
    link: '/pricing-central/price-setup',
    urgent: false,
  };
}

/** Room nights and revenue (minor units) on the books, summed over nights. */
export interface OnTheBooks {
  roomNights: number;
  revenueMinor: number;
}

/**
 * The next 30 nights more than 15 % behind last year's at the same lead time (room nights on the
 * books at the end of today, against last year's nights 364 days earlier at the end of today −
 * 364). Value: the revenue last year had on the books then and this year has not.
 */
export function paceBehind(
  now: OnTheBooks,
  lastYear: OnTheBooks,
  today: string,
): AlertParams | null {
  if (lastYear.roomNights <= 0) return null;
  const behind = 1 - now.roomNights / lastYear.roomNights;
  if (behind <= alertRules.paceBehind) return null;
  return {
    percent: Math.round(behind * 100),
    roomNights: now.roomNights,
    lastYearRoomNights: lastYear.roomNights,
    revenue: money(now.revenueMinor),
    lastYearRevenue: money(lastYear.revenueMinor),
    nights: alertRules.paceNights,
    value: money(Math.max(0, lastYear.revenueMinor - now.revenueMinor)),
    link: `/pricing-central?date=${today}`,
    urgent: false,
  };
}

export interface UncoveredInput {
  today: string;
  /** The price cells of the next 60 nights: a night some room type prices under a season is covered. */
  cells: PriceCell[];
  /** The owner's events without an adjustment. */
  events: PlainEvent[];
  /** The public holidays of the nights, and whether the holiday rule moves their price. */
  holidays: THoliday[];
  holidayRuleApplies: boolean;
}

/**
 * Events (without an adjustment of their own) and public holidays (the holiday rule off, or at
 * 0 %) in the next 60 nights none of whose nights a season covers. No value: what an event is
 * worth is not known before it is priced.
 */
export function eventUncovered(input: UncoveredInput): AlertParams | null {
  const last = addDays(input.today, alertRules.eventHorizon - 1);
  const seasonNights = new Set(input.cells.filter((c) => c.seasonId !== null).map((c) => c.date));
  const covered = (from: string, to: string) => {
    for (let night = from; night <= to; night = addDays(night, 1)) {
      if (seasonNights.has(night)) return true;
    }
    return false;
  };
  const within = (date: string) => (date < input.today ? input.today : date);
  const uncovered = [
    ...input.events.map((event) => ({
      name: event.name,
      first: within(event.startDate),
      to: event.endDate > last ? last : event.endDate,
      holiday: false,
    })),
    ...(input.holidayRuleApplies ? [] : input.holidays).map((holiday) => ({
      name: holiday.name,
      first: holiday.date,
      to: holiday.date,
      holiday: true,
    })),
  ]
    .filter((item) => !covered(item.first, item.to))
    .sort((a, b) => a.first.localeCompare(b.first));
  const first = uncovered[0];
  if (!first) return null;
  return {
    name: first.name,
    first: first.first,
    holiday: first.holiday,
    events: uncovered.length,
    value: null,
    link: `/pricing-central/sazonalities/new?start=${first.first}`,
    urgent: false,
  };
}

/**
 * The forecast's MAPE over the last 30 nights (each forecast 30 days before, docs/forecast.md)
 * at least 1.5 times its MAPE over the 180 nights before them, and 5 points above it. No value.
 */
export function forecastError(
  recent: ForecastAccuracy,
  usual: ForecastAccuracy,
): AlertParams | null {
  if (recent.mape === null || usual.mape === null) return null;
  if (recent.nights < alertRules.forecastMinRecent || usual.nights < alertRules.forecastMinUsual) {
    return null;
  }
  if (
    recent.mape < usual.mape * alertRules.forecastRatio ||
    recent.mape - usual.mape < alertRules.forecastGap
  ) {
    return null;
  }
  const four = (x: number) => Math.round(x * 10_000) / 10_000;
  return {
    mape: four(recent.mape),
    usualMape: four(usual.mape),
    nights: recent.nights,
    value: null,
    link: '/pricing-central/bi',
    urgent: false,
  };
}
