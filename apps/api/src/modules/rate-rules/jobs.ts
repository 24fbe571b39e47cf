import type { FastifyInstance } from 'fastify';
import {
  RATE_PLANS_CHANGED,
  RATE_RULES_APPROVED,
  TARIFF_CHANGED,
  type DispatchedEvent,
} from '../../core/unit-of-work';
import { businessesRepository, systemCaller } from '../../core/tenancy';
import type { Executor } from '../../db/client';
import { recordRuleBaselines, syncRateRuleChange } from './service';

/**
 * The rate-rules module on the app's job mechanism (called once, from app.ts): each edit of the
 * rules — a rate plan's (`rate_plans.changed`), a room type's guests or the settings'
 * (`tariff.changed`) — gathered into the pending change in the dispatch transaction (and, approved
 * at once with `settings.autoApprove`, handed to publishing); when the app is ready, published
 * rules recorded for every business that publishes and has none.
 */
export function registerRateRulesJobs(app: FastifyInstance) {
  const log = app.log.child({ module: 'rate-rules' });
  const sync = async (event: DispatchedEvent, tx: Executor) => {
    const { businessUuid } = event.payload;
    const business = await businessesRepository(tx, { kind: 'all' }).findLive(businessUuid);
    if (!business) return;
    const approved = await syncRateRuleChange(tx, business, app.clock());
    if (approved) {
      // Emitted in the dispatch transaction: written with it, dispatched next.
      await app.unitOfWork.flushIn(tx, systemCaller(), new Map(), [
        { type: RATE_RULES_APPROVED, businessUuid, changeId: approved },
      ]);
    }
  };
  app.subscribe(TARIFF_CHANGED, sync);
  app.subscribe(RATE_PLANS_CHANGED, sync);
  app.addHook('onReady', async () => {
    const recorded = await recordRuleBaselines(app.database.db, app.clock());
    if (recorded) log.info({ businesses: recorded }, 'published rate rules recorded');
  });
}
