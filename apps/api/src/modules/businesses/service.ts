import type { Db } from '../../db/client';
import { businessesDeps, type BusinessesServiceOptions } from './change';
import { gallery } from './gallery';
import { lifecycle } from './lifecycle';
import { occupancyLevels } from './occupancy-levels';
import { rooms } from './rooms';
import { seasons } from './seasons';
import { settings } from './settings';

export type { BusinessesServiceOptions } from './change';

/**
 * Properties and their tariff configuration (docs/properties.md), one part per concern: the
 * business's life, its room types, settings, occupancy levels, seasons and photos (its audit trail: modules/audit).
 * Every change goes through the unit of work (core/unit-of-work): one transaction with its audit
 * and outbox events.
 */
export function businessesService(db: Db, options: BusinessesServiceOptions) {
  const deps = businessesDeps(db, options);
  return {
    ...lifecycle(deps),
    ...rooms(deps),
    ...settings(deps),
    ...occupancyLevels(deps),
    ...seasons(deps),
    ...gallery(deps),
  };
}
export type BusinessesService = ReturnType<typeof businessesService>;
