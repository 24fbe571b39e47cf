import { Readable } from 'node:stream';
import { avatarRules, bookingLimits, businessPhotoRules } from '@tarifa/contract';
import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { withTransaction, type Executor } from '../../db/client';
import { storedFiles } from '../../db/schema';
import { chunksRepository } from './repository';

/** What a stored file is; each kind has its own size limit. */
export type FileKind = 'avatar' | 'business_photo' | 'import';

/** The largest file of each kind, the limits its upload already has. */
export const fileLimits: Record<FileKind, number> = {
  avatar: avatarRules.maxBytes,
  business_photo: businessPhotoRules.maxBytes,
  import: bookingLimits.importMaxBytes,
};

/** Files are cut into chunks of this size (the last one smaller): one row of `stored_file_chunks`. */
export const CHUNK_BYTES = 512 * 1024;

/** A file over its kind's limit: nothing of it is kept. */
export class FileTooLarge extends Error {
  constructor(
    readonly kind: FileKind,
    readonly maximum: number,
  ) {
    super(`A file of kind ${kind} must be at most ${maximum} bytes`);
    this.name = 'FileTooLarge';
  }
}

export interface NewFile {
  kind: FileKind;
  contentType: string;
  /** The public name of an image (unique per kind); none for an import's file. */
  name?: string;
  userUuid?: string;
  businessUuid?: string;
}

export type StoredFile = typeof storedFiles.$inferSelect;

/** Cuts a stream of pieces of any size into chunks of `CHUNK_BYTES` (the last one smaller). */
async function* chunked(content: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of content) {
    pending.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
    pendingBytes += piece.byteLength;
    while (pendingBytes >= CHUNK_BYTES) {
      const all = Buffer.concat(pending, pendingBytes);
      yield all.subarray(0, CHUNK_BYTES);
      pending = [all.subarray(CHUNK_BYTES)];
      pendingBytes = all.length - CHUNK_BYTES;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}

/**
 * Uploaded files in the database (docs/architecture.md, "State: what lives where"), the same on
 * PGlite and PostgreSQL: written and read one chunk at a time, so a 100 MB import is never held
 * whole in memory. Built on the database or on a transaction (`fileStore(tx)`), whose fate its
 * writes then share.
 */
export function fileStore(db: Executor) {
  async function writeChunks(file: StoredFile, content: AsyncIterable<Uint8Array>, on: Executor) {
    const maximum = fileLimits[file.kind as FileKind];
    let seq = 0;
    let size = 0;
    for await (const data of chunked(content)) {
      size += data.length;
      if (size > maximum) throw new FileTooLarge(file.kind as FileKind, maximum);
      await chunksRepository(on).insert(file.id, seq++, data);
    }
    const [done] = await on
      .update(storedFiles)
      .set({ size, completedAt: new Date() })
      .where(eq(storedFiles.id, file.id))
      .returning();
    return done!;
  }

  const create = async (on: Executor, meta: NewFile) =>
    (await on.insert(storedFiles).values(meta).returning())[0]!;

  return {
    /**
     * Stores a file. Bytes in memory (an image, within its limit) are written in one transaction.
     * A stream (an import's upload) is written chunk by chunk as it arrives, each chunk committed
     * on its own so that a slow upload holds no transaction (PGlite has one connection); the file
     * is complete, and readable, only once whole. Over the kind's limit, or if the stream fails,
     * the file is removed and the error thrown (`FileTooLarge`).
     */
    async write(
      meta: NewFile,
      content: Uint8Array | AsyncIterable<Uint8Array>,
    ): Promise<StoredFile> {
      if (content instanceof Uint8Array) {
        if (content.byteLength > fileLimits[meta.kind]) {
          throw new FileTooLarge(meta.kind, fileLimits[meta.kind]);
        }
        return withTransaction(db, async (tx) =>
          writeChunks(await create(tx, meta), Readable.from([content]), tx),
        );
      }
      const file = await create(db, meta);
      try {
        return await writeChunks(file, content, db);
      } catch (err) {
        await db
          .delete(storedFiles)
          .where(eq(storedFiles.id, file.id))
          .catch(() => {});
        throw err;
      }
    },

    /** A complete file by its id, within a business when one is given (another's: undefined). */
    async get(id: string, scope?: { businessUuid: string }): Promise<StoredFile | undefined> {
      const [file] = await db
        .select()
        .from(storedFiles)
        .where(
          and(
            eq(storedFiles.id, id),
            isNotNull(storedFiles.completedAt),
            scope ? eq(storedFiles.businessUuid, scope.businessUuid) : undefined,
          ),
        );
      return file;
    },

    /** A complete file by its kind and public name (an image). */
    async named(kind: FileKind, name: string): Promise<StoredFile | undefined> {
      const [file] = await db
        .select()
        .from(storedFiles)
        .where(
          and(
            eq(storedFiles.kind, kind),
            eq(storedFiles.name, name),
            isNotNull(storedFiles.completedAt),
          ),
        );
      return file;
    },

    /** The content of a file as a stream, one chunk (one query) at a time as it is read. */
    read(file: Pick<StoredFile, 'id'>): Readable {
      async function* content() {
        const chunks = chunksRepository(db);
        for (let chunk = await chunks.after(file.id, -1); chunk;) {
          yield chunk.data;
          chunk = await chunks.after(file.id, chunk.seq);
        }
      }
      return Readable.from(content(), { objectMode: false });
    },

    /** Removes a file and its chunks; one already gone is not an error. */
    async remove(id: string | null | undefined): Promise<void> {
      if (id) await db.delete(storedFiles).where(eq(storedFiles.id, id));
    },

    /** Removes an image by its kind and name; one already gone is not an error. */
    async removeNamed(kind: FileKind, name: string): Promise<void> {
      await db
        .delete(storedFiles)
        .where(and(eq(storedFiles.kind, kind), eq(storedFiles.name, name)));
    },

    /** Removes the files whose writer stopped before their end (started before `before`). */
    async removeAbandoned(before: Date): Promise<number> {
      const gone = await db
        .delete(storedFiles)
        .where(and(isNull(storedFiles.completedAt), lt(storedFiles.createdAt, before)))
        .returning({ id: storedFiles.id });
      return gone.length;
    },
  };
}
export type FileStore = ReturnType<typeof fileStore>;
