import type { ZFluctuationLevelBody } from '@tarifa/contract';
import type { z } from 'zod';
import type { Caller } from '../../core/tenancy';
import { AppError } from '../../lib/errors';
import { changeBusiness, checkRoomUuids, recordChange, type BusinessesDeps } from './change';
import { toFluctuationGroup, toStoredSteps } from './mapping';

type FluctuationLevelBody = z.output<typeof ZFluctuationLevelBody>;

/** Occupancy levels (fluctuation-level groups): price steps by occupancy, per room types. */
export function occupancyLevels(deps: BusinessesDeps) {
  return {
    async createFluctuationGroup(caller: Caller, businessUuid: string, body: FluctuationLevelBody) {
      const { business } = await changeBusiness(
        deps,
        caller,
        businessUuid,
        body.version,
        async (ctx) => {
          const input = body.fluctuationLevel;
          await checkRoomUuids(ctx.repo, input.roomUuids, 'fluctuationLevel.roomUuids');
          const row = await ctx.repo.insertFluctuationGroup({
            name: input.name,
            roomUuids: input.roomUuids,
            levels: toStoredSteps(input.levels),
          });
          recordChange(ctx, 'fluctuation_group', 'create', undefined, toFluctuationGroup(row));
        },
      );
      return business;
    },

    async updateFluctuationGroup(
      caller: Caller,
      businessUuid: string,
      groupUuid: string,
      body: FluctuationLevelBody,
    ) {
      const { business } = await changeBusiness(
        deps,
        caller,
        businessUuid,
        body.version,
        async (ctx) => {
          const found = await ctx.repo.findFluctuationGroup(groupUuid);
          if (!found) throw AppError.notFound('Fluctuation-level group');
          const input = body.fluctuationLevel;
          await checkRoomUuids(ctx.repo, input.roomUuids, 'fluctuationLevel.roomUuids');
          const row = (await ctx.repo.updateFluctuationGroup(groupUuid, {
            name: input.name,
            roomUuids: input.roomUuids,
            levels: toStoredSteps(input.levels),
          }))!;
          recordChange(
            ctx,
            'fluctuation_group',
            'update',
            toFluctuationGroup(found),
            toFluctuationGroup(row),
          );
        },
      );
      return business;
    },

    async deleteFluctuationGroup(
      caller: Caller,
      businessUuid: string,
      groupUuid: string,
      version: number | undefined,
    ) {
      const { business } = await changeBusiness(
        deps,
        caller,
        businessUuid,
        version,
        async (ctx) => {
          const row = await ctx.repo.deleteFluctuationGroup(groupUuid);
          if (!row) throw AppError.notFound('Fluctuation-level group');
          recordChange(ctx, 'fluctuation_group', 'delete', toFluctuationGroup(row), undefined);
        },
      );
      return business;
    },
  };
}
