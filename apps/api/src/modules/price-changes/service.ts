import type { Readable } from 'node:stream';
import {
  noDelivery,
  priceStageOf,
  priceStageWordKey,
  type CsvCell,
  type TFirstPriceListResponse,
  type TLocale,
  type TPriceChange,
  type TPriceChangesPage,
  type TPriceChangesSummary,
  type TPriceChangeStatus,
  type TPriceDelivery,
  type ZPriceChangeDecisionBody,
  type ZPriceChangesExportQuery,
  type ZPriceChangesQuery,
  type ZPriceChangesSummaryQuery,
  type ZPublishedPricesExportQuery,
} from '@tarifa/contract';
import { fromMinor } from '@tarifa/pricing';
import type { z } from 'zod';
import { policyFor, reachBusiness, type BusinessRow, type Caller } from '../../core/tenancy';
import { systemClock } from '../../core/clock';
import { localeOf } from '../../core/locale';
import { unknownRoom } from '../../core/room-types';
import { PRICE_CHANGES_APPROVED, type UnitOfWork } from '../../core/unit-of-work';
import type { Db, Executor } from '../../db/client';
import { lockBusinessFor } from '../../db/locks';
import { csvStream, pagesOf, spansOf } from '../../lib/csv-writer';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { zonedDate } from '../../lib/zoned-time';
import { ratesOf } from '../pricing-inputs/rate-cells';
import { loadPublishedRateSheet } from '../pricing-inputs/rate-rules';
import { firstPriceList } from './first-list-repository';
import { syncPendingNotice } from './notices';
import { phrases, reasonText, restrictionCell, wireReasonSteps } from './reason-text';
import {
  deliveryStates,
  priceChangesRepository,
  type ChangeFilter,
  type ChangeTarget,
  type ListedChange,
} from './repository';

type ChangesQuery = z.output<typeof ZPriceChangesQuery>;
type SummaryQuery = z.output<typeof ZPriceChangesSummaryQuery>;
type ChangesExportQuery = z.output<typeof ZPriceChangesExportQuery>;
type DecisionBody = z.output<typeof ZPriceChangeDecisionBody>;
type PublishedExportQuery = z.output<typeof ZPublishedPricesExportQuery>;

export interface PriceChangesServiceOptions {
  /** What "now" is (tests fix it): decisions are stamped with it, today is its local date. */
  clock?: () => Date;
  /** The app's unit of work (its outbox events get dispatched). */
  unitOfWork: UnitOfWork;
}

