import { imageStore } from '../../core/files/images';
import type { Executor } from '../../db/client';
import { detectImageType, type ImageType } from '../../lib/images';

export type PhotoType = ImageType;
/** A gallery photo is PNG, JPEG or WebP, recognised by its content. */
export const detectPhotoType = detectImageType;

/** Where a photo is served (public: names are 128 random bits, like avatars). */
export const photoUrl = (filename: string) => `/api/business-photos/${filename}`;

/** Gallery photos, in the database's file store (kind `business_photo`). */
export const photoStore = (db: Executor) => imageStore(db, 'business_photo');
export type PhotoStore = ReturnType<typeof photoStore>;
