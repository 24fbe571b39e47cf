import type { Executor } from '../../db/client';
import { imageStore } from '../../core/files/images';

export { detectImageType, type ImageType } from '../../lib/images';

/** Avatars, in the database's file store (kind `avatar`), served at `/api/avatars/{name}`. */
export const avatarStore = (db: Executor) => imageStore(db, 'avatar');
export type AvatarStore = ReturnType<typeof avatarStore>;
