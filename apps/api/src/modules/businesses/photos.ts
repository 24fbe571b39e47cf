import path from 'node:path';
import {
  detectImageType,
  imageStore,
  storedImageContentType,
  type ImageType,
} from '../../lib/images';

export type PhotoType = ImageType;
/** A gallery photo is PNG, JPEG or WebP, recognised by its content. */
export const detectPhotoType = detectImageType;
/** The content type of a stored photo's name, or undefined when the name is not one of ours. */
export const photoContentType = storedImageContentType;

/** Where a photo is served (public: names are 128 random bits, like avatars). */
export const photoUrl = (filename: string) => `/api/business-photos/${filename}`;

/** The photos folder, `DATA_DIR/business-photos`. */
export const photoStore = (dataDir: string) => imageStore(path.join(dataDir, 'business-photos'));
export type PhotoStore = ReturnType<typeof photoStore>;
