import type { TSazonality, ZSazonalityBody } from '@tarifa/contract';
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
import { toSazonality, toStoredSazonalityValue } from './mapping';

type SazonalityBody = z.output<typeof ZSazonalityBody>;
type SazonalityFields = SazonalityBody['sazonality'];

/** A new season, in a change: its room types checked (`sazonality.roomUuids.<i>`), audited. */
export async function createSazonalityIn(
  ctx: BusinessChangeContext,
  fields: SazonalityFields,
): Promise<TSazonality> {
  await checkRoomUuids(ctx.repo, fields.roomUuids, 'sazonality.roomUuids');
  const sazonality = toSazonality(await ctx.repo.insertSazonality(sazonalityValues(fields)));
  recordChange(ctx, 'sazonality', 'create', undefined, sazonality);
  return sazonality;
}

/** A season replaced, in a change: unknown → 404; its fields diffed into the audit. */
export async function updateSazonalityIn(
  ctx: BusinessChangeContext,
  id: string,
  fields: SazonalityFields,
): Promise<TSazonality> {
  const found = await ctx.repo.findSazonality(id);
  if (!found) throw AppError.notFound('Sazonality');
  await checkRoomUuids(ctx.repo, fields.roomUuids, 'sazonality.roomUuids');
  const sazonality = toSazonality((await ctx.repo.updateSazonality(id, sazonalityValues(fields)))!);
  recordChange(ctx, 'sazonality', 'update', toSazonality(found), sazonality);
  return sazonality;
}

/** A season deleted, in a change: unknown → 404. */
export async function deleteSazonalityIn(ctx: BusinessChangeContext, id: string) {
  const row = await ctx.repo.deleteSazonality(id);
  if (!row) throw AppError.notFound('Sazonality');
  recordChange(ctx, 'sazonality', 'delete', toSazonality(row), undefined);
}

/** Seasons (sazonalities): adjustments over date ranges and weekdays, per room types. */
export function seasons(deps: BusinessesDeps) {
  return {
    async createSazonality(caller: Caller, businessUuid: string, body: SazonalityBody) {
      const { business, result } = await changeBusiness(
        deps,
        caller,
        businessUuid,
        body.version,
        (ctx) => createSazonalityIn(ctx, body.sazonality),
      );
      return { business, sazonality: result };
    },

    async updateSazonality(caller: Caller, businessUuid: string, id: string, body: SazonalityBody) {
      const { business, result } = await changeBusiness(
        deps,
        caller,
        businessUuid,
        body.version,
        (ctx) => updateSazonalityIn(ctx, id, body.sazonality),
      );
      return { business, sazonality: result };
    },

    async deleteSazonality(
      caller: Caller,
      businessUuid: string,
      id: string,
      version: number | undefined,
    ) {
      const { business } = await changeBusiness(deps, caller, businessUuid, version, (ctx) =>
        deleteSazonalityIn(ctx, id),
      );
      return business;
    },
  };
}

function sazonalityValues(s: SazonalityFields) {
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
