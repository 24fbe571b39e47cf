import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { avatarStore, type AvatarStore } from './avatars';

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
     * Changes the avatar in one transaction, the user's row locked: `next` stores the new image
     * (or there is none), the row takes its name, and the image it replaces is removed — all or
     * nothing. Undefined when there is no such user.
     */
    swapAvatar: (uuid: string, next: ((avatars: AvatarStore) => Promise<string>) | null) =>
      db.transaction(async (tx) => {
        const [current] = await tx
          .select({ filename: users.profileImgFilename })
          .from(users)
          .where(eq(users.uuid, uuid))
          .for('update');
        if (!current) return undefined;
        const store = avatarStore(tx);
        const filename = next ? await next(store) : null;
        const [user] = await tx
          .update(users)
          .set({ profileImgFilename: filename, updatedAt: sql`now()` })
          .where(eq(users.uuid, uuid))
          .returning();
        await store.remove(current.filename);
        return user!;
      }),
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
