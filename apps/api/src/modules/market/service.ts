import {
  marketLimits,
  type TCompetitor,
  type TCompetitorRates,
  type TCompetitorRatesImportResult,
  type TCompetitorRatesResult,
  type TFieldIssue,
  type TImportRowError,
  type ZCompetitorBody,
  type ZCompetitorRatesBody,
  type ZCompetitorRatesImportQuery,
  type ZMarketRangeQuery,
} from '@tarifa/contract';
import { addDays, fromMinor, toMinor } from '@tarifa/pricing';
import type { z } from 'zod';
import { systemClock } from '../../core/clock';
import { roomTypesRepository } from '../../core/room-types';
import { reachBusiness, type BusinessRow, type Caller } from '../../core/tenancy';
import {
  diff,
  unitOfWork,
  type AuditInput,
  type OutboxEvent,
  type UnitOfWork,
} from '../../core/unit-of-work';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { toSettings } from '../businesses/mapping';
import { freshSince } from './engine-input';
import {
  marketRepository,
  type CompetitorValues,
  type CompetitorWithRates,
  type RateWrite,
} from './repository';
import { parseRatesCsv, type ParsedRate } from './rates-csv';

type CompetitorBody = z.output<typeof ZCompetitorBody>;
type RangeQuery = z.output<typeof ZMarketRangeQuery>;
type RatesBody = z.output<typeof ZCompetitorRatesBody>;
type ImportOptions = z.output<typeof ZCompetitorRatesImportQuery>;

export interface MarketServiceOptions {
  /** What "now" is (tests fix it): the age of rates and today's date. */
  clock?: () => Date;
  unitOfWork?: UnitOfWork;
}

function toCompetitor({ competitor, rates, lastObservedAt }: CompetitorWithRates): TCompetitor {
  return {
    uuid: competitor.uuid,
    name: competitor.name,
    url: competitor.url,
    stars: competitor.stars,
    roomMappings: competitor.roomMappings,
    rates,
    lastObservedAt: lastObservedAt?.toISOString() ?? null,
  };
}

const auditFields = (c: CompetitorValues) => ({
  name: c.name,
  url: c.url,
  stars: c.stars,
  roomMappings: c.roomMappings,
});

/** The audit event of one competitor created, changed or deleted; none when nothing differs. */
function competitorAudit(
  uuid: string,
  before: CompetitorValues | undefined,
  after: CompetitorValues | undefined,
): AuditInput[] {
  const changes = diff(before && auditFields(before), after && auditFields(after));
  if (Object.keys(changes).length === 0) return [];
  return [
    {
      action: !before ? 'create' : after ? 'update' : 'delete',
      entity: 'competitor',
      entityId: uuid,
      entityName: (after ?? before)!.name,
      changes,
    },
  ];
}

/** The `market.changed` event of rates written over the nights `from`…`to` (none: no event). */
function marketChanged(
  businessUuid: string,
  nights: { from: string; to: string } | null,
): OutboxEvent[] {
  if (!nights) return [];
  return [{ type: 'market.changed', businessUuid, from: nights.from, to: addDays(nights.to, 1) }];
}

/** The first and last night of some rates. */
function spanOf(rates: { night: string }[]): { from: string; to: string } | null {
  if (rates.length === 0) return null;
  let from = rates[0]!.night;
  let to = from;
  for (const { night } of rates) {
    if (night < from) from = night;
    if (night > to) to = night;
  }
  return { from, to };
}

/**
 * Keeps the newest observation of each competitor, night and category among `rates` (a file or a
 * batch may name one twice); answers them and how many older ones were dropped.
 */
function newestPerCell(rates: RateWrite[]): { kept: RateWrite[]; dropped: number } {
  const byCell = new Map<string, RateWrite>();
  for (const rate of rates) {
    const key = `${rate.competitorUuid}|${rate.night}|${rate.category}`;
    const held = byCell.get(key);
    if (!held || held.observedAt < rate.observedAt) byCell.set(key, rate);
  }
  return { kept: [...byCell.values()], dropped: rates.length - byCell.size };
}

const byName = (name: string) => name.trim().toLowerCase();

/**
 * The market context of a business the caller reaches (docs/market.md): its competitors and their
 * room mappings, their observed rates (pushed, imported, read) and the market figures per night.
 */
