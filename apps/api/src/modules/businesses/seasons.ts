import type { ZSazonalityBody } from '@tarifa/contract';
import type { z } from 'zod';
import type { Caller } from '../../core/tenancy';
import { AppError } from '../../lib/errors';
import { changeBusiness, checkRoomUuids, recordChange, type BusinessesDeps } from './change';
import { toSazonality, toStoredSazonalityValue } from './mapping';

type SazonalityBody = z.output<typeof ZSazonalityBody>;

/** Seasons (sazonalities): adjustments over date ranges and weekdays, per room types. */
export function seasons(deps: BusinessesDeps) {
  return {
    async createSazonality(caller: Caller, businessUuid: string, body: SazonalityBody) {
      const { business, result } = await changeBusiness(
        deps,
        caller,
        businessUuid,
        body.version,
        async (ctx) => {
          await checkRoomUuids(ctx.repo, body.sazonality.roomUuids, 'sazonality.roomUuids');
          const row = await ctx.repo.insertSazonality(sazonalityValues(body));
          const sazonality = toSazonality(row);
          recordChange(ctx, 'sazonality', 'create', undefined, sazonality);
          return sazonality;
        },
      );
      return { business, sazonality: result };
    },

    async updateSazonality(caller: Caller, businessUuid: string, id: string, body: SazonalityBody) {
      const { business, result } = await changeBusiness(
        deps,
        caller,
        businessUuid,
        body.version,
        async (ctx) => {
          const found = await ctx.repo.findSazonality(id);
          if (!found) throw AppError.notFound('Sazonality');
          await checkRoomUuids(ctx.repo, body.sazonality.roomUuids, 'sazonality.roomUuids');
          const row = (await ctx.repo.updateSazonality(id, sazonalityValues(body)))!;
          const sazonality = toSazonality(row);
          recordChange(ctx, 'sazonality', 'update', toSazonality(found), sazonality);
          return sazonality;
        },
      );
      return { business, sazonality: result };
    },

    async deleteSazonality(
      caller: Caller,
      businessUuid: string,
      id: string,
      version: number | undefined,
    ) {
      const { business } = await changeBusiness(
        deps,
        caller,
        businessUuid,
        version,
        async (ctx) => {
          const row = await ctx.repo.deleteSazonality(id);
          if (!row) throw AppError.notFound('Sazonality');
          recordChange(ctx, 'sazonality', 'delete', toSazonality(row), undefined);
        },
      );
      return business;
    },
  };
}

function sazonalityValues(body: SazonalityBody) {
  const s = body.sazonality;
  return {
    name: s.name,
    color: s.color,
    startDate: s.startDate,
    endDate: s.endDate,
    weekdays: s.weekdays,
    roomUuids: s.roomUuids,
    adjustmentType: s.adjustmentType,
    value: toStoredSazonalityValue(s.adjustmentType, s.value),
    priority: s.priority,
    minStay: s.minStay,
  };
}
