import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Executor } from '../../db/client';
import { advisoryLocks } from '../../db/locks';
import { jobs } from '../../db/schema';

export type JobRow = typeof jobs.$inferSelect;

export interface EnqueueOptions {
  /** Not before this instant (default: now). */
  runAt?: Date;
  /** Attempts before the job is failed for good (default 5; 1: never retried). */
  maxAttempts?: number;
  /** At most one queued job with this key: a second enqueue is a no-op. */
  singletonKey?: string;
  /**
   * With `singletonKey`: also a no-op while a job with that key is running (a job that queues
   * its own next run, whose retry a second one queued meanwhile would stand in the way of).
   */
  unlessRunning?: boolean;
  /**
   * The business the job works for: the runner takes turns between businesses and caps how many
   * of one business's jobs run at once in a lane. Omit only for the app's own jobs.
   */
  businessUuid?: string;
}

/** Which jobs one claim may take: a lane's types, and how many of one business's may run. */
export interface ClaimScope {
  types: string[];
  /** Those of `types` taken only when no other of them is due (the handlers' `background`). */
  background?: string[];
  /** At most this many running jobs of one business among `types` (omit: no cap). */
  perBusiness?: number;
  /** How many of the earliest due jobs a claim ranks for turns (default `claimWindow`). */
  window?: number;
}

/**
 * How many of the earliest due jobs one claim ranks to give businesses turns: enough that a
 * lane's slots on several instances find a business not yet served among them, few enough that
 * a claim costs the same with a hundred jobs due or a hundred thousand.
 */
export const claimWindow = 100;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * `queued` again, unless its singleton key is already queued again (by a newer enqueue): then it
 * gives way (`failed`) — the queued job does the same work, and two queued jobs may not share a key.
 */
const queuedUnlessTwin = () => sql<string>`case when exists (
    select 1 from jobs q
     where q.singleton_key = ${jobs.singletonKey} and q.status = 'queued' and q.id <> ${jobs.id})
  then 'failed' else 'queued' end`;

/**
 * The `jobs` table: enqueue, claim, lease, finish, reap. Every write to a running job is guarded
 * by its lease owner, so a job another process declared dead is never written as if it were still
 * running.
 */
