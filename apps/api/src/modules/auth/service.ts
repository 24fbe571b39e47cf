import {
  abilityRulesFor,
  isLocale,
  type TAuthResponse,
  type TChangePasswordBody,
  type TLoginBody,
  type TPlanId,
  type TRegisterBody,
  type TRole,
  type TSession,
  type TUser,
} from '@tarifa/contract';
import { isUniqueViolation } from '../../lib/db-errors';
import type { CredentialResolver } from '../../core/auth';
import type { Clock } from '../../core/clock';
import { AppError } from '../../lib/errors';
import { hashPassword, hashSecret, newSecret, verifyPassword } from '../../lib/secrets';
import type { AuthRepository, UserRow } from './repository';

/** Sessions last 30 days from their last use. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's last use is written at most this often, so reads do not all become writes. */
const TOUCH_EVERY_MS = 60 * 1000;

export function toUser(row: UserRow): TUser {
  return {
    uuid: row.uuid,
    name: row.name,
    email: row.email,
    profile_img_filename: row.profileImgFilename,
    roles: row.roles as TRole[],
    language: isLocale(row.language) ? row.language : 'pt',
    plan: row.plan as TPlanId,
  };
}

const emailTaken = () =>
  new AppError('conflict', 'An account with this email already exists', [
    { path: 'email', code: 'email_taken', message: 'An account with this email already exists' },
  ]);

export interface ClientInfo {
  userAgent: string | undefined;
  ip: string | undefined;
}

export interface Authenticated {
  user: TUser;
  sessionId: string;
}

export function authService(repo: AuthRepository, clock: Clock) {
  async function openSession(user: UserRow, client: ClientInfo): Promise<TAuthResponse> {
    const accessToken = newSecret();
    const now = clock();
    await repo.insertSession({
      userUuid: user.uuid,
      tokenHash: hashSecret(accessToken),
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip ?? null,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      lastUsedAt: now,
    });
    await repo.recordSignIn(user.uuid, now);
    const userData = { ...toUser(user), memberships: await repo.findMemberships(user.uuid) };
    return { accessToken, userData, userAbilityRules: abilityRulesFor(userData) };
  }

  return {
    async register(body: TRegisterBody, client: ClientInfo): Promise<TAuthResponse> {
      if (await repo.findUserByEmail(body.email)) throw emailTaken();
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
        // Registrations racing for one address pass the check above together: the unique index
        // decides, and the others are told the address is taken.
        if (isUniqueViolation(err, 'users_email_lower_key')) throw emailTaken();
        throw err;
      }
      return openSession(user, client);
    },

    /** Same answer, and about the same time, for an unknown email and a wrong password. */
    async login(body: TLoginBody, client: ClientInfo): Promise<TAuthResponse> {
      const user = await repo.findUserByEmail(body.email);
      const valid = await verifyPassword(user?.passwordHash, body.password);
      if (!user || !valid || user.disabledAt) {
        throw new AppError('invalid_credentials', 'The email or the password is not right');
      }
      return openSession(user, client);
    },

    /** The user and session behind an access token, or undefined when it is not live. */
    async authenticate(accessToken: string): Promise<Authenticated | undefined> {
      const now = clock();
      const found = await repo.findLiveSession(hashSecret(accessToken), now);
      if (!found) return undefined;
      if (now.getTime() - found.session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
        await repo.touchSession(found.session.id, now, new Date(now.getTime() + SESSION_TTL_MS));
      }
      return {
        user: { ...toUser(found.user), memberships: found.memberships },
        sessionId: found.session.id,
      };
    },

    async logout(auth: Authenticated): Promise<void> {
      await repo.revokeSession(auth.user.uuid, auth.sessionId, clock());
    },

    /**
     * Sets a new password after checking the current one; every other session of the user ends
     * (the one asking stays signed in).
     */
    async changePassword(auth: Authenticated, body: TChangePasswordBody): Promise<void> {
      const user = await repo.findUser(auth.user.uuid);
      if (!user || !(await verifyPassword(user.passwordHash, body.currentPassword))) {
        throw AppError.field('currentPassword', 'wrong_password', 'The current password is wrong');
      }
      const passwordHash = await hashPassword(body.newPassword);
      await repo.transaction(async (tx) => {
        const now = clock();
        await tx.updateUser(user.uuid, { passwordHash });
        await tx.revokeSessionsOf(user.uuid, now, auth.sessionId);
        // A reset link asked for earlier must not undo this change.
        await tx.expireResetTokensOf(user.uuid, now);
      });
    },

    /** The caller's live sessions, most recently used first; `current` marks the one asking. */
    async listSessions(auth: Authenticated): Promise<TSession[]> {
      const rows = await repo.listLiveSessions(auth.user.uuid, clock());
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        userAgent: row.userAgent,
        ip: row.ip,
        current: row.id === auth.sessionId,
      }));
    },

    /** Signs one of the caller's sessions out; another user's (or an ended one) is not found. */
    async revokeSession(auth: Authenticated, id: string): Promise<void> {
      if (!(await repo.revokeSession(auth.user.uuid, id, clock()))) {
        throw AppError.notFound('Session');
      }
    },

    /**
     * Disables an account: it can no longer sign in, and every session ends at once. Answers the
     * user, or undefined when there is none with that uuid.
     */
    async disableUser(uuid: string): Promise<TUser | undefined> {
      return repo.transaction(async (tx) => {
        const now = clock();
        const existing = await tx.findUser(uuid);
        if (!existing) return undefined;
        const row = existing.disabledAt ? existing : await tx.updateUser(uuid, { disabledAt: now });
        await tx.revokeSessionsOf(uuid, now);
        await tx.expireResetTokensOf(uuid, now);
        return row && toUser(row);
      });
    },
  };
}
export type AuthService = ReturnType<typeof authService>;

/**
 * Sessions (the access tokens that signing in answers) as a kind of bearer credential (wired in
 * `app.ts`): any token that is not another kind's, resolved to its user while it is live.
 */
export function sessions(service: Pick<AuthService, 'authenticate'>): CredentialResolver {
  return { accepts: () => true, resolve: (token) => service.authenticate(token) };
}
