import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { withTransaction, type Db, type Tx } from '../../db/client';
import { lockUploadMove } from '../../db/locks';
import { businessPhotos, imports, users } from '../../db/schema';
import { storedImageContentType } from '../../lib/images';
import { fileStore, FileTooLarge, type NewFile } from './store';

/** How long a file may stay half-written before its writer is deemed gone. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

const uuidCsv = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.csv$/;

/**
 * The folders where uploads lived before they moved into the database, and for each, what of
 * a file's name a row refers to: the new file's description, and how the row then points at it
 * (images keep their name; an import's row takes the file's id). Undefined: no row refers to it.
 */
const folders: {
  folder: string;
  refersTo: (
    tx: Tx,
    name: string,
  ) => Promise<{ file: NewFile; point?: (fileId: string) => Promise<unknown> } | undefined>;
  moved: (tx: Tx, name: string) => Promise<boolean>;
}[] = [
  {
    folder: 'avatars',
    async refersTo(tx, name) {
      const contentType = storedImageContentType(name);
      const [user] = contentType
        ? await tx
            .select({ uuid: users.uuid })
            .from(users)
            .where(eq(users.profileImgFilename, name))
        : [];
      return (
        user && { file: { kind: 'avatar', name, contentType: contentType!, userUuid: user.uuid } }
      );
    },
    moved: async (tx, name) => !!(await fileStore(tx).named('avatar', name)),
  },
  {
    folder: 'business-photos',
    async refersTo(tx, name) {
      const [photo] = storedImageContentType(name)
        ? await tx
            .select({
              businessUuid: businessPhotos.businessUuid,
              contentType: businessPhotos.contentType,
            })
            .from(businessPhotos)
            .where(eq(businessPhotos.filename, name))
        : [];
      return (
        photo && {
          file: {
            kind: 'business_photo',
            name,
            contentType: photo.contentType,
            businessUuid: photo.businessUuid,
          },
        }
      );
    },
    moved: async (tx, name) => !!(await fileStore(tx).named('business_photo', name)),
  },
  {
    // `<import id>.csv`, the upload of an import not finished yet.
    folder: 'imports',
    async refersTo(tx, name) {
      const id = uuidCsv.exec(name)?.[1];
      const [row] = id
        ? await tx
            .select({ businessUuid: imports.businessUuid })
            .from(imports)
            .where(
              and(
                eq(imports.id, id),
                isNull(imports.fileId),
                inArray(imports.status, ['queued', 'running']),
              ),
            )
        : [];
      return (
        row && {
          file: { kind: 'import', contentType: 'text/csv', businessUuid: row.businessUuid },
          point: (fileId) => tx.update(imports).set({ fileId }).where(eq(imports.id, id!)),
        }
      );
    },
    async moved(tx, name) {
      const id = uuidCsv.exec(name)?.[1];
      if (!id) return false;
      const [row] = await tx
        .select({ fileId: imports.fileId })
        .from(imports)
        .where(eq(imports.id, id));
      return !!row?.fileId;
    },
  },
];

/** The names of the files in a folder; none when there is no such folder. */
function filesIn(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return [];
    throw err;
  }
}

/**
 * Moves the uploads an older Tarifa kept in `DATA_DIR` (avatars/, business-photos/, imports/)
 * into the database, at start-up after the migrations: each file a row refers to is copied, in
 * one transaction with the row's pointer, then removed from the folder. Idempotent, and safe when
 * two instances start together: each file is moved under an advisory lock of its name, and one
 * already moved is only removed. Files no row refers to are left where they are, logged once.
 * Also removes the files whose writer stopped half-way (an upload cut by a crash) a day ago.
 */
export async function moveUploadsIntoDatabase(
  db: Db,
  dataDir: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const abandoned = await fileStore(db).removeAbandoned(new Date(Date.now() - ABANDONED_AFTER_MS));
  if (abandoned > 0) log.info({ files: abandoned }, 'removed uploads cut half-way');

  for (const { folder, refersTo, moved } of folders) {
    const dir = path.join(dataDir, folder);
    const names = filesIn(dir);
    let count = 0;
    const left: string[] = [];
    for (const name of names) {
      const file = path.join(dir, name);
      const outcome = await withTransaction(db, async (tx) => {
        await lockUploadMove(tx, `${folder}/${name}`);
        if (await moved(tx, name)) return 'moved';
        const target = await refersTo(tx, name);
        if (!target) return 'left';
        const stored = await fileStore(tx).write(target.file, fs.createReadStream(file));
        await target.point?.(stored.id);
        return 'moved';
      }).catch((err: unknown) => {
        // Moved and removed by another instance meanwhile.
        if ((err as { code?: string }).code === 'ENOENT') return 'gone' as const;
        // Over its kind's limit (it never was accepted so): not ours to keep.
        if (err instanceof FileTooLarge) return 'left' as const;
        throw err;
      });
      if (outcome === 'gone') continue;
      if (outcome === 'left') {
        left.push(name);
        continue;
      }
      fs.rmSync(file, { force: true });
      count++;
    }
    if (count > 0) log.info({ folder: dir, files: count }, 'moved uploads into the database');
    if (left.length > 0) {
      log.warn(
        { folder: dir, files: left.length, names: left.slice(0, 20) },
        'files in the uploads folder that no row refers to: left where they are',
      );
    } else {
      // Empty now: DATA_DIR keeps only the embedded database (and the channels key). A folder
      // with something else in it stays.
      try {
        fs.rmdirSync(dir);
      } catch {
        // not empty, or removed by another instance
      }
    }
  }
}
