import type { ZFluctuationLevelBody } from '@tarifa/contract';
import type { z } from 'zod';
import type { Caller } from '../../core/tenancy';
import { AppError } from '../../lib/errors';
import {
  changeBusiness,
  checkRoomUuids,
  recordChange,
  type BusinessChangeContext,
  type BusinessesDeps,
} from './change';
import { toFluctuationGroup, toStoredSteps } from './mapping';

type FluctuationLevelBody = z.output<typeof ZFluctuationLevelBody>;
type FluctuationLevelFields = FluctuationLevelBody['fluctuationLevel'];

const groupValues = (input: FluctuationLevelFields) => ({
  name: input.name,
  roomUuids: input.roomUuids,
  levels: toStoredSteps(input.levels),
});

/** A new group of occupancy levels, in a change: its room types checked, audited. */
export async function createFluctuationGroupIn(
  ctx: BusinessChangeContext,
  input: FluctuationLevelFields,
) {
  await checkRoomUuids(ctx.repo, input.roomUuids, 'fluctuationLevel.roomUuids');
  const row = await ctx.repo.insertFluctuationGroup(groupValues(input));
  recordChange(ctx, 'fluctuation_group', 'create', undefined, toFluctuationGroup(row));
}

/** A group replaced, in a change: unknown → 404; its fields diffed into the audit. */
export async function updateFluctuationGroupIn(
  ctx: BusinessChangeContext,
  groupUuid: string,
  input: FluctuationLevelFields,
) {
  const found = await ctx.repo.findFluctuationGroup(groupUuid);
  if (!found) throw AppError.notFound('Fluctuation-level group');
  await checkRoomUuids(ctx.repo, input.roomUuids, 'fluctuationLevel.roomUuids');
  const row = (await ctx.repo.updateFluctuationGroup(groupUuid, groupValues(input)))!;
  recordChange(
    ctx,
    'fluctuation_group',
    'update',
    toFluctuationGroup(found),
    toFluctuationGroup(row),
  );
}

/** A group deleted, in a change: unknown → 404. */
export async function deleteFluctuationGroupIn(ctx: BusinessChangeContext, groupUuid: string) {
  const row = await ctx.repo.deleteFluctuationGroup(groupUuid);
  if (!row) throw AppError.notFound('Fluctuation-level group');
  recordChange(ctx, 'fluctuation_group', 'delete', toFluctuationGroup(row), undefined);
}

/** Occupancy levels (fluctuation-level groups): price steps by occupancy, per room types. */
export function occupancyLevels(deps: BusinessesDeps) {
  return {
    async createFluctuationGroup(caller: Caller, businessUuid: string, body: FluctuationLevelBody) {
      const { business } = await changeBusiness(deps, caller, businessUuid, body.version, (ctx) =>
        createFluctuationGroupIn(ctx, body.fluctuationLevel),
      );
      return business;
    },

    async updateFluctuationGroup(
      caller: Caller,
      businessUuid: string,
      groupUuid: string,
      body: FluctuationLevelBody,
    ) {
      const { business } = await changeBusiness(deps, caller, businessUuid, body.version, (ctx) =>
        updateFluctuationGroupIn(ctx, groupUuid, body.fluctuationLevel),
      );
      return business;
    },

    async deleteFluctuationGroup(
      caller: Caller,
      businessUuid: string,
      groupUuid: string,
      version: number | undefined,
    ) {
      const { business } = await changeBusiness(deps, caller, businessUuid, version, (ctx) =>
        deleteFluctuationGroupIn(ctx, groupUuid),
      );
      return business;
    },
  };
}
