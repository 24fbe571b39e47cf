import { z } from 'zod';
import {
  addYears,
  holidayTypes,
  ZAdjustmentPercent,
  ZBusiness,
  ZBusinessName,
  ZDate,
  ZSazonality,
  ZVersion,
} from './business';
import { issue, ZIsoDateTime } from './internal';
import { checkNightRange } from './prices';

/**
 * Holidays and local events (docs/market.md): the country's public holidays (`GET
 * …/holidays`), the owner's own events (`…/events`, typed in or imported from an iCalendar
 * file), and the "make it a season" calls. `…` is `/api/v1/businesses/{uuid}`.
 */

export const eventImpacts = ['low', 'medium', 'high'] as const;
export type TEventImpact = (typeof eventImpacts)[number];
export const eventSources = ['manual', 'ics'] as const;

export const eventLimits = {
  /** An event spans at most a year of nights. */
  maxYears: 1,
  /** An `.ics` file is at most 1 MB… */
  icsMaxBytes: 1024 * 1024,
  /** …and holds at most this many events. */
  icsMaxEvents: 2000,
  /** A property keeps at most this many events (what the calendar and the engine read). */
  perBusinessMax: 5000,
} as const;

// ---------------------------------------------------------------------------------------------
// Holidays
// ---------------------------------------------------------------------------------------------

/** `GET …/holidays?from&to`: the nights `from`…`to` (both included, ≤ 731). */
export const ZHolidaysQuery = z
  .object({ from: ZDate, to: ZDate })
  .superRefine((q, ctx) => checkNightRange(q, ctx));
export type THolidaysQuery = z.input<typeof ZHolidaysQuery>;

/**
 * One public holiday: `name` in the country's own language (the library's first language for the
 * country), `translatedName` in the caller's language when the library words it differently, else
 * null. `id` is stable (`holiday:PT:2026-12-25`): the price cells' `eventId` of a holiday night.
 */
export const ZHoliday = z.object({
  id: z.string(),
  date: ZDate,
  name: z.string(),
  translatedName: z.string().nullable(),
  type: z.enum(holidayTypes),
});
export type THoliday = z.infer<typeof ZHoliday>;

/** Why a list of holidays is empty although the year has some: the business has no country. */
export const holidayReasons = ['no_country', 'unsupported_country'] as const;

export const ZHolidaysResponse = z.object({
  country: z.string().nullable(),
  region: z.string().nullable(),
  holidays: z.array(ZHoliday),
  /** Set when there are no holidays to list because of the business (not the dates). */
  reason: z.enum(holidayReasons).nullable(),
});
export type THolidaysResponse = z.infer<typeof ZHolidaysResponse>;

