import type { TTariffSettings, ZSettingsBody } from '@tarifa/contract';
import type { z } from 'zod';
import type { Caller } from '../../core/tenancy';
import {
  changeBusiness,
  stripUndefined,
  type BusinessChangeContext,
  type BusinessesDeps,
} from './change';
import { diff, toSettings, toStoredSettings } from './mapping';

type SettingsBody = z.output<typeof ZSettingsBody>;

/**
 * Settings, in a change: each top-level key sent replaces the stored one; the others are kept.
 * One audit event with every setting that changed; none when nothing did.
 */
export async function updateSettingsIn(
  ctx: BusinessChangeContext,
  settings: SettingsBody['settings'],
) {
  const before = toSettings(ctx.row.settings);
  const next: TTariffSettings = { ...before, ...stripUndefined(settings) };
  const changes = diff(before, next);
  if (Object.keys(changes).length === 0) return;
  await ctx.updateBusiness({ settings: toStoredSettings(next) });
  ctx.record({
    action: 'update',
    entity: 'settings',
    entityId: ctx.row.uuid,
    entityName: ctx.row.name,
    changes,
  });
}

/** The tariff settings of a business (weekday adjustments, rounding…). */
export function settings(deps: BusinessesDeps) {
  return {
    async updateSettings(caller: Caller, businessUuid: string, body: SettingsBody) {
      const { business } = await changeBusiness(deps, caller, businessUuid, body.version, (ctx) =>
        updateSettingsIn(ctx, body.settings),
      );
      return business;
    },
  };
}
