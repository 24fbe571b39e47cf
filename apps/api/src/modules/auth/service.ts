import {
  abilityRulesFor,
  isLocale,
  type AuthResponse,
  type LoginBody,
  type RegisterBody,
  type Role,
  type User,
} from '@tarifa/contract';
import { AppError } from '../../lib/errors';
import { hashPassword, hashSecret, newSecret, verifyPassword } from '../../lib/secrets';
import type { AuthRepository, UserRow } from './repository';

/** Sessions last 30 days from their last use. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's last use is written at most this often, so reads do not all become writes. */
const TOUCH_EVERY_MS = 60 * 1000;

export function toUser(row: UserRow): User {
  return {
    uuid: row.uuid,
    name: row.name,
    email: row.email,
    profile_img_filename: row.profileImgFilename,
    roles: row.roles as Role[],
    language: isLocale(row.language) ? row.language : 'pt',
  };
}

export interface ClientInfo {
  userAgent: string | undefined;
  ip: string | undefined;
}

export interface Authenticated {
  user: User;
  sessionId: string;
}

export function authService(repo: AuthRepository) {
  async function openSession(user: UserRow, client: ClientInfo): Promise<AuthResponse> {
    const accessToken = newSecret();
    const now = new Date();
    await repo.insertSession({
      userUuid: user.uuid,
      tokenHash: hashSecret(accessToken),
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip ?? null,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      lastUsedAt: now,
    });
    const userData = toUser(user);
    return { accessToken, userData, userAbilityRules: abilityRulesFor(userData) };
  }

  return {
    async register(body: RegisterBody, client: ClientInfo): Promise<AuthResponse> {
      if (await repo.findUserByEmail(body.email)) {
        throw new AppError('conflict', 'An account with this email already exists', [
          {
            path: 'email',
            code: 'email_taken',
            message: 'An account with this email already exists',
          },
        ]);
      }
      const passwordHash = await hashPassword(body.password);
      let user: UserRow;
      try {
        user = await repo.insertUser({
          name: body.name,
          email: body.email,
          passwordHash,
          roles: ['client'],
          language: body.language ?? 'pt',
        });
      } catch (err) {
        // Two registrations racing for one address: the unique index decides.
        if (/users_email_lower_key/.test(String((err as Error).message ?? err))) {
          throw new AppError('conflict', 'An account with this email already exists', [
            {
              path: 'email',
              code: 'email_taken',
              message: 'An account with this email already exists',
            },
          ]);
        }
        throw err;
      }
      return openSession(user, client);
    },

    /** Same answer, and about the same time, for an unknown email and a wrong password. */
    async login(body: LoginBody, client: ClientInfo): Promise<AuthResponse> {
      const user = await repo.findUserByEmail(body.email);
      const valid = await verifyPassword(user?.passwordHash, body.password);
      if (!user || !valid || user.disabledAt) {
        throw new AppError('invalid_credentials', 'The email or the password is not right');
      }
      return openSession(user, client);
    },

    /** The user and session behind an access token, or undefined when it is not live. */
    async authenticate(accessToken: string): Promise<Authenticated | undefined> {
      const now = new Date();
      const found = await repo.findLiveSession(hashSecret(accessToken), now);
      if (!found) return undefined;
      if (now.getTime() - found.session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
        await repo.touchSession(found.session.id, now, new Date(now.getTime() + SESSION_TTL_MS));
      }
      return { user: toUser(found.user), sessionId: found.session.id };
    },

    async logout(auth: Authenticated): Promise<void> {
      await repo.revokeSession(auth.user.uuid, auth.sessionId, new Date());
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