/** `GET /api/v1/holidays/regions?country=PT`: the subdivisions whose holidays the library knows. */
export const ZHolidayRegionsQuery = z.object({
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .meta({ example: 'PT' })
    .transform((v) => v.toUpperCase()),
});
export const ZHolidayRegionsResponse = z.object({
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type THolidayRegionsResponse = z.infer<typeof ZHolidayRegionsResponse>;

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

/**
 * An event the owner expects to move demand: both dates are nights included. With an
 * `adjustmentPercent`, its nights' prices move by it (the engine's `event` step); without one it
 * only marks the calendar.
 */
export const ZEventFields = z
  .object({
    name: ZBusinessName,
    startDate: ZDate,
    endDate: ZDate,
    impact: z.enum(eventImpacts).default('medium'),
    adjustmentPercent: ZAdjustmentPercent.nullable().default(null),
  })
  .superRefine((e, ctx) => checkEventDates(e, ctx));
export type TEventFieldsInput = z.input<typeof ZEventFields>;

/** An event's dates: in order, at most a year apart (reported on `endDate`). */
export function checkEventDates(
  e: { startDate: string; endDate: string },
  ctx: z.RefinementCtx,
  path: PropertyKey[] = [],
) {
  const realDates = ZDate.safeParse(e.startDate).success && ZDate.safeParse(e.endDate).success;
  if (!realDates) return;
  if (e.endDate < e.startDate) {
    issue(ctx, [...path, 'endDate'], 'range_reversed', 'The end is before the start');
  } else if (e.endDate >= addYears(e.startDate, eventLimits.maxYears)) {
    issue(ctx, [...path, 'endDate'], 'range_too_long', 'An event spans at most a year', {
      maximum: eventLimits.maxYears,
    });
  }
}

/** `POST` and `PUT …/events[/{id}]`; `version` is the business's (stale → 409). */
export const ZEventBody = z.object({
  event: ZEventFields,
  version: ZVersion.optional(),
});
export type TEventBodyInput = z.input<typeof ZEventBody>;

export const ZEvent = z.object({
  id: z.uuid(),
  name: z.string(),
  startDate: ZDate,
  endDate: ZDate,
  impact: z.enum(eventImpacts),
  adjustmentPercent: z.number().nullable(),
  /** `manual`, or `ics` with the file's `UID` (a re-import of it updates this event). */
  source: z.enum(eventSources),
  externalUid: z.string().nullable(),
  updatedAt: ZIsoDateTime,
});
export type TEvent = z.infer<typeof ZEvent>;

/** `GET …/events?from&to`: the events overlapping the nights (all of them without a range). */
export const ZEventsQuery = z
  .object({ from: ZDate.optional(), to: ZDate.optional() })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from) {
      issue(ctx, ['to'], 'range_reversed', 'The end is before the start');
    }
  });
export const ZEventsResponse = z.object({ events: z.array(ZEvent) });
export type TEventsResponse = z.infer<typeof ZEventsResponse>;

/** The answer of a change: the event, and the business as it is after (its new `version`). */
export const ZEventEnvelope = z.object({ event: ZEvent, business: ZBusiness });
export type TEventEnvelope = z.infer<typeof ZEventEnvelope>;

/**
 * `POST …/events/import` (multipart field `file`, an `.ics` up to 1 MB). All or nothing unless
 * `atomic=false`: then the good events are written and the bad ones skipped, listed in `errors`.
 * Bad events are reported as `validation_failed` details at `events.{n}.{field}` (`n` counts the
 * file's VEVENTs from 0) with the `line` where the event starts.
 */
export const ZEventImportQuery = z.object({
  atomic: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export const ZEventImportError = z.object({
  path: z.string(),
  code: z.string(),
  line: z.number().int(),
  message: z.string(),
});
export type TEventImportError = z.infer<typeof ZEventImportError>;
export const ZEventImportResponse = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(ZEventImportError),
  events: z.array(ZEvent),
  business: ZBusiness,
});
export type TEventImportResponse = z.infer<typeof ZEventImportResponse>;

// ---------------------------------------------------------------------------------------------
// One click: a holiday or an event becomes a season
// ---------------------------------------------------------------------------------------------

/**
 * `POST …/events/{id}/season`: a season with the event's name and dates and `adjustmentPercent`
 * (default: the event's own, which the event then gives up so its nights are not raised twice).
 */
export const ZEventSeasonBody = z.object({
  adjustmentPercent: ZAdjustmentPercent.optional(),
  version: ZVersion.optional(),
});

/**
 * `POST …/holidays/season`: a one-night season on the holiday of `date` with its local name and
 * `adjustmentPercent` (default: the holiday rule's percent for its type).
 */
export const ZHolidaySeasonBody = z.object({
  date: ZDate,
  adjustmentPercent: ZAdjustmentPercent.optional(),
  version: ZVersion.optional(),
});

export const ZSeasonFromEnvelope = z.object({ business: ZBusiness, sazonality: ZSazonality });
export type TSeasonFromEnvelope = z.infer<typeof ZSeasonFromEnvelope>;
