import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** SQL for a user's own profile (name, language, avatar). */
export function usersRepository(db: Db) {
  return {
    find: async (uuid: string) => (await db.select().from(users).where(eq(users.uuid, uuid)))[0],

    update: async (uuid: string, values: { name?: string; language?: string }) =>
      (
        await db
          .update(users)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(users.uuid, uuid))
          .returning()
      )[0],

    /**
     * Sets the avatar file name and answers the one it replaces. The row is locked while read, so
     * two uploads at once each learn the right previous name and no file is left behind.
     */
    swapAvatar: (uuid: string, filename: string | null) =>
      db.transaction(async (tx) => {
        const [current] = await tx
          .select({ filename: users.profileImgFilename })
          .from(users)
          .where(eq(users.uuid, uuid))
          .for('update');
        if (!current) return undefined;
        const [user] = await tx
          .update(users)
          .set({ profileImgFilename: filename, updatedAt: sql`now()` })
          .where(eq(users.uuid, uuid))
          .returning();
        return { user: user!, previous: current.filename };
      }),
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
