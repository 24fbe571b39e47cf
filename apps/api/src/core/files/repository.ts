import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { storedFileChunks } from '../../db/schema';

/**
 * SQL for the chunks of stored files. The bytes cross as base64 text, decoded and encoded by the
 * database: PGlite turns a `bytea` parameter or value into JavaScript byte by byte, ten times
 * slower than this (a 100 MB import took minutes to store); node-postgres sends hex text anyway.
 */
export function chunksRepository(db: Executor) {
  return {
    insert: (fileId: string, seq: number, data: Buffer) =>
      db
        .insert(storedFileChunks)
        .values({ fileId, seq, data: sql`decode(${data.toString('base64')}, 'base64')` }),

    /** The chunk after `seq` (-1: the first), or undefined after the last. */
    async after(fileId: string, seq: number): Promise<{ seq: number; data: Buffer } | undefined> {
      const [chunk] = await db
        .select({
          seq: storedFileChunks.seq,
          base64: sql<string>`encode(${storedFileChunks.data}, 'base64')`,
        })
        .from(storedFileChunks)
        .where(and(eq(storedFileChunks.fileId, fileId), gt(storedFileChunks.seq, seq)))
        .orderBy(asc(storedFileChunks.seq))
        .limit(1);
      // PostgreSQL breaks base64 into lines, which Node's decoder skips.
      return chunk && { seq: chunk.seq, data: Buffer.from(chunk.base64, 'base64') };
    },
  };
}
