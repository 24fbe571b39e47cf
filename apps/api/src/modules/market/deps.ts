import type { Clock } from '../../core/clock';
import type { UnitOfWork } from '../../core/unit-of-work';
import type { Db } from '../../db/client';

/** What the market's services are built with. */
export interface MarketDeps {
  db: Db;
  uow: UnitOfWork;
  /** What "now" is: the age of rates and the time of an observation without one. */
  clock: Clock;
}
