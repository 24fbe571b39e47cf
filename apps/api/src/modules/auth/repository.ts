import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { TUser } from '@tarifa/contract';

type Memberships = NonNullable<TUser['memberships']>;
import { passwordResetTokens, sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** SQL for accounts and sessions; no rules here (they live in the service). */
export function authRepository(db: Db) {
  return {
    ...queries(db),
    /** Runs `work` in one transaction, with the queries bound to it. */
    transaction: <T>(work: (tx: AuthQueries) => Promise<T>): Promise<T> =>
      db.transaction((tx) => work(queries(tx))),
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
export type AuthQueries = ReturnType<typeof queries>;

/**
 * The properties a user is a member of, live ones only, with the role and the owner's plan, as one
 * JSON array: read with the session
 * on every request, so a member removed (or a property deleted) loses it at the next request.
 */
const membershipsOf = (user: unknown) => sql<Memberships>`coalesce((
    select json_agg(json_build_object('businessUuid', m.business_uuid, 'role', m.role,
                                      'plan', o.plan)
                    order by m.created_at, m.business_uuid)
      from memberships m
      join businesses b on b.uuid = m.business_uuid and b.deleted_at is null
      join users o on o.uuid = b.owner_uuid
     where m.user_uuid = ${user}), '[]'::json)`;

function queries(db: Db) {
  return {
    /** The live properties `userUuid` is a member of, and the role on each. */
    findMemberships: async (userUuid: string): Promise<Memberships> =>
      rowsOf<{ memberships: Memberships }>(
        await db.execute(sql`select ${membershipsOf(sql`${userUuid}::uuid`)} as memberships`),
      )[0]!.memberships,

    findUserByEmail: async (email: string) =>
      (
        await db
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = lower(${email})`)
      )[0],

    findUser: async (uuid: string) =>
      (await db.select().from(users).where(eq(users.uuid, uuid)))[0],

    insertUser: async (values: typeof users.$inferInsert) =>
      (await db.insert(users).values(values).returning())[0]!,

    updateUser: async (uuid: string, values: Partial<typeof users.$inferInsert>) =>
      (
        await db
          .update(users)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(users.uuid, uuid))
          .returning()
      )[0],

    /** Every session opened (a login, or the sign-up's own) is a sign-in the admin list shows. */
    recordSignIn: (uuid: string, at: Date) =>
      db.update(users).set({ lastSignInAt: at }).where(eq(users.uuid, uuid)),

    insertSession: async (values: typeof sessions.$inferInsert) =>
      (await db.insert(sessions).values(values).returning())[0]!,

    /** The live session of a token hash, with its user. */
    findLiveSession: async (tokenHash: string, now: Date) =>
      (
        await db
          .select({ session: sessions, user: users, memberships: membershipsOf(users.uuid) })
          .from(sessions)
          .innerJoin(users, eq(users.uuid, sessions.userUuid))
          .where(
            and(
              eq(sessions.tokenHash, tokenHash),
              isNull(sessions.revokedAt),
              gt(sessions.expiresAt, now),
              isNull(users.disabledAt),
            ),
          )
      )[0],

    touchSession: (id: string, now: Date, expiresAt: Date) =>
      db
        .update(sessions)
        .set({ lastUsedAt: now, expiresAt, updatedAt: now })
        .where(eq(sessions.id, id)),

    listLiveSessions: (userUuid: string, now: Date) =>
      db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.userUuid, userUuid),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
          ),
        )
        .orderBy(sql`${sessions.lastUsedAt} desc`),

    revokeSession: async (userUuid: string, id: string, now: Date) =>
      (
        await db
          .update(sessions)
          .set({ revokedAt: now, updatedAt: now })
          .where(
            and(eq(sessions.id, id), eq(sessions.userUuid, userUuid), isNull(sessions.revokedAt)),
          )
          .returning({ id: sessions.id })
      ).length > 0,

    /** Revokes every session of the user, except `keepId` when given. */
    revokeSessionsOf: (userUuid: string, now: Date, keepId?: string) =>
      db
        .update(sessions)
        .set({ revokedAt: now, updatedAt: now })
        .where(
          and(
            eq(sessions.userUuid, userUuid),
            isNull(sessions.revokedAt),
            keepId ? ne(sessions.id, keepId) : undefined,
          ),
        ),

    insertResetToken: (values: typeof passwordResetTokens.$inferInsert) =>
      db.insert(passwordResetTokens).values(values),

    /** Marks a live reset token used; answers its user, or undefined when none was live. */
    consumeResetToken: async (tokenHash: string, now: Date) =>
      (
        await db
          .update(passwordResetTokens)
          .set({ usedAt: now, updatedAt: now })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, tokenHash),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now),
            ),
          )
          .returning({ userUuid: passwordResetTokens.userUuid })
      )[0],

    /** Ends every reset link of the user still unused. */
    expireResetTokensOf: (userUuid: string, now: Date) =>
      db
        .update(passwordResetTokens)
        .set({ usedAt: now, updatedAt: now })
        .where(and(eq(passwordResetTokens.userUuid, userUuid), isNull(passwordResetTokens.usedAt))),
  };
}
