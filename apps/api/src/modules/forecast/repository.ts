import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sazonalities } from '../../db/schema';
import type { InsightSeason } from './insights';

/**
 * What the insights read beyond the booking curves (those come from `core/forecast.ts`), for one
 * business the caller already reached. Every query carries its uuid.
 */
export function forecastRepository(db: Executor, businessUuid: string) {
  return {
    /** The seasons with a night in `from`…`to`, by start. */
    seasons: (from: string, to: string): Promise<InsightSeason[]> =>
      db
        .select({
          id: sazonalities.id,
          name: sazonalities.name,
          startDate: sazonalities.startDate,
          endDate: sazonalities.endDate,
          weekdays: sazonalities.weekdays,
        })
        .from(sazonalities)
        .where(
          and(
            eq(sazonalities.businessUuid, businessUuid),
            lte(sazonalities.startDate, to),
            gte(sazonalities.endDate, from),
          ),
        )
        .orderBy(asc(sazonalities.startDate), asc(sazonalities.name)),
  };
}
