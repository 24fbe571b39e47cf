import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Image types users may upload (avatars, property photos), recognised by their first bytes. */
const imageTypes = [
  { ext: 'png', contentType: 'image/png', matches: (b: Buffer) => startsWith(b, 0, PNG) },
  { ext: 'jpg', contentType: 'image/jpeg', matches: (b: Buffer) => startsWith(b, 0, JPEG) },
  {
    ext: 'webp',
    contentType: 'image/webp',
    matches: (b: Buffer) => startsWith(b, 0, RIFF) && startsWith(b, 8, WEBP),
  },
] as const;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const RIFF = [...Buffer.from('RIFF')];
const WEBP = [...Buffer.from('WEBP')];

function startsWith(buffer: Buffer, offset: number, bytes: readonly number[]): boolean {
  return buffer.length >= offset + bytes.length && bytes.every((b, i) => buffer[offset + i] === b);
}

export type ImageType = (typeof imageTypes)[number];

/** The type of an uploaded image by its content (never the declared type), or undefined. */
export function detectImageType(bytes: Buffer): ImageType | undefined {
  return imageTypes.find((type) => type.matches(bytes));
}

/** Stored names: 128 random bits in hex and the type's extension, so nobody can guess one. */
const filenamePattern = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

/** The content type of a stored image's name, or undefined when the name is not one of ours. */
export function storedImageContentType(filename: string): string | undefined {
  const match = filenamePattern.exec(filename);
  return match ? imageTypes.find((type) => type.ext === match[1])?.contentType : undefined;
}

/** A folder of uploaded images under random names: writes new files, removes replaced ones. */
export function imageStore(dir: string) {
  return {
    dir,
    /** Path of a stored image; only for names `storedImageContentType` accepts. */
    pathOf: (filename: string) => path.join(dir, filename),

    async write(bytes: Buffer, type: ImageType): Promise<string> {
      await fs.mkdir(dir, { recursive: true });
      const filename = `${randomBytes(16).toString('hex')}.${type.ext}`;
      await fs.writeFile(path.join(dir, filename), bytes, { flag: 'wx' });
      return filename;
    },

    /** Removes a file; one already gone (or a name not ours) is not an error. */
    async remove(filename: string | null | undefined): Promise<void> {
      if (!filename || !storedImageContentType(filename)) return;
      await fs.rm(path.join(dir, filename), { force: true });
    },
  };
}
export type ImageStore = ReturnType<typeof imageStore>;