/** A CSV export: the file, written as the reply takes it, and the name it is downloaded under. */
export interface CsvExport {
  filename: string;
  body: Readable;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** What carried a change — its webhook delivery, or the channels — as the contract says it. */
function deliveryOf(row: ListedChange): TPriceDelivery {
  if (!row.delivery) return noDelivery;
  const state = deliveryStates[row.delivery.status as keyof typeof deliveryStates] ?? 'sending';
  return {
    destination: row.delivery.destination,
    state,
    deliveredAt: state === 'delivered' ? iso(row.delivery.deliveredAt) : null,
  };
}

/** A change's delivery and stage (`priceStageOf`). */
function lifeOf(row: ListedChange) {
  const delivery = deliveryOf(row);
  return { delivery, stage: priceStageOf(row.change.status as TPriceChangeStatus, delivery) };
}

/** The change from the old price to the new one, in percent with one decimal. */
const changePercent = (oldMinor: number | null, newMinor: number) =>
  oldMinor ? Math.round(((newMinor - oldMinor) / oldMinor) * 1000) / 10 : null;

/**
 * Price changes of a business the caller reaches (docs/price-changes-api.md): listed and
 * exported with their reason in the caller's language; approved and rejected in bulk through the
 * unit of work, audited, with a `price_changes.approved` event for the publishing job.
 */
export function priceChangesService(db: Db, options: PriceChangesServiceOptions) {
  const clock = options.clock ?? systemClock;
  const uow = options.unitOfWork;

  /** 400 `unknown_room` at `path` unless the room type is the business's. */
  async function checkRoom(
    tx: Executor,
    business: BusinessRow,
    roomUuid: string | undefined,
    path: string,
  ) {
    if (roomUuid === undefined) return;
    if (!(await priceChangesRepository(tx, business.uuid).hasRoomType(roomUuid))) {
      throw unknownRoom(path);
    }
  }

  const filterOf = (query: {
    status?: TPriceChangeStatus[];
    stage?: ChangeFilter['stage'];
    roomUuid?: string;
    from?: string;
    to?: string;
    step?: ChangeFilter['step'];
    since?: string;
  }): ChangeFilter => ({
    status: query.status,
    stage: query.stage,
    roomUuid: query.roomUuid,
    from: query.from,
    to: query.to,
    step: query.step,
    since: query.since ? new Date(query.since) : undefined,
  });

  function toWire(row: ListedChange, locale: TLocale, currency: string): TPriceChange {
    const { change } = row;
    return {
      id: change.id,
      date: change.night,
      roomUuid: change.roomTypeUuid,
      oldPrice: change.oldPriceMinor === null ? null : fromMinor(change.oldPriceMinor),
      newPrice: fromMinor(change.newPriceMinor),
      oldRestrictions: change.oldRestrictions,
      newRestrictions: change.newRestrictions,
      reason: {
        text: reasonText(change.reason, {
          locale,
          currency,
          firstPublication: change.oldPriceMinor === null,
          restrictions: { was: change.oldRestrictions, now: change.newRestrictions },
        }),
        steps: wireReasonSteps(change.reason),
      },
      status: change.status as TPriceChangeStatus,
      createdAt: change.createdAt.toISOString(),
      decidedAt: iso(change.decidedAt),
      decidedBy:
        change.decidedBy && row.deciderName !== null
          ? { uuid: change.decidedBy, name: row.deciderName }
          : null,
      publishedAt: iso(change.publishedAt),
      ...lifeOf(row),
      updatedAt: change.updatedAt.toISOString(),
    };
  }

  /**
   * Approves or rejects the target, audited, in one transaction. `first` runs in it once the
   * business's locks are held, before anything moves: what it writes commits with the decision,
   * and what it throws undoes both (the digest's one-click link checks and spends itself there).
   */
  async function decide(
    caller: Caller,
    businessUuid: string,
    body: DecisionBody,
    to: 'approved' | 'rejected',
    first?: (tx: Executor) => Promise<void>,
  ): Promise<{ moved: number }> {
    policyFor(caller).assert(
      'update',
      'PriceChange',
      'Integration tokens may only read price changes',
    );
    const by = caller.kind === 'system' ? caller.actorUuid : caller.user.uuid;
    try {
      return await uow.write(caller, async ({ tx, record, emit }) => {
        const business = await reachBusiness(tx, caller, businessUuid);
        // Decisions wait for the business's recomputation and publishing, and for each other:
        // two statements moving overlapping changes in different orders would deadlock, and an
        // approval racing a recomputation would reopen a night it is proposing a change for.
        await lockBusinessFor(tx, 'recomputation', business.uuid);
        await lockBusinessFor(tx, 'publishing', business.uuid);
        await first?.(tx);
        // The schema lets exactly one of `ids` and `filter` through.
        const target: ChangeTarget = body.ids
          ? { ids: [...new Set(body.ids)] }
          : { filter: filterOf(body.filter ?? {}) };
        await checkRoom(tx, business, body.filter?.roomUuid, 'filter.roomUuid');

        const repo = priceChangesRepository(tx, business.uuid);
        const now = clock();
        const moved =
          to === 'approved'
            ? await repo.approve(target, by, now, zonedDate(now, business.timezone))
            : await repo.reject(target, by, now);
        if (moved.length === 0) return { moved: 0 };
        await syncPendingNotice(tx, business, { proposed: false });

        const before = [...new Set(moved.map((row) => row.before))].sort();
        const nights = moved.map((row) => row.night).sort();
        record(business.uuid, {
          action: to === 'approved' ? 'approve' : 'reject',
          entity: 'price_change',
          entityId: business.uuid,
          entityName: business.name,
          changes: {
            status: { before: before.length === 1 ? before[0] : before, after: to },
            count: { before: null, after: moved.length },
            nights: { before: null, after: { from: nights[0], to: nights.at(-1) } },
          },
        });
        if (to === 'approved') {
          emit({
            type: PRICE_CHANGES_APPROVED,
            businessUuid: business.uuid,
            count: moved.length,
          });
        }
        return { moved: moved.length };
      });
    } catch (err) {
      // Two rejected changes of one night that are both the newest (made in the same instant)
      // cannot both be reopened.
      if (isUniqueViolation(err, 'price_changes_open_key')) {
        throw new AppError(
          'conflict',
          'Prices changed meanwhile; reload the changes and try again',
        );
      }
      throw err;
    }
  }

  return {
    /** `GET …/price-changes`: one page of the changes the query selects, and how many there are. */
    async list(
      caller: Caller,
      businessUuid: string,
      query: ChangesQuery,
    ): Promise<TPriceChangesPage> {
      const business = await reachBusiness(db, caller, businessUuid);
      await checkRoom(db, business, query.roomUuid, 'query.roomUuid');
      const repo = priceChangesRepository(db, business.uuid);
      const filter = filterOf(query);
      const [rows, total] = await Promise.all([
        repo.list(filter, { offset: (query.page - 1) * query.pageSize, limit: query.pageSize }),
        repo.count(filter),
      ]);
      const locale = localeOf(caller);
      return {
        priceChanges: rows.map((row) => toWire(row, locale, business.currency)),
        total,
      };
    },

    /**
     * `GET …/price-changes/summary`: what the list's filters select, told before a bulk decision
     * takes it in — how many changes, and how many are manual prices outside their room's bounds.
     */
    async summary(
      caller: Caller,
      businessUuid: string,
      query: SummaryQuery,
    ): Promise<TPriceChangesSummary> {
      const business = await reachBusiness(db, caller, businessUuid);
      await checkRoom(db, business, query.roomUuid, 'query.roomUuid');
      return priceChangesRepository(db, business.uuid).summarize(filterOf(query));
    },

    /** `GET …/price-changes/first-list`: the business's first price list, if it has one. */
    async firstList(caller: Caller, businessUuid: string): Promise<TFirstPriceListResponse> {
      const business = await reachBusiness(db, caller, businessUuid);
      return { firstList: await firstPriceList(db, business.uuid) };
    },

    /** `POST …/price-changes/approve`: pending (and rejected, still newest) → approved. */
    approve: (caller: Caller, businessUuid: string, body: DecisionBody) =>
      decide(caller, businessUuid, body, 'approved'),

    /** `POST …/price-changes/reject`: pending (and approved, not yet delivered) → rejected. */
    reject: (caller: Caller, businessUuid: string, body: DecisionBody) =>
      decide(caller, businessUuid, body, 'rejected'),

    /**
     * One change approved or rejected as `caller` after `first` ran in the decision's transaction,
     * under the business's locks (docs/digest-and-alerts.md: a digest's one-click link).
     */
    decideOne: (
      caller: Caller,
      businessUuid: string,
      changeId: string,
      to: 'approved' | 'rejected',
      first: (tx: Executor) => Promise<void>,
    ) => decide(caller, businessUuid, { ids: [changeId] }, to, first),

    /** `GET …/price-changes/export.csv`: every change the filters select, in the list's order. */
    async exportChanges(
      caller: Caller,
      businessUuid: string,
      query: ChangesExportQuery,
    ): Promise<CsvExport> {
      const business = await reachBusiness(db, caller, businessUuid);
      await checkRoom(db, business, query.roomUuid, 'query.roomUuid');
      const repo = priceChangesRepository(db, business.uuid);
      const filter = filterOf(query);
      const locale = localeOf(caller);
      const words = phrases[locale];
      const line = (row: ListedChange): CsvCell[] => {
        const { change, roomCode, roomName, deciderName } = row;
        const { delivery, stage } = lifeOf(row);
        return [
          change.night,
          roomCode,
          roomName,
          change.oldPriceMinor === null ? null : fromMinor(change.oldPriceMinor),
          fromMinor(change.newPriceMinor),
          changePercent(change.oldPriceMinor, change.newPriceMinor),
          words.stages[priceStageWordKey(stage, delivery)],
          reasonText(change.reason, {
            locale,
            currency: business.currency,
            firstPublication: change.oldPriceMinor === null,
            restrictions: { was: change.oldRestrictions, now: change.newRestrictions },
          }),
          change.createdAt.toISOString(),
          iso(change.decidedAt),
          change.decidedAt ? (deciderName ?? (change.decidedBy ? null : words.automatic)) : null,
          iso(change.publishedAt),
          delivery.deliveredAt,
        ];
      };
      const spans = spansOf(await repo.keyCounts(filter));
      const pages = pagesOf(spans, (span) => repo.list(filter, undefined, span));
      return {
        filename: `price-changes-${zonedDate(clock(), business.timezone)}.csv`,
        body: await csvStream(words.changesHeader, pages, line),
      };
    },

    /**
     * `GET …/prices/export.csv`: the published price of each night of the range, one row per
     * rate plan and guests count the room type sells (docs/rate-plans.md): the base plan's
     * published price carried through the property's rate sheet.
     */
    async exportPublished(
      caller: Caller,
      businessUuid: string,
      query: PublishedExportQuery,
    ): Promise<CsvExport> {
      const business = await reachBusiness(db, caller, businessUuid);
      await checkRoom(db, business, query.roomUuid, 'query.roomUuid');
      const repo = priceChangesRepository(db, business.uuid);
      const rateSheet = await loadPublishedRateSheet(db, business);
      const locale = localeOf(caller);
      const words = phrases[locale];
      const { from, to, roomUuid } = query;
      const spans = spansOf(await repo.publishedCounts(from, to, roomUuid));
      const pages = pagesOf(spans, (span) => repo.published(from, to, roomUuid, span));
      type Published = Awaited<ReturnType<typeof repo.published>>[number];
      async function* perRate() {
        for await (const page of pages) {
          yield page.flatMap((row) =>
            ratesOf(rateSheet, row.roomTypeUuid, row.priceMinor).map((rate) => ({ row, rate })),
          );
        }
      }
      return {
        filename: `prices-${query.from}-${query.to}.csv`,
        body: await csvStream(
          words.pricesHeader,
          perRate(),
          ({
            row,
            rate,
          }: {
            row: Published;
            rate: ReturnType<typeof ratesOf>[number];
          }): CsvCell[] => {
            // Published before restrictions were: none published (all cells empty).
            const r = row.restrictions;
            return [
              row.night,
              row.roomCode,
              row.roomName,
              fromMinor(rate.price),
              row.publishedAt.toISOString(),
              r && r.minStay,
              r && r.maxStay,
              r && restrictionCell(r.closedToArrival, locale),
              r && restrictionCell(r.closedToDeparture, locale),
              r && restrictionCell(r.orphan, locale),
              rate.ratePlanCode,
              rate.guests,
            ];
          },
        ),
      };
    },
  };
}
export type PriceChangesService = ReturnType<typeof priceChangesService>;
