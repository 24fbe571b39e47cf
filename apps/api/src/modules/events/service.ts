import {
  eventLimits,
  type TEvent,
  type THolidayRegionsResponse,
  type THolidaysResponse,
  type ZEventBody,
  type ZEventSeasonBody,
  type ZEventsQuery,
  type ZHolidaySeasonBody,
  type ZHolidaysQuery,
} from '@tarifa/contract';
import { addDays } from '@tarifa/pricing';
import type { z } from 'zod';
import { policyFor, reachBusiness, type Caller } from '../../core/tenancy';
import { localeOf } from '../../core/locale';
import { diff, EVENTS_CHANGED, type ChangeContext, type UnitOfWork } from '../../core/unit-of-work';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { uploadedText } from '../../lib/text';
import {
  businessesDeps,
  changeBusiness,
  recordChange,
  withoutUuid,
  type BusinessChangeContext,
  type BusinessesDeps,
} from '../businesses/change';
import { toBasisPoints, toSazonality, toSettings } from '../businesses/mapping';
import { holidaysBetween, knowsCountry, regionsOf } from '../../lib/holidays';
import { readIcs } from './ics';
import {
  eventsRepository,
  toEvent,
  type EventRow,
  type EventsRepository,
  type EventValues,
} from './repository';

type EventBody = z.output<typeof ZEventBody>;
type EventsQuery = z.output<typeof ZEventsQuery>;
type HolidaysQuery = z.output<typeof ZHolidaysQuery>;
type EventSeasonBody = z.output<typeof ZEventSeasonBody>;
type HolidaySeasonBody = z.output<typeof ZHolidaySeasonBody>;

export interface EventsServiceOptions {
  /** The app's unit of work (its outbox events get dispatched). */
  unitOfWork: UnitOfWork;
}

/** The colours of the seasons made in one click, so they stand out on the seasons calendar. */
const seasonColors = { event: '#8e24aa', holiday: '#c62828' } as const;

const readOnly = 'An integration token cannot change events';

/** Refuses `adding` events to a property that keeps `count` when that passes its limit. */
function assertRoomFor(count: number, adding: number, path: string) {
  if (count + adding <= eventLimits.perBusinessMax) return;
  throw AppError.field(
    path,
    'too_many',
    `A property keeps at most ${eventLimits.perBusinessMax} events; remove past ones first`,
    { maximum: eventLimits.perBusinessMax },
  );
}

/**
 * Holidays and local events (docs/market.md). Events are part of the tariff configuration: each
 * change goes through the unit of work like a season's (the business's `version` incremented,
 * stale → 409, audited), and one whose nights carry an adjustment emits `events.changed` so their
 * prices are recomputed.
 */
