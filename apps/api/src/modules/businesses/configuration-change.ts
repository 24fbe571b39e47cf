import type { ZConfigurationChange } from '@tarifa/contract';
import type { z } from 'zod';
import type { BusinessChangeContext } from './change';
import {
  createFluctuationGroupIn,
  deleteFluctuationGroupIn,
  updateFluctuationGroupIn,
} from './occupancy-levels';
import { replaceRoomsTariffIn } from './rooms';
import { createSazonalityIn, deleteSazonalityIn, updateSazonalityIn } from './seasons';
import { updateSettingsIn } from './settings';

type ConfigurationChange = z.output<typeof ZConfigurationChange>;

/**
 * A configuration change as a preview takes it (`POST …/prices/preview`), made for real inside a
 * business's change: exactly the work of its tariff-configuration call — the same checks, the
 * same audit events, and with them the `tariff.changed` event that recomputes the price changes.
 * Several in one change are one transaction and one new version.
 */
export async function applyConfigurationChange(
  ctx: BusinessChangeContext,
  change: ConfigurationChange,
): Promise<void> {
  switch (change.kind) {
    case 'roomsTariff':
      return replaceRoomsTariffIn(ctx, change.roomsTariff);
    case 'settings':
      return updateSettingsIn(ctx, change.settings);
    case 'sazonality':
      if (change.id === undefined) await createSazonalityIn(ctx, change.sazonality);
      else await updateSazonalityIn(ctx, change.id, change.sazonality);
      return;
    case 'deleteSazonality':
      return deleteSazonalityIn(ctx, change.id);
    case 'fluctuationLevel':
      return change.groupUuid === undefined
        ? createFluctuationGroupIn(ctx, change.fluctuationLevel)
        : updateFluctuationGroupIn(ctx, change.groupUuid, change.fluctuationLevel);
    case 'deleteFluctuationLevel':
      return deleteFluctuationGroupIn(ctx, change.groupUuid);
  }
}
