import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBusiness } from '@tarifa/contract';
import { eachNight } from '@/lib/dates';
import { useEvents, useHolidays } from './api';

/** What marks a night: a public holiday or one of the owner's events, by its name. */
export interface NightMark {
  kind: 'holiday' | 'event';
  name: string;
}

/**
 * The holidays and events of the nights `from`…`to`, by night (holidays first). Nights without
 * any are absent; while loading (or on failure) the map is empty: marks are a hint, never a
 * reason to hold the calendar back.
 */
export function useNightMarks(
  business: Pick<TBusiness, 'uuid' | 'version'>,
  from: string,
  to: string,
  enabled = true,
): ReadonlyMap<string, NightMark[]> {
  const holidays = useHolidays(business, from, to, enabled);
  const events = useEvents(business, from, to, enabled);
  return useMemo(
    () => nightMarks(from, to, holidays.data?.holidays ?? [], events.data?.events ?? []),
    [from, to, holidays.data, events.data],
  );
}

/** The marks by night of holidays (one night each) and events (their nights, clipped to the range). */
export function nightMarks(
  from: string,
  to: string,
  holidays: readonly { date: string; name: string }[],
  events: readonly { startDate: string; endDate: string; name: string }[],
): Map<string, NightMark[]> {
  const marks = new Map<string, NightMark[]>();
  const add = (date: string, mark: NightMark) =>
    marks.set(date, [...(marks.get(date) ?? []), mark]);
  for (const holiday of holidays) add(holiday.date, { kind: 'holiday', name: holiday.name });
  for (const event of events) {
    const first = event.startDate > from ? event.startDate : from;
    const last = event.endDate < to ? event.endDate : to;
    if (first <= last)
      for (const date of eachNight(first, last)) add(date, { kind: 'event', name: event.name });
  }
  return marks;
}

/** A night's holidays and events in words: "Holiday: Natal · Event: Jazz festival". */
export function useMarkText() {
  const { t } = useTranslation('events');
  return (marks: readonly NightMark[]) =>
    marks.map((mark) => t(`marks.${mark.kind}`, { name: mark.name })).join(' · ');
}

/** The colour of a night's mark: a holiday's red, else an event's. */
export const markColor = (marks: readonly NightMark[]) =>
  marks.some((mark) => mark.kind === 'holiday') ? 'error.main' : 'secondary.main';
