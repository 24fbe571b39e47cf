import { asc, eq } from 'drizzle-orm';
import type { FileKind } from '../src/core/files/store';
import { storedFileChunks, storedFiles } from '../src/db/schema';
import type { TestApp } from './helpers';

/** The public names of the complete stored files of a kind (avatars, photos), sorted. */
export async function storedNames(t: TestApp, kind: FileKind): Promise<string[]> {
  const rows = await t.database.db
    .select({ name: storedFiles.name })
    .from(storedFiles)
    .where(eq(storedFiles.kind, kind));
  return rows.map((row) => row.name ?? '').sort();
}

/** The stored files of a kind, each with the sizes of its chunks (in order). */
export async function storedFilesOf(t: TestApp, kind: FileKind) {
  const files = await t.database.db.select().from(storedFiles).where(eq(storedFiles.kind, kind));
  return Promise.all(
    files.map(async (file) => ({
      ...file,
      chunks: (
        await t.database.db
          .select({ data: storedFileChunks.data })
          .from(storedFileChunks)
          .where(eq(storedFileChunks.fileId, file.id))
          .orderBy(asc(storedFileChunks.seq))
      ).map((chunk) => chunk.data.length),
    })),
  );
}

/** Every chunk in the database, whatever its file (none left behind). */
export const allChunks = async (t: TestApp) =>
  (await t.database.db.select({ fileId: storedFileChunks.fileId }).from(storedFileChunks)).length;
