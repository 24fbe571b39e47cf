import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import {
  bookings,
  businesses,
  digestLinks,
  digests,
  digestSettings,
  priceChanges,
  roomTypes,
  users,
} from '../../db/schema';

/** Defaults of an owner without a settings row. */
export const digestDefaults = { enabled: true, hour: 7 } as const;

/** An owner as the scheduler sees them: their setting and the zone that governs it. */
export interface DigestOwner {
  userUuid: string;
  enabled: boolean;
  hour: number;
  /** The time zone of the owner's first live property (the oldest), and its name. */
  timeZone: string;
  propertyName: string;
}

/** A pending change of the next nights, with what ranking it by money needs. */
export interface PendingChangeRow {
  id: string;
  night: string;
  roomName: string;
  roomTypeUuid: string;
  rooms: number;
  oldPriceMinor: number | null;
  newPriceMinor: number;
  updatedAt: Date;
}

export type DigestLinkInsert = typeof digestLinks.$inferInsert;

/** SQL of the morning digest (docs/digest-and-alerts.md). */
export function digestRepository(db: Executor) {
  /** The owners of live properties (active accounts), each with their first property's zone. */
  const owners = (userUuid?: string) =>
    db
      .selectDistinctOn([businesses.ownerUuid], {
        userUuid: businesses.ownerUuid,
        enabled: sql<boolean>`coalesce(${digestSettings.enabled}, ${digestDefaults.enabled})`,
        hour: sql<number>`coalesce(${digestSettings.hour}, ${digestDefaults.hour})`,
        timeZone: businesses.timezone,
        propertyName: businesses.name,
      })
      .from(businesses)
      .innerJoin(users, eq(users.uuid, businesses.ownerUuid))
      .leftJoin(digestSettings, eq(digestSettings.userUuid, businesses.ownerUuid))
      .where(
        and(
          isNull(businesses.deletedAt),
          isNull(users.disabledAt),
          userUuid ? eq(businesses.ownerUuid, userUuid) : undefined,
        ),
      )
      .orderBy(businesses.ownerUuid, asc(businesses.createdAt), asc(businesses.uuid));

  return {
    owners: (): Promise<DigestOwner[]> => owners(),

    /** One owner (undefined: no live property, or a disabled account). */
    owner: async (userUuid: string): Promise<DigestOwner | undefined> =>
      (await owners(userUuid))[0],

    /** The owner's own setting (undefined: the defaults). */
    settings: async (userUuid: string) =>
      (
        await db
          .select({ enabled: digestSettings.enabled, hour: digestSettings.hour })
          .from(digestSettings)
          .where(eq(digestSettings.userUuid, userUuid))
      )[0],

    saveSettings: async (
      userUuid: string,
      values: { enabled: boolean; hour?: number },
      now: Date,
    ) => {
      await db
        .insert(digestSettings)
        .values({ userUuid, ...values, updatedAt: now })
        .onConflictDoUpdate({
          target: digestSettings.userUuid,
          set: { ...values, updatedAt: now },
        });
    },

    /** Which of `userUuids` already have the digest of `localDate` (their own local dates). */
    sentOn: async (days: { userUuid: string; localDate: string }[]): Promise<Set<string>> => {
      if (days.length === 0) return new Set();
      const rows = await db
        .select({ userUuid: digests.userUuid, localDate: digests.localDate })
        .from(digests)
        .where(
          inArray(
            digests.userUuid,
            days.map((day) => day.userUuid),
          ),
        );
      const wanted = new Set(days.map((day) => `${day.userUuid} ${day.localDate}`));
      return new Set(
        rows.map((row) => `${row.userUuid} ${row.localDate}`).filter((key) => wanted.has(key)),
      );
    },

    /**
     * Takes the owner's day: the row's id, or undefined when a digest of that day exists already
     * (another instance, an earlier attempt). On PostgreSQL a second transaction taking the same
     * day waits here for the first and then finds it taken.
     */
    claimDay: async (userUuid: string, localDate: string, timeZone: string, now: Date) =>
      (
        await db
          .insert(digests)
          .values({ userUuid, localDate, timeZone, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: [digests.userUuid, digests.localDate] })
          .returning({ id: digests.id })
      )[0]?.id,

    setEmail: (digestId: string, emailId: string) =>
      db.update(digests).set({ emailId }).where(eq(digests.id, digestId)),

    /** The account the digest is written for. */
    user: async (userUuid: string) =>
      (
        await db
          .select({
            uuid: users.uuid,
            name: users.name,
            email: users.email,
            language: users.language,
            roles: users.roles,
            disabledAt: users.disabledAt,
          })
          .from(users)
          .where(eq(users.uuid, userUuid))
      )[0],

    /** The owner's live properties, first one first. */
    properties: (userUuid: string) =>
      db
        .select()
        .from(businesses)
        .where(and(eq(businesses.ownerUuid, userUuid), isNull(businesses.deletedAt)))
        .orderBy(asc(businesses.createdAt), asc(businesses.uuid)),

    /**
     * The day `day` of a property: bookings made that day, bookings cancelled that day, and the
     * revenue picked up (made less cancelled, minor units; a booking made and cancelled the same
     * day nets nothing).
     */
    async dayActivity(businessUuid: string, day: string) {
      const [row] = rowsOf<{ made: number; cancelled: number; revenue: string | number }>(
        await db.execute(sql`
          select count(*) filter (where ${bookings.bookedOn} = ${day})::int as made,
                 count(*) filter (where ${bookings.cancelledOn} = ${day})::int as cancelled,
                 (coalesce(sum(${bookings.totalAmountMinor}) filter (where ${bookings.bookedOn} = ${day}), 0)
                  - coalesce(sum(${bookings.totalAmountMinor}) filter (where ${bookings.cancelledOn} = ${day}), 0)
                 )::bigint as revenue
            from ${bookings}
           where ${bookings.businessUuid} = ${businessUuid}
             and (${bookings.bookedOn} = ${day} or ${bookings.cancelledOn} = ${day})`),
      );
      return {
        bookings: row?.made ?? 0,
        cancellations: row?.cancelled ?? 0,
        revenueMinor: Number(row?.revenue ?? 0),
      };
    },

    /** The first night the property has a booking for (null: none): where its history starts. */
    async firstNight(businessUuid: string): Promise<string | null> {
      const [row] = await db
        .select({ night: sql<string | null>`min(${bookings.arrival})` })
        .from(bookings)
        .where(eq(bookings.businessUuid, businessUuid));
      return row?.night ?? null;
    },

    /** The property's pending changes from `today` on. */
    pendingChanges: (businessUuid: string, today: string): Promise<PendingChangeRow[]> =>
      db
        .select({
          id: priceChanges.id,
          night: priceChanges.night,
          roomName: roomTypes.name,
          roomTypeUuid: priceChanges.roomTypeUuid,
          rooms: roomTypes.rooms,
          oldPriceMinor: priceChanges.oldPriceMinor,
          newPriceMinor: priceChanges.newPriceMinor,
          updatedAt: priceChanges.updatedAt,
        })
        .from(priceChanges)
        .innerJoin(roomTypes, eq(roomTypes.uuid, priceChanges.roomTypeUuid))
        .where(
          and(
            eq(priceChanges.businessUuid, businessUuid),
            eq(priceChanges.status, 'pending'),
            gte(priceChanges.night, today),
          ),
        )
        .orderBy(asc(priceChanges.night), asc(roomTypes.sortOrder), asc(roomTypes.name)),

    insertLinks: async (links: DigestLinkInsert[]) => {
      if (links.length) await db.insert(digestLinks).values(links);
    },

    /**
     * A link by its token's hash, with its change as it is now, its property and its owner
     * (undefined: no such link).
     */
    link: async (tokenHash: string) =>
      (
        await db
          .select({
            link: digestLinks,
            change: {
              status: priceChanges.status,
              night: priceChanges.night,
              oldPriceMinor: priceChanges.oldPriceMinor,
              newPriceMinor: priceChanges.newPriceMinor,
              updatedAt: priceChanges.updatedAt,
            },
            roomName: roomTypes.name,
            business: {
              uuid: businesses.uuid,
              name: businesses.name,
              currency: businesses.currency,
              timezone: businesses.timezone,
              deletedAt: businesses.deletedAt,
              ownerUuid: businesses.ownerUuid,
            },
            owner: {
              uuid: users.uuid,
              roles: users.roles,
              language: users.language,
              disabledAt: users.disabledAt,
            },
          })
          .from(digestLinks)
          .innerJoin(priceChanges, eq(priceChanges.id, digestLinks.changeId))
          .innerJoin(roomTypes, eq(roomTypes.uuid, priceChanges.roomTypeUuid))
          .innerJoin(businesses, eq(businesses.uuid, digestLinks.businessUuid))
          .innerJoin(users, eq(users.uuid, digestLinks.userUuid))
          .where(eq(digestLinks.tokenHash, tokenHash))
      )[0],

    /** Spends a link (true), unless it was spent already (false): one use, even when raced. */
    spendLink: async (id: string, now: Date) =>
      (
        await db
          .update(digestLinks)
          .set({ usedAt: now, updatedAt: now })
          .where(and(eq(digestLinks.id, id), isNull(digestLinks.usedAt)))
          .returning({ id: digestLinks.id })
      ).length === 1,

    /** Deletes the links that expired before `before` (they can only be refused). */
    pruneLinks: (before: Date) => db.delete(digestLinks).where(lt(digestLinks.expiresAt, before)),
  };
}
export type DigestRepository = ReturnType<typeof digestRepository>;
