import type { TAuditEntity, TBusiness } from '@tarifa/contract';
import { systemClock } from '../../core/clock';
import { unknownRoomIssue } from '../../core/room-types';
import type { Caller } from '../../core/tenancy';
import { diff, type ChangeContext, type UnitOfWork } from '../../core/unit-of-work';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { toBusiness } from './mapping';
import type { PhotoStore } from './photos';
import { businessRepository, type BusinessRepository } from './repository';

export interface BusinessesServiceOptions {
  clock?: () => Date;
  /** Where gallery photos are kept; without it the photo calls are unavailable. */
  photos?: PhotoStore;
  /** The app's unit of work (its outbox events get dispatched). */
  unitOfWork: UnitOfWork;
}

/** What every part of the businesses service shares. */
export interface BusinessesDeps {
  db: Db;
  clock: () => Date;
  uow: UnitOfWork;
  photos: PhotoStore | undefined;
}

export function businessesDeps(db: Db, options: BusinessesServiceOptions): BusinessesDeps {
  return {
    db,
    clock: options.clock ?? systemClock,
    uow: options.unitOfWork,
    photos: options.photos,
  };
}

/** A change to one business, with its tariff repository at hand. */
export interface BusinessChangeContext extends ChangeContext {
  repo: BusinessRepository;
}

/**
 * One change to one business, in one transaction (the unit of work's `change`): version check
 * (stale → 409), row lock, `work`, its audit and outbox events; answers the business as it is
 * after, read in the same transaction.
 */
export async function changeBusiness<T>(
  deps: BusinessesDeps,
  caller: Caller,
  businessUuid: string,
  expectedVersion: number | undefined,
  work: (ctx: BusinessChangeContext) => Promise<T>,
): Promise<{ business: TBusiness; result: T }> {
  const { answer, result } = await deps.uow.change(
    caller,
    businessUuid,
    expectedVersion,
    (ctx) => work({ ...ctx, repo: businessRepository(ctx.tx, ctx.row.uuid) }),
    async (tx, after) => toBusiness(after, await businessRepository(tx, after.uuid).loadTariff()),
  );
  return { business: answer, result };
}

export const withoutUuid = <T extends { uuid?: string; id?: string }>(value: T) => {
  const { uuid: _uuid, id: _id, ...rest } = value;
  return rest as Record<string, unknown>;
};

/** The issue of a room type uuid not in the business (`core/room-types.ts`). */
export const unknownRoom = unknownRoomIssue;

/** Checks that every uuid is a live room type of the business; issues at `path.i`. */
export async function checkRoomUuids(repo: BusinessRepository, uuids: string[], path: string) {
  if (uuids.length === 0) return;
  const live = new Set((await repo.liveRoomTypes()).map((room) => room.uuid));
  const issues = uuids.flatMap((uuid, i) =>
    live.has(uuid) ? [] : [unknownRoomIssue(`${path}.${i}`)],
  );
  if (issues.length) throw AppError.validation(issues);
}

/**
 * Records one change to a part of the tariff configuration: its fields diffed, without its id; an
 * update that changed nothing records nothing.
 */
export function recordChange<T extends { name: string } & ({ uuid: string } | { id: string })>(
  ctx: ChangeContext,
  entity: TAuditEntity,
  action: 'create' | 'update' | 'delete',
  before: T | undefined,
  after: T | undefined,
) {
  const changes = diff(before && withoutUuid(before), after && withoutUuid(after));
  if (action === 'update' && Object.keys(changes).length === 0) return;
  const item = (after ?? before)!;
  const entityId = 'uuid' in item ? item.uuid : item.id;
  ctx.record({ action, entity, entityId, entityName: item.name, changes });
}

export function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