export function eventsService(db: Db, options: EventsServiceOptions) {
  const uow = options.unitOfWork;
  const businesses: BusinessesDeps = businessesDeps(db, { unitOfWork: uow });

  /**
   * One change to the events of a business, like a season's (changeBusiness): answers `work`'s
   * result and the business as it is after (its new `version`).
   */
  function changeEvents<T>(
    caller: Caller,
    businessUuid: string,
    version: number | undefined,
    work: (ctx: BusinessChangeContext, repo: EventsRepository) => Promise<T>,
  ) {
    policyFor(caller).assert('update', 'Event', readOnly);
    return changeBusiness(businesses, caller, businessUuid, version, (ctx) =>
      work(ctx, eventsRepository(ctx.tx, ctx.row.uuid)),
    );
  }

  return {
    /** The holidays of the business's country (and region) on the nights of `query`. */
    async holidays(
      caller: Caller,
      businessUuid: string,
      query: HolidaysQuery,
    ): Promise<THolidaysResponse> {
      const { country, region } = await reachBusiness(db, caller, businessUuid);
      const answer = { country, region, holidays: [], reason: null };
      if (!country) return { ...answer, reason: 'no_country' };
      if (!knowsCountry(country)) return { ...answer, reason: 'unsupported_country' };
      return { ...answer, holidays: holidaysBetween(country, region, query, localeOf(caller)) };
    },

    /** Refuses, before an upload is read, a caller who may not import into this business. */
    async assertWritable(caller: Caller, businessUuid: string): Promise<void> {
      policyFor(caller).assert('update', 'Event', readOnly);
      await reachBusiness(db, caller, businessUuid);
    },

    regions(country: string): THolidayRegionsResponse {
      const regions = Object.entries(regionsOf(country)).map(([code, name]) => ({ code, name }));
      return { regions: regions.sort((a, b) => a.name.localeCompare(b.name)) };
    },

    async list(caller: Caller, businessUuid: string, query: EventsQuery): Promise<TEvent[]> {
      const business = await reachBusiness(db, caller, businessUuid);
      return (await eventsRepository(db, business.uuid).list(query)).map(toEvent);
    },

    create(caller: Caller, businessUuid: string, body: EventBody) {
      return changeEvents(caller, businessUuid, body.version, async (ctx, repo) => {
        assertRoomFor(await repo.count(), 1, 'event');
        const row = await repo.insert({ ...eventValues(body.event), source: 'manual' });
        recordEvent(ctx, 'create', undefined, row);
        return toEvent(row);
      });
    },

    update(caller: Caller, businessUuid: string, id: string, body: EventBody) {
      return changeEvents(caller, businessUuid, body.version, async (ctx, repo) => {
        const before = await repo.find(id);
        if (!before) throw AppError.notFound('Event');
        const row = (await repo.update(id, eventValues(body.event)))!;
        recordEvent(ctx, 'update', before, row);
        return toEvent(row);
      });
    },

    async remove(caller: Caller, businessUuid: string, id: string, version: number | undefined) {
      const { business } = await changeEvents(caller, businessUuid, version, async (ctx, repo) => {
        const row = await repo.remove(id);
        if (!row) throw AppError.notFound('Event');
        recordEvent(ctx, 'delete', row, undefined);
      });
      return business;
    },

    /**
     * Imports the VEVENTs of an `.ics` file: an event whose `UID` was imported before is updated,
     * the others created. All or nothing unless `atomic` is false (then bad events are skipped
     * and listed). Events keep the impact and adjustment the owner gave them.
     */
    async importIcs(caller: Caller, businessUuid: string, bytes: Buffer, atomic: boolean) {
      const reading = readIcs(uploadedText(bytes));
      if (!reading) throw AppError.field('file', 'invalid_ics', 'Not an iCalendar file');
      if (reading.events.length + reading.errors.length === 0) {
        throw AppError.field('file', 'no_events', 'The file has no events');
      }
      if (reading.events.length > eventLimits.icsMaxEvents) {
        throw AppError.field('file', 'too_many', 'Too many events in one file', {
          maximum: eventLimits.icsMaxEvents,
        });
      }
      if (reading.errors.length && (atomic || reading.events.length === 0)) {
        throw AppError.validation(
          reading.errors.map(({ path, code, line, message }) => ({
            path,
            code,
            params: { line },
            message,
          })),
          'Some events of the file are invalid; nothing was imported',
        );
      }
      const byUid = new Map(reading.events.map((event) => [event.uid, event]));
      const { result, business } = await changeEvents(
        caller,
        businessUuid,
        undefined,
        async (ctx, repo) => {
          const known = new Map(
            (await repo.findByUids([...byUid.keys()])).map((row) => [row.externalUid!, row]),
          );
          assertRoomFor(await repo.count(), byUid.size - known.size, 'file');
          let created = 0;
          let updated = 0;
          const rows: EventRow[] = [];
          for (const [uid, { fields }] of byUid) {
            const before = known.get(uid);
            const values = {
              name: fields.name,
              startDate: fields.startDate,
              endDate: fields.endDate,
            };
            if (before) {
              const row = (await repo.update(before.id, values))!;
              if (recordEvent(ctx, 'update', before, row)) updated += 1;
              rows.push(row);
            } else {
              const row = await repo.insert({
                ...values,
                impact: fields.impact,
                source: 'ics',
                externalUid: uid,
              });
              recordEvent(ctx, 'create', undefined, row);
              created += 1;
              rows.push(row);
            }
          }
          return { created, updated, events: rows.map(toEvent) };
        },
      );
      return {
        ...result,
        skipped: new Set(reading.errors.map((error) => error.path.split('.')[1])).size,
        errors: reading.errors,
        business,
      };
    },

    /**
     * One click: the event becomes a season with its name and dates, at `adjustmentPercent` or
     * the event's own; the event keeps its mark but gives up its adjustment (else its nights
     * would move twice).
     */
    async eventToSeason(caller: Caller, businessUuid: string, id: string, body: EventSeasonBody) {
      const { business, result } = await changeEvents(
        caller,
        businessUuid,
        body.version,
        async (ctx, repo) => {
          const event = await repo.find(id);
          if (!event) throw AppError.notFound('Event');
          const percent = body.adjustmentPercent ?? toEvent(event).adjustmentPercent ?? 0;
          if (event.adjustmentBp !== null) {
            const row = (await repo.update(id, { adjustmentBp: null }))!;
            recordEvent(ctx, 'update', event, row);
          }
          return insertSeason(ctx, {
            name: event.name,
            color: seasonColors.event,
            startDate: event.startDate,
            endDate: event.endDate,
            percent,
          });
        },
      );
      return { business, sazonality: result };
    },

    /**
     * One click: the holiday of `date` becomes a one-night season with its local name, at
     * `adjustmentPercent` or the holiday rule's percent for its type.
     */
    async holidayToSeason(caller: Caller, businessUuid: string, body: HolidaySeasonBody) {
      const { business, result } = await changeEvents(
        caller,
        businessUuid,
        body.version,
        async (ctx) => {
          const { country, region } = ctx.row;
          const [holiday] = country
            ? holidaysBetween(country, region, { from: body.date, to: body.date })
            : [];
          if (!holiday) throw AppError.field('date', 'not_a_holiday', 'No holiday on this date');
          const rule = toSettings(ctx.row.settings).holidayRule;
          return insertSeason(ctx, {
            name: holiday.name,
            color: seasonColors.holiday,
            startDate: holiday.date,
            endDate: holiday.date,
            percent: body.adjustmentPercent ?? rule.adjustments[holiday.type],
          });
        },
      );
      return { business, sazonality: result };
    },
  };
}
export type EventsService = ReturnType<typeof eventsService>;

