import type { TPlanId, TRole } from '@tarifa/contract';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { reads, rowsOf, type Executor } from '../../db/client';
import {
  apiTokens,
  bookings,
  businesses,
  imports,
  roomTypes,
  sessions,
  users,
} from '../../db/schema';
import { containsPattern } from '../../lib/text';

export type UserRow = typeof users.$inferSelect;

export interface UserFilter {
  search?: string;
  role?: TRole;
  disabled?: boolean;
  plan?: TPlanId;
}

export interface Page {
  limit: number;
  offset: number;
}

/** Counts per ISO week (the Monday, `YYYY-MM-DD`, UTC) from `since` on. */
export interface WeekCount {
  week: string;
  signUps: number;
  imports: number;
  bookings: number;
}

/**
 * Properties a user owns, deleted ones not counted. Spelled out: in a one-table select Drizzle
 * leaves the table off column names, and `uuid` would then be the business's.
 */
const propertiesCount = sql<number>`(
  select count(*)::int from ${businesses} owned
  where owned.owner_uuid = ${users}.uuid and owned.deleted_at is null
)`;

/**
 * SQL of the admin area: every account and business, no tenant boundary (the routes let
 * super-admins only in). No rules here (they live in the service).
 */
export function adminRepository(db: Executor) {
  function userWhere(filter: UserFilter): SQL | undefined {
    const pattern = filter.search ? containsPattern(filter.search) : undefined;
    return and(
      pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
      filter.role ? sql`${filter.role} = any(${users.roles})` : undefined,
      filter.disabled === undefined
        ? undefined
        : filter.disabled
          ? isNotNull(users.disabledAt)
          : isNull(users.disabledAt),
      filter.plan ? eq(users.plan, filter.plan) : undefined,
    );
  }

  function businessWhere(search: string | undefined): SQL | undefined {
    if (!search) return undefined;
    const pattern = containsPattern(search);
    return or(
      ilike(businesses.name, pattern),
      ilike(users.name, pattern),
      ilike(users.email, pattern),
    );
  }

  return {
    listUsers: (filter: UserFilter, page: Page) =>
      reads(db, [
        () =>
          db
            .select({ user: users, propertiesCount })
            .from(users)
            .where(userWhere(filter))
            .orderBy(desc(users.createdAt), users.uuid)
            .limit(page.limit)
            .offset(page.offset),
        async () =>
          (await db.select({ value: count() }).from(users).where(userWhere(filter)))[0]?.value ?? 0,
      ] as const),

    findUser: async (uuid: string) =>
      (
        await db
          .select({ user: users, propertiesCount })
          .from(users)
          .where(eq(users.uuid, uuid))
          .for('update', { of: users })
      )[0],

    /**
     * The enabled super-admins, their rows locked until the transaction ends: two admins demoting
     * each other at once are taken one after the other, so one of them always stays.
     */
    lockEnabledSuperAdmins: async () =>
      (
        await db
          .select({ uuid: users.uuid })
          .from(users)
          .where(and(sql`'super-admin' = any(${users.roles})`, isNull(users.disabledAt)))
          .orderBy(users.uuid)
          .for('update')
      ).map((row) => row.uuid),

    updateUser: (uuid: string, values: Partial<Pick<UserRow, 'roles' | 'disabledAt'>>, at: Date) =>
      db
        .update(users)
        .set({ ...values, updatedAt: at })
        .where(eq(users.uuid, uuid)),

    revokeSessionsOf: (userUuid: string, at: Date) =>
      db
        .update(sessions)
        .set({ revokedAt: at, updatedAt: at })
        .where(and(eq(sessions.userUuid, userUuid), isNull(sessions.revokedAt))),

    /** Every business, deleted ones too, with its owner and counts: one statement, no N+1. */
    listBusinesses: (search: string | undefined, page: Page) =>
      reads(db, [
        () =>
          db
            .select({
              business: businesses,
              owner: { uuid: users.uuid, name: users.name, email: users.email, plan: users.plan },
              roomTypes: sql<number>`(
                select count(*)::int from ${roomTypes}
                where ${roomTypes.businessUuid} = ${businesses.uuid} and ${roomTypes.deletedAt} is null
              )`,
              bookings: sql<number>`(
                select count(*)::int from ${bookings} where ${bookings.businessUuid} = ${businesses.uuid}
              )`,
              lastImportAt: sql<Date | string | null>`(
                select max(${imports.createdAt}) from ${imports} where ${imports.businessUuid} = ${businesses.uuid}
              )`,
            })
            .from(businesses)
            .innerJoin(users, eq(users.uuid, businesses.ownerUuid))
            .where(businessWhere(search))
            .orderBy(desc(businesses.createdAt), businesses.uuid)
            .limit(page.limit)
            .offset(page.offset),
        async () =>
          (
            await db
              .select({ value: count() })
              .from(businesses)
              .innerJoin(users, eq(users.uuid, businesses.ownerUuid))
              .where(businessWhere(search))
          )[0]?.value ?? 0,
      ] as const),

    /** The live integration tokens of every business, newest first. */
    listLiveTokens: () =>
      db
        .select({
          token: apiTokens,
          business: { uuid: businesses.uuid, name: businesses.name },
          owner: { uuid: users.uuid, name: users.name, email: users.email },
        })
        .from(apiTokens)
        .innerJoin(businesses, eq(businesses.uuid, apiTokens.businessUuid))
        .innerJoin(users, eq(users.uuid, businesses.ownerUuid))
        .where(isNull(apiTokens.revokedAt))
        .orderBy(desc(apiTokens.createdAt), apiTokens.id),

    /** Revokes a live token; answers it, or undefined when unknown or already revoked. */
    revokeToken: async (id: string, at: Date) =>
      (
        await db
          .update(apiTokens)
          .set({ revokedAt: at, updatedAt: at })
          .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
          .returning()
      )[0],

    totals: async () => {
      const [row] = rowsOf<Record<string, number | string>>(
        await db.execute(sql`select
          (select count(*) from ${users})::int as users,
          (select count(*) from ${users} where ${users.disabledAt} is not null)::int as disabled_users,
          (select count(*) from ${businesses} where ${businesses.deletedAt} is null)::int as properties,
          (select count(*) from ${bookings})::int as bookings,
          (select count(*) from ${apiTokens} where ${apiTokens.revokedAt} is null)::int as active_tokens`),
      );
      const plans = await db
        .select({ plan: users.plan, value: count() })
        .from(users)
        .groupBy(users.plan);
      return {
        users: Number(row!.users),
        disabledUsers: Number(row!.disabled_users),
        properties: Number(row!.properties),
        bookings: Number(row!.bookings),
        activeTokens: Number(row!.active_tokens),
        plans: plans.map((p) => ({ plan: p.plan as TPlanId, count: p.value })),
      };
    },

    /** Sign-ups, imports and bookings created per ISO week (UTC) from `since` (a Monday) on. */
    weekly: async (since: Date): Promise<WeekCount[]> => {
      const week = (column: SQL) =>
        sql`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;
      const rows = rowsOf<{ week: string; kind: string; n: number | string }>(
        await db.execute(sql`
          select ${week(sql`${users.createdAt}`)} as week, 'signUps' as kind, count(*)::int as n
            from ${users} where ${users.createdAt} >= ${since.toISOString()} group by 1
          union all
          select ${week(sql`${imports.createdAt}`)}, 'imports', count(*)::int
            from ${imports} where ${imports.createdAt} >= ${since.toISOString()} group by 1
          union all
          select ${week(sql`${bookings.createdAt}`)}, 'bookings', count(*)::int
            from ${bookings} where ${bookings.createdAt} >= ${since.toISOString()} group by 1`),
      );
      const byWeek = new Map<string, WeekCount>();
      for (const row of rows) {
        const entry = byWeek.get(row.week) ?? {
          week: row.week,
          signUps: 0,
          imports: 0,
          bookings: 0,
        };
        entry[row.kind as 'signUps' | 'imports' | 'bookings'] = Number(row.n);
        byWeek.set(row.week, entry);
      }
      return [...byWeek.values()];
    },
  };
}
export type AdminRepository = ReturnType<typeof adminRepository>;
