import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { businesses, invitations, memberships, users } from '../../db/schema';

export type InvitationRow = typeof invitations.$inferSelect;

/** An invitation still waiting: neither accepted nor revoked, and not expired at `now`. */
const waiting = (now: Date) =>
  and(
    isNull(invitations.acceptedAt),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, now),
  );

/** The team of one business: every query carries its uuid. SQL only. */
export function membersRepository(db: Executor, businessUuid: string) {
  const ofBusiness = eq(memberships.businessUuid, businessUuid);
  return {
    businessUuid,

    /** Members with their name and address, oldest first. */
    listMembers: () =>
      db
        .select({
          userUuid: memberships.userUuid,
          role: memberships.role,
          since: memberships.createdAt,
          name: users.name,
          email: users.email,
        })
        .from(memberships)
        .innerJoin(users, eq(users.uuid, memberships.userUuid))
        .where(ofBusiness)
        .orderBy(asc(memberships.createdAt), asc(memberships.userUuid)),

    findMember: async (userUuid: string) =>
      (
        await db
          .select({ role: memberships.role, name: users.name, email: users.email })
          .from(memberships)
          .innerJoin(users, eq(users.uuid, memberships.userUuid))
          .where(and(ofBusiness, eq(memberships.userUuid, userUuid)))
      )[0],

    /** The member whose account has this address (any case), if any. */
    findMemberByEmail: async (email: string) =>
      (
        await db
          .select({ userUuid: memberships.userUuid })
          .from(memberships)
          .innerJoin(users, eq(users.uuid, memberships.userUuid))
          .where(and(ofBusiness, sql`lower(${users.email}) = lower(${email})`))
      )[0],

    /** Adds the member, or sets the role of one already there. */
    upsertMember: (userUuid: string, role: string, now: Date) =>
      db
        .insert(memberships)
        .values({ businessUuid, userUuid, role, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [memberships.businessUuid, memberships.userUuid],
          set: { role, updatedAt: now },
        }),

    setRole: async (userUuid: string, role: string, now: Date) =>
      (
        await db
          .update(memberships)
          .set({ role, updatedAt: now })
          .where(and(ofBusiness, eq(memberships.userUuid, userUuid)))
          .returning({ userUuid: memberships.userUuid })
      ).length > 0,

    removeMember: async (userUuid: string) =>
      (
        await db
          .delete(memberships)
          .where(and(ofBusiness, eq(memberships.userUuid, userUuid)))
          .returning({ userUuid: memberships.userUuid })
      ).length > 0,

    /** The invitations waiting, newest first, with who sent each. */
    listWaiting: (now: Date) =>
      db
        .select({ invitation: invitations, invitedBy: users.name })
        .from(invitations)
        .leftJoin(users, eq(users.uuid, invitations.invitedBy))
        .where(and(eq(invitations.businessUuid, businessUuid), waiting(now)))
        .orderBy(desc(invitations.sentAt), desc(invitations.id)),

    /** Members and invitations waiting: the seats the plan's `members` limit counts. */
    seatsTaken: async (now: Date) => {
      const [members] = await db.select({ n: count() }).from(memberships).where(ofBusiness);
      const [invited] = await db
        .select({ n: count() })
        .from(invitations)
        .where(and(eq(invitations.businessUuid, businessUuid), waiting(now)));
      return (members?.n ?? 0) + (invited?.n ?? 0);
    },

    findWaiting: async (id: string, now: Date) =>
      (
        await db
          .select()
          .from(invitations)
          .where(
            and(eq(invitations.id, id), eq(invitations.businessUuid, businessUuid), waiting(now)),
          )
      )[0],

    findWaitingFor: async (email: string, now: Date) =>
      (
        await db
          .select()
          .from(invitations)
          .where(
            and(
              eq(invitations.businessUuid, businessUuid),
              sql`lower(${invitations.email}) = lower(${email})`,
              waiting(now),
            ),
          )
      )[0],

    insertInvitation: async (values: Omit<typeof invitations.$inferInsert, 'businessUuid'>) =>
      (
        await db
          .insert(invitations)
          .values({ ...values, businessUuid })
          .returning()
      )[0]!,

    /** A new secret and a new week for a waiting invitation (the old link stops working). */
    renew: async (id: string, tokenHash: string, now: Date, expiresAt: Date) =>
      (
        await db
          .update(invitations)
          .set({ tokenHash, sentAt: now, expiresAt, updatedAt: now })
          .where(and(eq(invitations.id, id), eq(invitations.businessUuid, businessUuid)))
          .returning()
      )[0]!,

    revoke: (id: string, now: Date) =>
      db
        .update(invitations)
        .set({ revokedAt: now, updatedAt: now })
        .where(and(eq(invitations.id, id), eq(invitations.businessUuid, businessUuid))),
  };
}

/** Invitations by their link's secret, across businesses (the link is the only key). SQL only. */
export function invitationsRepository(db: Executor) {
  return {
    /** The invitation whose secret hashes to `tokenHash`, locked until the transaction ends. */
    findByHash: async (tokenHash: string, lock = false) => {
      const query = db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
      return (await (lock ? query.for('update') : query))[0];
    },

    /**
     * What an invitation's page shows of it: its property's name (null once deleted), who sent
     * it, and whether an account with its address exists.
     */
    previewOf: async (row: InvitationRow) =>
      rowsOf<{ business_name: string | null; invited_by: string; account: boolean }>(
        await db.execute(sql`
          select (select name from businesses
                   where uuid = ${row.businessUuid} and deleted_at is null) as business_name,
                 coalesce((select name from users where uuid = ${row.invitedBy}), '') as invited_by,
                 exists (select 1 from users a where lower(a.email) = lower(${row.email})) as account`),
      )[0]!,

    /** The owner of an invitation's property, while it is live. */
    liveOwnerOf: async (businessUuid: string) =>
      (
        await db
          .select({ ownerUuid: businesses.ownerUuid })
          .from(businesses)
          .where(and(eq(businesses.uuid, businessUuid), isNull(businesses.deletedAt)))
      )[0]?.ownerUuid,

    /** A user's name and address. */
    account: async (userUuid: string) =>
      (
        await db
          .select({ name: users.name, email: users.email })
          .from(users)
          .where(eq(users.uuid, userUuid))
      )[0],

    accept: (id: string, userUuid: string, now: Date) =>
      db
        .update(invitations)
        .set({ acceptedAt: now, acceptedBy: userUuid, updatedAt: now })
        .where(eq(invitations.id, id)),
  };
}
