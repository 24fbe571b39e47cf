import { and, asc, between, eq, inArray, max, sql, count } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { competitorRates, competitors } from '../../db/schema';

export type CompetitorRow = typeof competitors.$inferSelect;

/** A competitor with how many rates it has and when the newest was observed. */
export interface CompetitorWithRates {
  competitor: CompetitorRow;
  rates: number;
  lastObservedAt: Date | null;
}

export interface CompetitorValues {
  name: string;
  url: string | null;
  stars: number | null;
  roomMappings: { category: string; roomUuid: string }[];
}

/** One rate to store (minor units; `priceMinor` null when sold out). */
export interface RateWrite {
  competitorUuid: string;
  category: string;
  night: string;
  priceMinor: number | null;
  soldOut: boolean;
  observedAt: Date;
  source: 'csv' | 'api' | 'manual';
}

export interface RateRow extends RateWrite {
  competitor: string;
}

/** Rows per insert: 8 parameters each, well under PostgreSQL's 65 535 per statement. */
const WRITE_CHUNK = 1000;

/**
 * Competitors and their observed rates, for one business the caller already reached. Every query
 * carries its uuid.
 */
export function marketRepository(db: Executor, businessUuid: string) {
  const ofBusiness = eq(competitors.businessUuid, businessUuid);

  return {
    /** The business's competitors by name, with their rates' count and newest observation. */
    async list(uuid?: string): Promise<CompetitorWithRates[]> {
      const stats = db
        .select({
          competitorUuid: competitorRates.competitorUuid,
          rates: count().as('rates'),
          lastObservedAt: max(competitorRates.observedAt).as('last_observed_at'),
        })
        .from(competitorRates)
        .where(eq(competitorRates.businessUuid, businessUuid))
        .groupBy(competitorRates.competitorUuid)
        .as('stats');
      const rows = await db
        .select({
          competitor: competitors,
          rates: stats.rates,
          lastObservedAt: stats.lastObservedAt,
        })
        .from(competitors)
        .leftJoin(stats, eq(stats.competitorUuid, competitors.uuid))
        .where(uuid ? and(ofBusiness, eq(competitors.uuid, uuid)) : ofBusiness)
        .orderBy(asc(competitors.name), asc(competitors.createdAt));
      return rows.map((row) => ({
        competitor: row.competitor,
        rates: Number(row.rates ?? 0),
        lastObservedAt: row.lastObservedAt ? new Date(row.lastObservedAt) : null,
      }));
    },

    async find(uuid: string): Promise<CompetitorWithRates | undefined> {
      return (await this.list(uuid))[0];
    },

    async countCompetitors(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(competitors).where(ofBusiness);
      return Number(row?.n ?? 0);
    },

    async insert(values: CompetitorValues): Promise<CompetitorRow> {
      const [row] = await db
        .insert(competitors)
        .values({ businessUuid, ...values })
        .returning();
      return row!;
    },

    async update(uuid: string, values: CompetitorValues): Promise<void> {
      await db
        .update(competitors)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(ofBusiness, eq(competitors.uuid, uuid)));
    },

    /** Deletes a competitor and (by cascade) its rates; answers the nights those covered. */
    async delete(uuid: string): Promise<{ from: string; to: string } | null> {
      const nights = await this.ratesSpan([uuid]);
      await db.delete(competitors).where(and(ofBusiness, eq(competitors.uuid, uuid)));
      return nights;
    },

    /** The first and last night the competitors' rates cover; null without rates. */
    async ratesSpan(uuids: string[]): Promise<{ from: string; to: string } | null> {
      const [row] = await db
        .select({
          from: sql<string | null>`min(${competitorRates.night})::text`,
          to: sql<string | null>`max(${competitorRates.night})::text`,
        })
        .from(competitorRates)
        .where(
          and(
            eq(competitorRates.businessUuid, businessUuid),
            inArray(competitorRates.competitorUuid, uuids),
          ),
        );
      return row?.from && row.to ? { from: row.from, to: row.to } : null;
    },

    /** The rates of the nights `from`…`to`, by night, competitor and category. */
    async rates(from: string, to: string): Promise<RateRow[]> {
      return db
        .select({
          competitorUuid: competitorRates.competitorUuid,
          competitor: competitors.name,
          category: competitorRates.category,
          night: competitorRates.night,
          priceMinor: competitorRates.priceMinor,
          soldOut: competitorRates.soldOut,
          observedAt: competitorRates.observedAt,
          source: sql<RateWrite['source']>`${competitorRates.source}`,
        })
        .from(competitorRates)
        .innerJoin(competitors, eq(competitors.uuid, competitorRates.competitorUuid))
        .where(
          and(
            eq(competitorRates.businessUuid, businessUuid),
            between(competitorRates.night, from, to),
          ),
        )
        .orderBy(
          asc(competitorRates.night),
          asc(competitors.name),
          asc(competitorRates.competitorUuid),
          asc(competitorRates.category),
        );
    },

    /**
     * Stores rates (each competitor, night and category once): a rate replaces the stored one of
     * its cell only when observed later; an older one is ignored. Answers how many were written.
     */
    async writeRates(rates: RateWrite[]): Promise<number> {
      let written = 0;
      for (let start = 0; start < rates.length; start += WRITE_CHUNK) {
        const rows = await db
          .insert(competitorRates)
          .values(rates.slice(start, start + WRITE_CHUNK).map((r) => ({ businessUuid, ...r })))
          .onConflictDoUpdate({
            target: [
              competitorRates.competitorUuid,
              competitorRates.night,
              competitorRates.category,
            ],
            set: {
              priceMinor: sql`excluded.price_minor`,
              soldOut: sql`excluded.sold_out`,
              observedAt: sql`excluded.observed_at`,
              source: sql`excluded.source`,
              updatedAt: sql`now()`,
            },
            setWhere: sql`${competitorRates.observedAt} < excluded.observed_at`,
          })
          .returning({ night: competitorRates.night });
        written += rows.length;
      }
      return written;
    },
  };
}
export type MarketRepository = ReturnType<typeof marketRepository>;

export interface StatsRow {
  roomUuid: string;
  night: string;
  median: number | string;
  low: number | string;
  high: number | string;
  competitors: number | string;
}

/**
 * The market figures per room type and night (see `loadMarketStats` in engine-input.ts), in one
 * set-based query over the fresh, mapped rates.
 */
export function marketStatsRows(
  tx: Executor,
  businessUuid: string,
  { from, to, since }: { from: string; to: string; since: Date },
): Promise<StatsRow[]> {
  return tx
    .execute(
      sql`
      with offers as (
        select m."roomUuid" as room_uuid, r.night, r.competitor_uuid, min(r.price_minor) as price
          from competitor_rates r
          join competitors c on c.uuid = r.competitor_uuid
          cross join lateral jsonb_to_recordset(c.room_mappings) as m(category text, "roomUuid" text)
         where r.business_uuid = ${businessUuid}
           and r.night between ${from} and ${to}
           and not r.sold_out
           and r.observed_at >= ${since.toISOString()}
           and lower(m.category) = lower(r.category)
         group by m."roomUuid", r.night, r.competitor_uuid
      )
      select room_uuid as "roomUuid", to_char(night, 'YYYY-MM-DD') as night,
             percentile_cont(0.5) within group (order by price) as median,
             min(price) as low, max(price) as high, count(*) as competitors
        from offers
       group by room_uuid, night`,
    )
    .then((result) => rowsOf<StatsRow>(result));
}
