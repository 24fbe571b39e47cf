/**
 * Uploaded files, kept in the database so that instances share no folder (docs/architecture.md,
 * "State: what lives where"): avatars, gallery photos and import files in flight, each cut into
 * chunks of at most 512 KB so that none is ever read or written whole.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';

/** `bytea`: a Buffer in, a Buffer out (PGlite answers a Uint8Array, node-postgres a Buffer). */
const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * One stored file. `name` is the public name of an image (128 random bits and the extension,
 * unique per kind); an import's file has none (its `imports` row points at it). Its owner — the
 * user of an avatar, the business of a photo or an import — takes it along when deleted.
 * `completed_at` is null while it is being written: such a file is never read, and is removed
 * if its writer stopped (a day later, at start-up).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `avatar`, `business_photo` or `import`. */
    kind: text('kind').notNull(),
    name: text('name'),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    userUuid: uuid('user_uuid').references(() => users.uuid, { onDelete: 'cascade' }),
    businessUuid: uuid('business_uuid').references(() => businesses.uuid, {
      onDelete: 'cascade',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stored_files_name_key').on(t.kind, t.name),
    index('stored_files_incomplete_idx')
      .on(t.createdAt)
      .where(sql`${t.completedAt} is null`),
    check('stored_files_kind_check', sql`${t.kind} in ('avatar', 'business_photo', 'import')`),
  ],
);

/** The content of a stored file, `seq` 0, 1, 2… in order. */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytes('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
