import {
  marketLimits,
  type TCompetitorRatesImportResult,
  type TImportRowError,
  type ZCompetitorRatesImportQuery,
} from '@tarifa/contract';
import type { z } from 'zod';
import { policyFor, reachBusiness, type Caller } from '../../core/tenancy';
import { AppError } from '../../lib/errors';
import { competitorAudit } from './competitors';
import { parseRatesCsv, type ParsedRate } from './rates-csv';
import { byName, writeRates } from './rates-write';
import { marketRepository } from './repository';
import type { MarketDeps } from './deps';

type ImportOptions = z.output<typeof ZCompetitorRatesImportQuery>;

/** A CSV of rates imported in one transaction, its competitors created on request. */
export function ratesImportService({ uow, clock }: Pick<MarketDeps, 'uow' | 'clock'>) {
  return {
    /**
     * `POST …/competitor-rates/import`: a CSV read whole and written in one transaction (a year of
     * 10 competitors × 5 categories is ~18 000 rows, a second or two: no background job). Atomic
     * mode writes nothing when a row is bad; `skip_invalid` writes the good rows.
     */
    async importRates(
      caller: Caller,
      businessUuid: string,
      file: Buffer,
      options: ImportOptions,
    ): Promise<TCompetitorRatesImportResult> {
      // An integration token adds rates to the competitors the owner listed, never new ones.
      if (options.createCompetitors) {
        policyFor(caller).assert(
          'create',
          'Competitor',
          'Integration tokens add rates for existing competitors only',
        );
      }
      const parsed = await parseRatesCsv(file);
      return uow.write(caller, async ({ tx, emit, record }) => {
        const business = await reachBusiness(tx, caller, businessUuid);
        const empty = { total: 0, written: 0, ignored: 0, rejected: 0, createdCompetitors: [] };
        if (!parsed.ok) {
          const params = parsed.columns ? { columns: parsed.columns } : undefined;
          return {
            ...empty,
            errors: [],
            failure: { code: parsed.code, message: parsed.message, ...(params && { params }) },
          };
        }
        const repo = marketRepository(tx, business.uuid);
        const competitors = new Map<string, string>();
        for (const { competitor } of await repo.list()) {
          if (!competitors.has(byName(competitor.name))) {
            competitors.set(byName(competitor.name), competitor.uuid);
          }
        }
        const errors: TImportRowError[] = [...parsed.errors];
        const missing = new Map<string, string>();
        const good: ParsedRate[] = [];
        for (const rate of parsed.rates) {
          if (competitors.has(byName(rate.competitor))) good.push(rate);
          else if (options.createCompetitors) {
            if (!missing.has(byName(rate.competitor))) {
              missing.set(byName(rate.competitor), rate.competitor);
            }
            good.push(rate);
          } else {
            errors.push({
              row: rate.row,
              column: 'competitor',
              code: 'unknown_competitor',
              message: `No competitor named ${rate.competitor}: add it first, or let the import create it`,
            });
          }
        }
        errors.sort((a, b) => a.row - b.row);
        const rejected = new Set(errors.map((e) => e.row)).size;
        const report = { errors: errors.slice(0, marketLimits.importErrorsMax), rejected };
        if (rejected > 0 && options.mode === 'atomic') {
          return {
            ...empty,
            total: parsed.total,
            ...report,
            failure: {
              code: 'invalid_rows',
              message: `${rejected} rows are invalid; nothing was imported`,
            },
          };
        }
        if (competitors.size + missing.size > marketLimits.competitorsMax) {
          throw AppError.field(
            'file',
            'too_many',
            `A business lists at most ${marketLimits.competitorsMax} competitors`,
          );
        }
        for (const [key, name] of missing) {
          const row = await repo.insert({ name, url: null, stars: null, roomMappings: [] });
          competitors.set(key, row.uuid);
          const created = { name, url: null, stars: null, roomMappings: [] };
          competitorAudit(row.uuid, undefined, created).forEach((e) => record(business.uuid, e));
        }
        const now = clock();
        const { result, events } = await writeRates(
          tx,
          business,
          good.map((rate) => ({
            competitorUuid: competitors.get(byName(rate.competitor))!,
            category: rate.category,
            night: rate.night,
            priceMinor: rate.priceMinor,
            soldOut: rate.soldOut,
            observedAt: rate.observedAt ?? now,
            source: 'csv',
          })),
        );
        events.forEach(emit);
        return {
          total: parsed.total,
          ...result,
          ...report,
          createdCompetitors: [...missing.values()],
          failure: null,
        };
      });
    },
  };
}
