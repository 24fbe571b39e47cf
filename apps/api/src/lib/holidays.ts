import Holidays from 'date-holidays';
import { holidayTypes, type THoliday, type THolidayType, type TLocale } from '@tarifa/contract';
import { addDays } from '@tarifa/pricing';
import { AppError } from './errors';

/**
 * The public holidays of a country (and one of its regions) from `date-holidays`, an offline
 * library: its data ships with the package, nothing is fetched. One library object per country
 * and region, made on first use; every read passes its language, since the object remembers the
 * last one it was given.
 */
const calendars = new Map<string, Holidays>();

function calendarOf(country: string, region: string | null): Holidays | undefined {
  const key = `${country}|${region ?? ''}`;
  let calendar = calendars.get(key);
  if (!calendar) {
    const made = region ? new Holidays(country, region) : new Holidays(country);
    // An unknown country leaves the object without one (its `getCountries` knows the list).
    if (!made.getLanguages().length) return undefined;
    calendars.set(key, (calendar = made));
  }
  return calendar;
}

/** Whether the library has a calendar for the country. */
export const knowsCountry = (country: string) => calendarOf(country, null) !== undefined;

/** The regions (subdivisions) of a country the library has holidays for: code → name. */
export function regionsOf(country: string): Record<string, string> {
  return new Holidays().getStates(country) ?? {};
}

/** The region code as the library spells it (`by` → `BY`), or undefined when it has no such one. */
export function canonicalRegion(country: string, region: string): string | undefined {
  return Object.keys(regionsOf(country)).find(
    (code) => code.toUpperCase() === region.toUpperCase(),
  );
}

const typeRank = (type: string) => holidayTypes.indexOf(type as THolidayType);
const isHolidayType = (type: string): type is THolidayType => typeRank(type) >= 0;

/**
 * The holidays on the nights `from`…`to` (both included), one per date: when a date has several,
 * the one of the first type in `holidayTypes` (public before bank…). `name` is in the country's
 * language (the library's first for it); `translatedName` in `locale` when worded differently.
 */
export function holidaysBetween(
  country: string,
  region: string | null,
  range: { from: string; to: string },
  locale?: TLocale,
): THoliday[] {
  const calendar = calendarOf(country, region);
  if (!calendar) return [];
  const local = calendar.getLanguages()[0]!;
  const byDate = new Map<string, THoliday>();
  for (let year = Number(range.from.slice(0, 4)); year <= Number(range.to.slice(0, 4)); year += 1) {
    const translated = locale && locale !== local ? calendar.getHolidays(year, locale) : [];
    calendar.getHolidays(year, local).forEach((holiday, i) => {
      if (!isHolidayType(holiday.type)) return;
      const first = holiday.date.slice(0, 10);
      // `end` is exclusive; a holiday may last more than a day.
      const days = Math.max(1, Math.round((+holiday.end - +holiday.start) / 86_400_000));
      const other = translated[i]?.rule === holiday.rule ? translated[i]!.name : undefined;
      for (let d = 0; d < days; d += 1) {
        const date = addDays(first, d);
        if (date < range.from || date > range.to) continue;
        const kept = byDate.get(date);
        if (kept && typeRank(kept.type) <= typeRank(holiday.type)) continue;
        byDate.set(date, {
          id: holidayId(country, date),
          date,
          name: holiday.name,
          translatedName: other && other !== holiday.name ? other : null,
          type: holiday.type,
        });
      }
    });
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The stable id of a holiday night: the price cells' `eventId` on it. */
export const holidayId = (country: string, date: string) => `holiday:${country}:${date}`;

/**
 * A business's `region` checked against the library's regions of its country, in the library's
 * spelling: 400 `invalid_region` at `region` when the country has no such region (or no country
 * is set). `null` clears it.
 */
export function validRegion(country: string | null, region: string | null): string | null {
  if (region === null) return null;
  const known = country ? canonicalRegion(country, region) : undefined;
  if (!known) {
    throw AppError.field('region', 'invalid_region', "Not a region of the business's country", {
      country: country ?? '',
    });
  }
  return known;
}
