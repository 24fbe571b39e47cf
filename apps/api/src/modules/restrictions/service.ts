import type { ZClearRestrictionOverridesQuery, ZRestrictionOverridesBody } from '@tarifa/contract';
import { maxOrphanLookup } from '@tarifa/pricing';
import type { z } from 'zod';
import { systemClock } from '../../core/clock';
import type { Caller } from '../../core/tenancy';
import type { ChangeContext, UnitOfWork, WriteContext } from '../../core/unit-of-work';
import type { Db } from '../../db/client';
import {
  clearCells,
  clearCellsIn,
  setCells,
  setCellsIn,
  type CellClearing,
  type CellSetting,
} from '../pricing-inputs/cell-writes';
import {
  restrictionsRepository,
  type RestrictionPatch,
  type RestrictionWrite,
} from '../pricing-inputs/restrictions-repository';

type OverridesBody = z.output<typeof ZRestrictionOverridesBody>;
type ClearQuery = z.output<typeof ZClearRestrictionOverridesQuery>;

export interface RestrictionsServiceOptions {
  /** What "now" is (tests fix it): today is its date in the business's time zone. */
  clock?: () => Date;
  /** The app's unit of work (its outbox events get dispatched). */
  unitOfWork: UnitOfWork;
}

const patchFields = ['minStay', 'maxStay', 'closedToArrival', 'closedToDeparture'] as const;

/** How stay restrictions are set on cells: their write, their audit, the nights they reach. */
const setting: CellSetting<RestrictionWrite> = {
  entity: 'restriction_override',
  write: (tx, uuid, items, actor) => restrictionsRepository(tx, uuid).apply(items, actor),
  // The fields the item sets (null: cleared); those it leaves out are not recorded.
  changes: (item) => {
    const set: Record<string, { before: null; after: unknown }> = {};
    for (const field of patchFields) {
      const value: RestrictionPatch[typeof field] = item[field];
      if (value !== undefined) set[field] = { before: null, after: value };
    }
    return set;
  },
  // A minimum stay moves the orphan runs around it: their nights are recomputed too.
  reach: maxOrphanLookup,
};

/** How the cells' own stay restrictions are cleared. */
const clearing: CellClearing = {
  entity: 'restriction_override',
  clear: (tx, uuid, from, to, rooms) => restrictionsRepository(tx, uuid).clear(from, to, rooms),
  reach: maxOrphanLookup,
};

/**
 * Stay restrictions set on calendar cells (docs/market.md): written through the unit of work,
 * audited, with one `overrides.changed` event — the recomputation proposes the cells whose
 * restrictions (or prices) moved, as it does for manual prices. Answers the cells touched.
 */
export function restrictionsService(_db: Db, options: RestrictionsServiceOptions) {
  const clock = options.clock ?? systemClock;
  const uow = options.unitOfWork;

  return {
    /** `PUT …/restrictions/overrides`: every night of every range gets the fields its item sets. */
    async setOverrides(caller: Caller, businessUuid: string, body: OverridesBody): Promise<string> {
      return setCells(uow, clock, caller, businessUuid, body.overrides, setting);
    },

    /** `DELETE …/restrictions/overrides`: clears the cells' own restrictions of the range. */
    async clearOverrides(caller: Caller, businessUuid: string, query: ClearQuery): Promise<string> {
      return clearCells(uow, clock, caller, businessUuid, query, clearing);
    },
  };
}

/** What `replaceOverridesIn` puts in place of a business's own stay restrictions. */
export interface OverridesReplacement {
  /** Each room type whose own restrictions of `from`…`to` are cleared first. */
  cleared: { roomUuid: string; from: string; to: string }[];
  /** The ranges then set, as `PUT …/restrictions/overrides` items. */
  overrides: RestrictionWrite[];
}

/**
 * A business's own stay restrictions replaced inside a change of it (the portfolio's copy,
 * docs/portfolio.md): each room type's range cleared as `DELETE …/restrictions/overrides` clears
 * it, then the ranges set as `PUT` sets them — the same checks, the same `restriction_override`
 * audit events in the business's log, the same `overrides.changed` events whose recomputation
 * proposes the cells that move. All or nothing with the rest of the change.
 */
export async function replaceOverridesIn(
  ctx: ChangeContext,
  caller: Caller,
  replacement: OverridesReplacement,
): Promise<void> {
  const write: WriteContext = {
    tx: ctx.tx,
    record: (_, event) => ctx.record(event),
    emit: ctx.emit,
  };
  for (const range of replacement.cleared) {
    await clearCellsIn(write, caller, ctx.row.uuid, range, clearing);
  }
  if (replacement.overrides.length > 0) {
    await setCellsIn(write, caller, ctx.row.uuid, replacement.overrides, setting);
  }
}
