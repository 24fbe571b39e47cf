import type { TCompetitorRatesResult, TFieldIssue, ZCompetitorRatesBody } from '@tarifa/contract';
import { toMinor } from '@tarifa/pricing';
import type { z } from 'zod';
import { reachBusiness, type Caller } from '../../core/tenancy';
import { AppError } from '../../lib/errors';
import { writeRates } from './rates-write';
import { marketRepository } from './repository';
import type { MarketDeps } from './deps';

type RatesBody = z.output<typeof ZCompetitorRatesBody>;

/** Rates pushed as JSON (by a channel manager's token or a scraper), all or nothing. */
export function ratesPushService({ uow, clock }: Pick<MarketDeps, 'uow' | 'clock'>) {
  return {
    /** `PUT …/competitor-rates`: all or nothing; an unknown competitor is 400 naming it. */
    async pushRates(
      caller: Caller,
      businessUuid: string,
      body: RatesBody,
    ): Promise<TCompetitorRatesResult> {
      return uow.write(caller, async ({ tx, emit }) => {
        const business = await reachBusiness(tx, caller, businessUuid);
        const known = new Set(
          (await marketRepository(tx, business.uuid).list()).map((c) => c.competitor.uuid),
        );
        const issues: TFieldIssue[] = [];
        body.rates.forEach((rate, i) => {
          if (!known.has(rate.competitorUuid)) {
            issues.push({
              path: `rates.${i}.competitorUuid`,
              code: 'unknown_competitor',
              message: 'No such competitor in this business',
            });
          }
        });
        if (issues.length) throw AppError.validation(issues);
        const now = clock();
        const { result, events } = await writeRates(
          tx,
          business,
          body.rates.map((rate) => ({
            competitorUuid: rate.competitorUuid,
            category: rate.category,
            night: rate.date,
            priceMinor: rate.price === null ? null : toMinor(rate.price),
            soldOut: rate.price === null,
            observedAt: rate.observedAt ? new Date(rate.observedAt) : now,
            source: 'api',
          })),
        );
        events.forEach(emit);
        return result;
      });
    },
  };
}
