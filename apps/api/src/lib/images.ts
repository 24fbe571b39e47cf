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
