import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Image types a gallery photo may be, recognised by their first bytes (never the declared type). */
const imageTypes = [
  { ext: 'png', contentType: 'image/png', magic: [[0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]]] },
  { ext: 'jpg', contentType: 'image/jpeg', magic: [[0, [0xff, 0xd8, 0xff]]] },
  {
    ext: 'webp',
    contentType: 'image/webp',
    magic: [
      [0, [...Buffer.from('RIFF')]],
      [8, [...Buffer.from('WEBP')]],
    ],
  },
] as const satisfies readonly {
  ext: string;
  contentType: string;
  magic: readonly (readonly [number, readonly number[]])[];
}[];
export type PhotoType = (typeof imageTypes)[number];

export function detectPhotoType(bytes: Buffer): PhotoType | undefined {
  return imageTypes.find((type) =>
    type.magic.every(
      ([offset, magic]) =>
        bytes.length >= offset + magic.length && magic.every((b, i) => bytes[offset + i] === b),
    ),
  );
}

const filenamePattern = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

/** The content type of a stored photo's name, or undefined when the name is not one of ours. */
export function photoContentType(filename: string): string | undefined {
  const match = filenamePattern.exec(filename);
  return match ? imageTypes.find((type) => type.ext === match[1])?.contentType : undefined;
}

/** Where a photo is served (public: names are 128 random bits, like avatars). */
export const photoUrl = (filename: string) => `/api/business-photos/${filename}`;

/** The photos folder, `DATA_DIR/business-photos`. */
export function photoStore(dataDir: string) {
  const dir = path.join(dataDir, 'business-photos');
  return {
    /** Path of a stored photo; only for names `photoContentType` accepts. */
    pathOf: (filename: string) => path.join(dir, filename),

    async write(bytes: Buffer, type: PhotoType): Promise<string> {
      await fs.mkdir(dir, { recursive: true });
      const filename = `${randomBytes(16).toString('hex')}.${type.ext}`;
      await fs.writeFile(path.join(dir, filename), bytes, { flag: 'wx' });
      return filename;
    },

    /** Removes a file; one already gone (or a name not ours) is not an error. */
    async remove(filename: string): Promise<void> {
      if (!photoContentType(filename)) return;
      await fs.rm(path.join(dir, filename), { force: true });
    },
  };
}
export type PhotoStore = ReturnType<typeof photoStore>;