export function marketService(db: Db, options: MarketServiceOptions = {}) {
  const clock = options.clock ?? systemClock;
  const uow = options.unitOfWork ?? unitOfWork(db);

  /** The body's mappings checked against the business's live room types (400 `unknown_room`). */
  async function checkMappings(tx: Executor, business: BusinessRow, body: CompetitorBody) {
    const rooms = new Set(
      (await roomTypesRepository(tx, business.uuid).liveRoomTypes()).map((r) => r.uuid),
    );
    const issues: TFieldIssue[] = [];
    body.roomMappings.forEach((m, i) => {
      if (!rooms.has(m.roomUuid)) {
        issues.push({
          path: `roomMappings.${i}.roomUuid`,
          code: 'unknown_room',
          message: 'No such room type in this business',
        });
      }
    });
    if (issues.length) throw AppError.validation(issues);
  }

  /** Writes rates in `tx`; answers the result and the events to emit. */
  async function write(tx: Executor, business: BusinessRow, rates: RateWrite[]) {
    const { kept, dropped } = newestPerCell(rates);
    const written = await marketRepository(tx, business.uuid).writeRates(kept);
    return {
      result: { written, ignored: dropped + kept.length - written },
      events: written ? marketChanged(business.uuid, spanOf(kept)) : [],
    };
  }

  return {
    async assertReachable(caller: Caller, businessUuid: string): Promise<void> {
      await reachBusiness(db, caller, businessUuid);
    },

    async list(caller: Caller, businessUuid: string): Promise<TCompetitor[]> {
      const business = await reachBusiness(db, caller, businessUuid);
      return (await marketRepository(db, business.uuid).list()).map(toCompetitor);
    },

    async create(caller: Caller, businessUuid: string, body: CompetitorBody): Promise<TCompetitor> {
      return uow.write(caller, async ({ tx, record }) => {
        const business = await reachBusiness(tx, caller, businessUuid);
        const repo = marketRepository(tx, business.uuid);
        await checkMappings(tx, business, body);
        if ((await repo.countCompetitors()) >= marketLimits.competitorsMax) {
          throw AppError.field(
            'name',
            'too_many',
            `A business lists at most ${marketLimits.competitorsMax} competitors`,
          );
        }
        const row = await repo.insert(body);
        competitorAudit(row.uuid, undefined, body).forEach((e) => record(business.uuid, e));
        return toCompetitor({ competitor: row, rates: 0, lastObservedAt: null });
      });
    },

    async update(
      caller: Caller,
      businessUuid: string,
      uuid: string,
      body: CompetitorBody,
    ): Promise<TCompetitor> {
      return uow.write(caller, async ({ tx, record, emit }) => {
        const business = await reachBusiness(tx, caller, businessUuid);
        const repo = marketRepository(tx, business.uuid);
        const before = await repo.find(uuid);
        if (!before) throw AppError.notFound('Competitor');
        await checkMappings(tx, business, body);
        await repo.update(uuid, body);
        competitorAudit(uuid, before.competitor, body).forEach((e) => record(business.uuid, e));
        if (JSON.stringify(before.competitor.roomMappings) !== JSON.stringify(body.roomMappings)) {
          marketChanged(business.uuid, await repo.ratesSpan([uuid])).forEach(emit);
        }
        return toCompetitor((await repo.find(uuid))!);
      });
    },

    /** Deletes a competitor and its rates. */
    async remove(caller: Caller, businessUuid: string, uuid: string): Promise<void> {
      await uow.write(caller, async ({ tx, record, emit }) => {
        const business = await reachBusiness(tx, caller, businessUuid);
        const repo = marketRepository(tx, business.uuid);
        const before = await repo.find(uuid);
        if (!before) throw AppError.notFound('Competitor');
        marketChanged(business.uuid, await repo.delete(uuid)).forEach(emit);
        competitorAudit(uuid, before.competitor, undefined).forEach((e) =>
          record(business.uuid, e),
        );
      });
    },

    /** The observed rates of the nights, with the room types each counts for and its age. */
    async rates(
      caller: Caller,
      businessUuid: string,
      query: RangeQuery,
    ): Promise<TCompetitorRates> {
      const business = await reachBusiness(db, caller, businessUuid);
      const repo = marketRepository(db, business.uuid);
      const [competitors, rows] = await Promise.all([
        repo.list(),
        repo.rates(query.from, query.to),
      ]);
      const roomsOf = new Map<string, string[]>();
      for (const { competitor } of competitors) {
        for (const m of competitor.roomMappings) {
          const key = `${competitor.uuid}|${byName(m.category)}`;
          roomsOf.set(key, [...(roomsOf.get(key) ?? []), m.roomUuid]);
        }
      }
      const since = freshSince(toSettings(business.settings), clock());
      const rates = rows.flatMap((row) => {
        const roomUuids = roomsOf.get(`${row.competitorUuid}|${byName(row.category)}`) ?? [];
        if (query.roomUuid && !roomUuids.includes(query.roomUuid)) return [];
        return [
          {
            competitorUuid: row.competitorUuid,
            competitor: row.competitor,
            category: row.category,
            date: row.night,
            price: row.priceMinor === null ? null : fromMinor(row.priceMinor),
            soldOut: row.soldOut,
            observedAt: row.observedAt.toISOString(),
            source: row.source,
            roomUuids,
            stale: row.observedAt < since,
          },
        ];
      });
      return { rates };
    },

    /** `PUT …/competitor-rates`: all or nothing; an unknown competitor is 400 naming it. */
    async pushRates(
      caller: Caller,
      businessUuid: string,
      body: RatesBody,
    ): Promise<TCompetitorRatesResult> {
      return uow.write(caller, async ({ tx, emit }) => {
        const business = await reachBusiness(tx, caller, businessUuid);
        const known = new Set(
          (await marketRepository(tx, business.uuid).list()).map((c) => c.competitor.uuid),
        );
        const issues: TFieldIssue[] = [];
        body.rates.forEach((rate, i) => {
          if (!known.has(rate.competitorUuid)) {
            issues.push({
              path: `rates.${i}.competitorUuid`,
              code: 'unknown_competitor',
              message: 'No such competitor in this business',
            });
          }
        });
        if (issues.length) throw AppError.validation(issues);
        const now = clock();
        const { result, events } = await write(
          tx,
          business,
          body.rates.map((rate) => ({
            competitorUuid: rate.competitorUuid,
            category: rate.category,
            night: rate.date,
            priceMinor: rate.price === null ? null : toMinor(rate.price),
            soldOut: rate.price === null,
            observedAt: rate.observedAt ? new Date(rate.observedAt) : now,
            source: 'api',
          })),
        );
        events.forEach(emit);
        return result;
      });
    },

    /**
     * `POST …/competitor-rates/import`: a CSV read whole and written in one transaction (a year of
     * 10 competitors × 5 categories is ~18 000 rows, a second or two: no background job). Atomic
     * mode writes nothing when a row is bad; `skip_invalid` writes the good rows.
     */
    async importRates(
      caller: Caller,
      businessUuid: string,
      file: Buffer,
      options: ImportOptions,
    ): Promise<TCompetitorRatesImportResult> {
      const parsed = await parseRatesCsv(file);
      return uow.write(caller, async ({ tx, emit, record }) => {
        const business = await reachBusiness(tx, caller, businessUuid);
        const empty = { total: 0, written: 0, ignored: 0, rejected: 0, createdCompetitors: [] };
        if (!parsed.ok) {
          const params = parsed.columns ? { columns: parsed.columns } : undefined;
          return {
            ...empty,
            errors: [],
            failure: { code: parsed.code, message: parsed.message, ...(params && { params }) },
          };
        }
        const repo = marketRepository(tx, business.uuid);
        const competitors = new Map<string, string>();
        for (const { competitor } of await repo.list()) {
          if (!competitors.has(byName(competitor.name))) {
            competitors.set(byName(competitor.name), competitor.uuid);
          }
        }
        const errors: TImportRowError[] = [...parsed.errors];
        const missing = new Map<string, string>();
        const good: ParsedRate[] = [];
        for (const rate of parsed.rates) {
          if (competitors.has(byName(rate.competitor))) good.push(rate);
          else if (options.createCompetitors) {
            if (!missing.has(byName(rate.competitor))) {
              missing.set(byName(rate.competitor), rate.competitor);
            }
            good.push(rate);
          } else {
            errors.push({
              row: rate.row,
              column: 'competitor',
              code: 'unknown_competitor',
              message: `No competitor named ${rate.competitor}: add it first, or let the import create it`,
            });
          }
        }
        errors.sort((a, b) => a.row - b.row);
        const rejected = new Set(errors.map((e) => e.row)).size;
        const report = { errors: errors.slice(0, marketLimits.importErrorsMax), rejected };
        if (rejected > 0 && options.mode === 'atomic') {
          return {
            ...empty,
            total: parsed.total,
            ...report,
            failure: {
              code: 'invalid_rows',
              message: `${rejected} rows are invalid; nothing was imported`,
            },
          };
        }
        if (competitors.size + missing.size > marketLimits.competitorsMax) {
          throw AppError.field(
            'file',
            'too_many',
            `A business lists at most ${marketLimits.competitorsMax} competitors`,
          );
        }
        for (const [key, name] of missing) {
          const row = await repo.insert({ name, url: null, stars: null, roomMappings: [] });
          competitors.set(key, row.uuid);
          const created = { name, url: null, stars: null, roomMappings: [] };
          competitorAudit(row.uuid, undefined, created).forEach((e) => record(business.uuid, e));
        }
        const now = clock();
        const { result, events } = await write(
          tx,
          business,
          good.map((rate) => ({
            competitorUuid: competitors.get(byName(rate.competitor))!,
            category: rate.category,
            night: rate.night,
            priceMinor: rate.priceMinor,
            soldOut: rate.soldOut,
            observedAt: rate.observedAt ?? now,
            source: 'csv',
          })),
        );
        events.forEach(emit);
        return {
          total: parsed.total,
          ...result,
          ...report,
          createdCompetitors: [...missing.values()],
          failure: null,
        };
      });
    },
  };
}
export type MarketService = ReturnType<typeof marketService>;
