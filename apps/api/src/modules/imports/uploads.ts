import type { Multipart } from '@fastify/multipart';
import { bookingLimits } from '@tarifa/contract';
import type { FastifyRequest } from 'fastify';
import { fileStore, FileTooLarge } from '../../core/files/store';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { invalidTextIssue, isStorableText } from '../../lib/text';

/** An uploaded file, already whole in the file store. */
export interface ReceivedFile {
  /** Its id in the file store. */
  id: string;
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
  if (code === 'FST_REQ_FILE_TOO_LARGE' || err instanceof FileTooLarge) return tooLarge();
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
 * Uploaded import files, in the database's file store (kind `import`, the business's), streamed
 * there chunk by chunk as they arrive (never held whole in memory), kept until their job finishes.
 */
export function uploadStore(db: Executor) {
  const files = fileStore(db);

  return {
    /**
     * Reads the multipart request: the part `file` streamed into the file store, and the other
     * fields. A file over 100 MB is 413 and nothing is kept.
     */
    async receive(
      request: FastifyRequest,
      businessUuid: string,
    ): Promise<{ file: ReceivedFile | undefined; fields: Record<string, string> }> {
      const fields: Record<string, string> = {};
      let file: ReceivedFile | undefined;
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
          const stored = await files.write(
            { kind: 'import', contentType: 'text/csv', businessUuid },
            part.file,
          );
          if (part.file.truncated) {
            await files.remove(stored.id);
            throw tooLarge();
          }
          file = {
            id: stored.id,
            // The name is only shown back: one the database cannot hold is replaced.
            name: storableName(part.filename),
            size: stored.size,
          };
        }
      } catch (err) {
        if (file) await files.remove(file.id);
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

    /** Removes an uploaded file (its import was refused). */
    remove: (fileId: string) => files.remove(fileId),
  };
}
export type UploadStore = ReturnType<typeof uploadStore>;
