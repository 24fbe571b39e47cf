import { createHash } from 'node:crypto';
import type { AutopilotHistory, EngineConfiguration } from '@tarifa/autopilot';
import { addDays } from '@tarifa/pricing';
import type { BusinessRow } from '../../core/tenancy';
import { reads, type Executor } from '../../db/client';
import { loadConfiguration } from '../pricing-inputs/cells';
import { toEngine, type Configuration } from '../pricing-inputs/configuration';
import { autopilotRepository } from './repository';

/** How many nights before today the history holds. */
const HISTORY_NIGHTS = 365;

/**
 * A fingerprint of a tariff configuration in the engine's terms: two configurations that price
 * alike have the same one. A suggestion is applied only to the configuration it was computed
 * from; an edit of anything the engine reads in between makes it stale.
 */
export function fingerprintOf(config: EngineConfiguration): string {
  return createHash('sha256').update(JSON.stringify(config)).digest('hex').slice(0, 32);
}

/**
 * What the autopilot learns from, as of `today` (where the business is): the bookings with a
 * night in the year before it — cancelled ones and no-shows included, each room-night at the
 * booking's total over its nights and rooms — the prices that were on offer for those nights
 * (price changes when published, and the prices published now, each from the day it was
 * published), and the tariff configuration as the engine reads it (`toEngine`).
 */
export async function gatherHistory(
  db: Executor,
  business: BusinessRow,
  today: string,
): Promise<{ history: AutopilotHistory; configuration: Configuration }> {
  const from = addDays(today, -HISTORY_NIGHTS);
  const to = addDays(today, -1);
  const repo = autopilotRepository(db, business.uuid);
  const [configuration, bookings, offers] = await reads(db, [
    () => loadConfiguration(db, business),
    () => repo.bookings(from, to),
    () => repo.offers(from, to, business.timezone),
  ] as const);
  return {
    history: { today, config: toEngine(configuration), bookings, offers },
    configuration,
  };
}
