import { systemClock, type Clock } from '../../core/clock';
import type { UnitOfWork } from '../../core/unit-of-work';
import type { Db } from '../../db/client';
import { competitorsService } from './competitors';
import type { MarketDeps } from './deps';
import { ratesService } from './rates';
import { ratesImportService } from './rates-import';
import { ratesPushService } from './rates-push';

export interface MarketServiceOptions {
  /** What "now" is (tests fix it): the age of rates and today's date. */
  clock?: Clock;
  unitOfWork: UnitOfWork;
}

/**
 * The market context of a business the caller reaches (docs/market.md): its competitors and their
 * room mappings (competitors.ts), their observed rates read back (rates.ts), pushed as JSON
 * (rates-push.ts) and imported from a CSV (rates-import.ts), all written one way (rates-write.ts).
 * The chart of market figures beside Tarifa's prices is analytics' (it reads the engine's cells).
 */
export function marketService(db: Db, options: MarketServiceOptions) {
  const deps: MarketDeps = {
    db,
    uow: options.unitOfWork,
    clock: options.clock ?? systemClock,
  };
  return {
    ...competitorsService(deps),
    ...ratesService(deps),
    ...ratesPushService(deps),
    ...ratesImportService(deps),
  };
}
export type MarketService = ReturnType<typeof marketService>;