function eventValues(event: EventBody['event']): EventValues {
  return {
    name: event.name,
    startDate: event.startDate,
    endDate: event.endDate,
    impact: event.impact,
    adjustmentBp: event.adjustmentPercent === null ? null : toBasisPoints(event.adjustmentPercent),
  };
}

/**
 * Audits an event's change and, when its nights carry (or carried) an adjustment, emits
 * `events.changed` over them. Answers whether anything changed (an update to the same values
 * records nothing).
 */
function recordEvent(
  ctx: ChangeContext,
  action: 'create' | 'update' | 'delete',
  before: EventRow | undefined,
  after: EventRow | undefined,
): boolean {
  const wire = (row: EventRow | undefined) => {
    if (!row) return undefined;
    const { updatedAt: _updatedAt, ...rest } = withoutUuid(toEvent(row));
    return rest;
  };
  const changes = diff(wire(before), wire(after));
  if (action === 'update' && Object.keys(changes).length === 0) return false;
  const event = (after ?? before)!;
  ctx.record({ action, entity: 'event', entityId: event.id, entityName: event.name, changes });
  const adjusted = [before, after].filter((row) => row && row.adjustmentBp !== null) as EventRow[];
  if (adjusted.length) {
    ctx.emit({
      type: EVENTS_CHANGED,
      businessUuid: ctx.row.uuid,
      from: adjusted.map((row) => row.startDate).sort()[0]!,
      to: addDays(
        adjusted
          .map((row) => row.endDate)
          .sort()
          .at(-1)!,
        1,
      ),
    });
  }
  return true;
}

/** A season over every room type and weekday, adjusting by a percent, audited. */
async function insertSeason(
  ctx: BusinessChangeContext,
  season: { name: string; color: string; startDate: string; endDate: string; percent: number },
) {
  const row = await ctx.repo.insertSazonality({
    name: season.name,
    color: season.color,
    startDate: season.startDate,
    endDate: season.endDate,
    weekdays: [],
    roomUuids: [],
    adjustmentType: 'percent',
    value: toBasisPoints(season.percent),
    priority: 0,
    minStay: null,
  });
  const sazonality = toSazonality(row);
  recordChange(ctx, 'sazonality', 'create', undefined, sazonality);
  return sazonality;
}
