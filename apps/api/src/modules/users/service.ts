import type { TUpdateUserBody, TUser } from '@tarifa/contract';
import { policyFor } from '../../core/tenancy';
import { AppError } from '../../lib/errors';
import type { RequestAuth } from '../../plugins/auth';
import type { AuthRepository } from '../auth/repository';
import { toUser } from '../auth/service';
import { detectImageType } from './avatars';
import type { UsersRepository } from './repository';

/**
 * A user's profile: name, language and avatar. A client may change only its own; a super-admin
 * anyone's. Someone else's account answers 404, as another tenant's data does, so its existence
 * is not revealed.
 */
export function usersService(repo: UsersRepository, auth: Pick<AuthRepository, 'findMemberships'>) {
  /** The user as answered: with the memberships, as every answer about a signed-in user. */
  const answer = async (row: Parameters<typeof toUser>[0]): Promise<TUser> => ({
    ...toUser(row),
    memberships: await auth.findMemberships(row.uuid),
  });

  async function editable(auth: RequestAuth, uuid: string) {
    if (!policyFor(auth).can('update', { type: 'User', fields: { uuid } })) {
      throw AppError.notFound('User');
    }
    const row = await repo.find(uuid);
    if (!row) throw AppError.notFound('User');
    return row;
  }

  return {
    /** Throws 404 unless the caller may change this user's profile. */
    assertEditable: async (auth: RequestAuth, uuid: string): Promise<void> => {
      await editable(auth, uuid);
    },

    async update(auth: RequestAuth, uuid: string, body: TUpdateUserBody): Promise<TUser> {
      await editable(auth, uuid);
      const changes = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.language !== undefined ? { language: body.language } : {}),
      };
      const row = await repo.update(uuid, changes);
      if (!row) throw AppError.notFound('User');
      return answer(row);
    },

    /** Stores a PNG, JPEG or WebP image (recognised by content) in place of the one it replaces. */
    async setAvatar(auth: RequestAuth, uuid: string, bytes: Buffer): Promise<TUser> {
      await editable(auth, uuid);
      const type = detectImageType(bytes);
      if (!type) {
        throw new AppError(
          'unsupported_media_type',
          'The avatar must be a PNG, JPEG or WebP image',
          [{ path: 'file', code: 'invalid_image', message: 'Not a PNG, JPEG or WebP image' }],
        );
      }
      const user = await repo.swapAvatar(uuid, (store) =>
        store.write(bytes, type, { userUuid: uuid }),
      );
      if (!user) throw AppError.notFound('User');
      return answer(user);
    },

    async removeAvatar(auth: RequestAuth, uuid: string): Promise<TUser> {
      await editable(auth, uuid);
      const user = await repo.swapAvatar(uuid, null);
      if (!user) throw AppError.notFound('User');
      return answer(user);
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
