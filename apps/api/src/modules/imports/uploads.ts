import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import { bookingLimits } from '@tarifa/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { invalidTextIssue, isStorableText } from '../../lib/text';

/** An uploaded file, already on disk under its final name. */
export interface ReceivedFile {
  id: string;
  path: string;
  name: string;
  size: number;
}

const tooLarge = () =>
  new AppError('payload_too_large', 'An import file must be at most 100 MB', [
    {
      path: 'file',
      code: 'too_big',
      params: { maximum: bookingLimits.importMaxBytes },
      message: 'The file is too large',
    },
  ]);

/** @fastify/multipart's own errors as the API's. */
function multipartError(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('unsupported_media_type', 'Send the file as multipart/form-data');
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return AppError.field('file', 'too_many', 'Send one file and the import fields only');
  }
  return err;
}

const storableName = (name: string | undefined) =>
  name && isStorableText(name) ? Array.from(name).slice(0, 200).join('') : 'bookings.csv';

const limits = {
  fileSize: bookingLimits.importMaxBytes,
  files: 1,
  fields: 10,
  fieldSize: 1000,
  parts: 11,
};

/** A multipart field's value as text; NUL or a broken character is `invalid_text` on the field. */
function fieldValue(part: Multipart): string {
  const value = 'value' in part ? String(part.value) : '';
  if (!isStorableText(part.fieldname)) throw AppError.validation([invalidTextIssue('')]);
  if (!isStorableText(value)) throw AppError.validation([invalidTextIssue(part.fieldname)]);
  return value;
}

/**
 * Uploaded import files: `DATA_DIR/imports/<import id>.csv`, streamed to disk as they arrive
 * (never held whole in memory), kept until their job finishes.
 */
export function uploadStore(dataDir: string) {
  const dir = path.join(dataDir, 'imports');

  return {
    dir,

    /**
     * Reads the multipart request: the part `file` streamed to disk (written as `.part`, renamed
     * once complete), and the other fields. A file over 100 MB is 413 and nothing is kept.
     */
    async receive(
      request: FastifyRequest,
    ): Promise<{ file: ReceivedFile | undefined; fields: Record<string, string> }> {
      await fs.promises.mkdir(dir, { recursive: true });
      const fields: Record<string, string> = {};
      let file: ReceivedFile | undefined;
      let partial: string | undefined;
      try {
        for await (const part of request.parts({ limits })) {
          if (part.type !== 'file') {
            fields[part.fieldname] = fieldValue(part);
            continue;
          }
          if (part.fieldname !== 'file' || file) {
            part.file.resume(); // not ours: drained and ignored
            continue;
          }
          const id = randomUUID();
          partial = path.join(dir, `${id}.part`);
          const out = fs.createWriteStream(partial, { flags: 'wx' });
          await pipeline(part.file, out);
          if (part.file.truncated) throw tooLarge();
          const final = path.join(dir, `${id}.csv`);
          await fs.promises.rename(partial, final);
          partial = undefined;
          file = {
            id,
            path: final,
            // The name is only shown back: one the database cannot hold is replaced.
            name: storableName(part.filename),
            size: out.bytesWritten,
          };
        }
      } catch (err) {
        if (partial) await fs.promises.rm(partial, { force: true });
        if (file) await fs.promises.rm(file.path, { force: true });
        throw multipartError(err);
      }
      return { file, fields };
    },

    /**
     * Reads the first `maxBytes` of the part `file` (the rest is drained), and the fields. A file
     * over 100 MB is 413, as its import would be.
     */
    async sample(
      request: FastifyRequest,
      maxBytes: number,
    ): Promise<{
      sample: { bytes: Buffer; truncated: boolean } | undefined;
      fields: Record<string, string>;
    }> {
      const fields: Record<string, string> = {};
      let sample: { bytes: Buffer; truncated: boolean } | undefined;
      try {
        for await (const part of request.parts({ limits })) {
          if (part.type !== 'file') {
            fields[part.fieldname] = fieldValue(part);
            continue;
          }
          if (part.fieldname !== 'file' || sample) {
            part.file.resume();
            continue;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          let truncated = false;
          for await (const chunk of part.file as AsyncIterable<Buffer>) {
            if (size >= maxBytes) {
              truncated = true;
              continue; // drain the rest without keeping it
            }
            chunks.push(chunk);
            size += chunk.length;
          }
          // Over the import's limit, the file could not be imported: refused now, not later.
          if (part.file.truncated) throw tooLarge();
          const bytes = Buffer.concat(chunks);
          sample = {
            bytes: bytes.subarray(0, maxBytes),
            truncated: truncated || bytes.length > maxBytes,
          };
        }
      } catch (err) {
        throw multipartError(err);
      }
      return { sample, fields };
    },

    remove: (file: string) => fs.promises.rm(file, { force: true }).catch(() => {}),
  };
}
export type UploadStore = ReturnType<typeof uploadStore>;
