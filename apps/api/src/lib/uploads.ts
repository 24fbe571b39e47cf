import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** The 413 of a file over `maxBytes`, naming `file` with its limit. */
export function fileTooLarge(maxBytes: number, message: string): AppError {
  return new AppError('payload_too_large', message, [
    {
      path: 'file',
      code: 'too_big',
      params: { maximum: maxBytes },
      message: 'The file is too large',
    },
  ]);
}

/**
 * Reads the one uploaded file of multipart field `file`, whole, within `maxBytes`. A file over the
 * limit is 413 — never cut to the limit and kept: the parser marks such a file `truncated` (its
 * limit may be reached on the last chunk, after the check of the chunks before), and a truncated
 * file is refused here whatever the parser did. Malformed multipart is mapped by the error handler.
 */
export async function readFileUpload(
  request: FastifyRequest,
  { maxBytes, tooLargeMessage }: { maxBytes: number; tooLargeMessage: string },
): Promise<Buffer> {
  let bytes: Buffer;
  let truncated: boolean;
  try {
    const file = await request.file({
      limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 },
    });
    if (!file || file.fieldname !== 'file') {
      throw AppError.field('file', 'required', 'Send the image in the multipart field "file"');
    }
    bytes = await file.toBuffer();
    truncated = file.file.truncated;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxBytes, tooLargeMessage);
    throw err;
  }
  if (truncated || bytes.length > maxBytes) throw fileTooLarge(maxBytes, tooLargeMessage);
  return bytes;
}
