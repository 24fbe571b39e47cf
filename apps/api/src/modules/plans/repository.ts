import { and, count, eq, isNull, max, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { businesses, roomTypes, users } from '../../db/schema';

/** A user's subscription columns, and what the account uses of a plan's limits. SQL only. */
export function plansRepository(db: Executor) {
  return {
    findSubscription: async (userUuid: string) =>
      (
        await db
          .select({
            plan: users.plan,
            interval: users.planInterval,
            since: users.planChangedAt,
          })
          .from(users)
          .where(eq(users.uuid, userUuid))
      )[0],

    /** The user's live properties. */
    countProperties: async (ownerUuid: string): Promise<number> => {
      const [row] = await db
        .select({ n: count() })
        .from(businesses)
        .where(and(eq(businesses.ownerUuid, ownerUuid), isNull(businesses.deletedAt)));
      return row?.n ?? 0;
    },

    /** The most room types any of the user's live properties has (0 without any). */
    mostRoomTypes: async (ownerUuid: string): Promise<number> => {
      const perBusiness = db
        .select({ n: count().as('n') })
        .from(roomTypes)
        .innerJoin(businesses, eq(businesses.uuid, roomTypes.businessUuid))
        .where(
          and(
            eq(businesses.ownerUuid, ownerUuid),
            isNull(businesses.deletedAt),
            isNull(roomTypes.deletedAt),
          ),
        )
        .groupBy(roomTypes.businessUuid)
        .as('per_business');
      const [row] = await db
        .select({ n: sql<number>`coalesce(${max(perBusiness.n)}, 0)`.mapWith(Number) })
        .from(perBusiness);
      return row?.n ?? 0;
    },

    /**
     * The most team seats any of the user's live properties holds: its members and the
     * invitations still waiting there (0 without any).
     */
    mostMembers: async (ownerUuid: string): Promise<number> => {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`
          select coalesce(max(
            (select count(*) from memberships m where m.business_uuid = b.uuid) +
            (select count(*) from invitations i
              where i.business_uuid = b.uuid and i.accepted_at is null
                and i.revoked_at is null and i.expires_at > now())), 0)::int as n
            from businesses b
           where b.owner_uuid = ${ownerUuid} and b.deleted_at is null`),
      );
      return Number(row?.n ?? 0);
    },
  };
}
export type PlansRepository = ReturnType<typeof plansRepository>;
