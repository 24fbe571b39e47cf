import path from 'node:path';
import { imageStore, storedImageContentType } from '../../lib/images';

export { detectImageType, type ImageType } from '../../lib/images';

/** The content type of a stored avatar's name, or undefined when the name is not one of ours. */
export const avatarContentType = storedImageContentType;

/** The avatars folder, `DATA_DIR/avatars`. */
export const avatarStore = (dataDir: string) => imageStore(path.join(dataDir, 'avatars'));
export type AvatarStore = ReturnType<typeof avatarStore>;