export function jobsRepository(db: Executor) {
  const held = (id: string, owner: string) =>
    and(eq(jobs.id, id), eq(jobs.leaseOwner, owner), eq(jobs.status, 'running'));

  return {
    /** Adds a job (in the caller's transaction when `db` is one); its id, or null (singleton). */
    async enqueue(
      type: string,
      payload: unknown,
      options: EnqueueOptions,
      now: Date,
    ): Promise<string | null> {
      const key = options.singletonKey ?? null;
      const running =
        options.unlessRunning && key
          ? sql`where not exists (select 1 from jobs where singleton_key = ${key} and status = 'running')`
          : sql``;
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`
          insert into jobs (type, payload, run_at, max_attempts, singleton_key, business_uuid,
                            created_at, updated_at)
          select ${type}, ${JSON.stringify(payload)}::jsonb, ${at(options.runAt ?? now)},
            ${options.maxAttempts ?? 5}, ${key}, ${options.businessUuid ?? null}::uuid,
            ${at(now)}, ${at(now)}
          ${running}
          on conflict (singleton_key) where status = 'queued' and singleton_key is not null
          do nothing
          returning id`),
      );
      return row?.id ?? null;
    },

    /**
     * Takes the next due job of the scope's types, if any, each once (`FOR UPDATE SKIP LOCKED`).
     *
     * A business already running `perBusiness` jobs of these types gets no more until one ends.
     * Of the others, the claim looks at the `window` earliest and the `window` newest due jobs (a
     * job of a `background` type only when no other is due: then at the earliest) and lets
     * businesses take turns among them: the one served
     * longest ago (its latest job of these types taken or finished) goes first, then by due time,
     * so one business's backlog never starves another's first job; the app's own jobs (no
     * business) are each a newcomer. Bounding the look keeps a claim's cost flat however many
     * jobs wait — at midnight a thousand businesses' rolls are due at once — and the cap keeps a
     * backlog longer than the window from holding more than its business's slots.
     */
    async claim(
      owner: string,
      scope: ClaimScope,
      leaseMs: number,
      now: Date,
    ): Promise<JobRow | undefined> {
      const { types, perBusiness, background = [], window = claimWindow } = scope;
      if (types.length === 0) return undefined;
      const foreground = types.filter((type) => !background.includes(type));
      // The businesses at their cap: a handful (at most the lane's slots), known in one look.
      const underCap = (business: SQL) =>
        perBusiness === undefined
          ? sql``
          : sql`and (${business} is null or ${business} not in (
                select r.business_uuid from jobs r
                 where r.status = 'running' and r.business_uuid is not null
                   and r.type in ${types}
                 group by r.business_uuid
                having count(*) >= ${perBusiness}))`;
      const look = (of: string[], unless: SQL, order: SQL) => sql`(
              select id, business_uuid, run_at, created_at from jobs
               where status = 'queued' and run_at <= ${at(now)} and type in ${of}
                 ${underCap(sql`business_uuid`)} ${unless}
               order by ${order}
               limit ${window})`;
      const earliest = sql`run_at, created_at`;
      // Background jobs only when no other one may be taken.
      const noForeground =
        foreground.length > 0
          ? sql`and not exists (
              select 1 from jobs f
               where f.status = 'queued' and f.run_at <= ${at(now)} and f.type in ${foreground}
                 ${underCap(sql`f.business_uuid`)})`
          : sql``;
      const pools = [
        ...(foreground.length > 0
          ? [
              look(foreground, sql``, earliest),
              // The newest too: an owner's edit made while a backlog waits is looked at at once.
              look(foreground, sql``, sql`run_at desc, created_at desc`),
            ]
          : []),
        ...(background.length > 0 ? [look(background, noForeground, earliest)] : []),
      ];
      const [row] = await db
        .update(jobs)
        .set({
          status: 'running',
          leaseOwner: owner,
          leaseExpiresAt: new Date(now.getTime() + leaseMs),
          attempts: sql`${jobs.attempts} + 1`,
          updatedAt: now,
        })
        .where(
          sql`${jobs.id} = (
            with due as (${sql.join(pools, sql` union `)})
            select j.id
              from due d
              join jobs j on j.id = d.id
              left join lateral (
                select s.updated_at as at from jobs s
                 where s.business_uuid = d.business_uuid
                   and s.type in ${types} and s.status <> 'queued'
                 order by s.updated_at desc
                 limit 1) served on true
             where j.status = 'queued'
             order by served.at nulls first, d.run_at, d.created_at
             for update of j skip locked
             limit 1)`,
        )
        .returning();
      return row;
    },

    /** Renews the lease; false when the job is no longer this owner's. */
    async renew(id: string, owner: string, leaseMs: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ leaseExpiresAt: new Date(now.getTime() + leaseMs), updatedAt: now })
        .where(held(id, owner))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** Done: succeeded; false when it was no longer this owner's. */
    async succeed(id: string, owner: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ status: 'succeeded', leaseOwner: null, leaseExpiresAt: null, updatedAt: now })
        .where(held(id, owner))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /**
     * A failed attempt of a running job, guarded by its `owner`: queued again at `retryAt`, or
     * failed for good when `retryAt` is null. `expiredBy`: only if its lease ran out by then (the
     * reaper, so that a lease renewed meanwhile wins).
     */
    async fail(
      id: string,
      owner: string,
      error: string,
      retryAt: Date | null,
      now: Date,
      expiredBy?: Date,
    ): Promise<JobRow | undefined> {
      const [row] = await db
        .update(jobs)
        .set({
          status: retryAt ? queuedUnlessTwin() : 'failed',
          runAt: retryAt ?? undefined,
          leaseOwner: null,
          leaseExpiresAt: null,
          lastError: error,
          updatedAt: now,
        })
        .where(
          and(
            held(id, owner),
            expiredBy === undefined ? undefined : lt(jobs.leaseExpiresAt, expiredBy),
          ),
        )
        .returning();
      return row;
    },

    /**
     * The server stops while this attempt runs: the job goes back to the queue, due now, as if
     * never taken — the attempt is not counted (it was cut short, it did not fail). Guarded by
     * `owner`; a twin queued meanwhile under its singleton key does the work instead (`failed`).
     */
    async handBack(id: string, owner: string, now: Date): Promise<JobRow | undefined> {
      const [row] = await db
        .update(jobs)
        .set({
          status: queuedUnlessTwin(),
          attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
          runAt: now,
          leaseOwner: null,
          leaseExpiresAt: null,
          lastError: 'handed back: the server stopped',
          updatedAt: now,
        })
        .where(held(id, owner))
        .returning();
      return row;
    },

    /**
     * What waits and runs, by job type, for the metrics (one query on the partial indexes of
     * queued and running jobs): due jobs queued, the age of the oldest due one, jobs running.
     */
    backlog: async (now: Date) =>
      rowsOf<{ type: string; queued: number; running: number; oldest_seconds: number | null }>(
        await db.execute(sql`
          select type,
                 count(*) filter (where status = 'queued')::int as queued,
                 count(*) filter (where status = 'running')::int as running,
                 extract(epoch from ${at(now)} - min(run_at) filter (where status = 'queued'))::float8
                   as oldest_seconds
            from jobs
           where status = 'running' or (status = 'queued' and run_at <= ${at(now)})
           group by type`),
      ),

    /** Running jobs whose lease ran out. */
    expired: (now: Date) =>
      db
        .select()
        .from(jobs)
        .where(and(eq(jobs.status, 'running'), lt(jobs.leaseExpiresAt, now))),

    running: () => db.select().from(jobs).where(eq(jobs.status, 'running')),

    /**
     * Deletes up to `limit` jobs that ended (succeeded or failed) before `before`; answers how
     * many. What a job did is kept by its module (an import's row, a delivery's attempts): the
     * jobs table only queues work, and the claim's turns read its recent history alone.
     */
    async prune(before: Date, limit: number): Promise<number> {
      const gone = await db.execute(sql`
        delete from jobs where id in (
          select id from jobs
           where status in ('succeeded', 'failed') and updated_at < ${at(before)}
           limit ${limit})
        returning id`);
      return rowsOf(gone).length;
    },

    /**
     * Live businesses with no queued or running job keyed `<prefix><business uuid>` (a job kept
     * once per business, like its daily roll).
     */
    businessesWithout: async (prefix: string) =>
      rowsOf<{ uuid: string; timezone: string }>(
        await db.execute(sql`
          select b.uuid, b.timezone
            from businesses b
           where b.deleted_at is null
             and not exists (
                   select 1 from jobs j
                    where j.singleton_key = ${prefix} || b.uuid::text
                      and j.status in ('queued', 'running'))`),
      ),

    find: async (id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0],
  };
}

/**
 * Whether the advisory lock a running job's process holds on PostgreSQL is free: the connection
 * that held it is gone, and so is its process.
 */
export async function runningLockFree(db: Db, jobId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ free: boolean }>(
      await tx.execute(
        sql`select pg_try_advisory_xact_lock(${advisoryLocks.runningJob}, hashtext(${jobId}::text)) as free`,
      ),
    );
    return row?.free === true;
  });
}
