import type { TUser } from '@tarifa/contract';
import { systemClock, type Clock } from '../../core/clock';
import type { Db } from '../../db/client';
import { hashPassword } from '../../lib/secrets';
import { authRepository } from '../auth/repository';
import { toUser } from '../auth/service';

export interface SuperAdminAccount {
  email: string;
  password: string;
  name?: string;
}

export type EnsureOutcome =
  /** No account had the address: it was created as super-admin with the password. */
  | 'created'
  /** A client account had the address: it became super-admin, with the password given, signed out. */
  | 'promoted'
  /** It already was a super-admin: nothing changed (its password neither). */
  | 'unchanged';

/**
 * Makes sure the account exists as super-admin: `ADMIN_EMAIL`/`ADMIN_PASSWORD` at every start,
 * and `npm run create-admin`. An existing super-admin is left alone, so a password changed since is
 * never overwritten. A client account that happens to hold the address is taken over: promoted,
 * given the operator's password, and signed out everywhere — whoever registered it first must not
 * inherit the rights with their own password.
 */
export async function ensureSuperAdmin(
  db: Db,
  account: SuperAdminAccount,
  clock: Clock = systemClock,
): Promise<{ outcome: EnsureOutcome; user: TUser }> {
  const repo = authRepository(db);
  const existing = await repo.findUserByEmail(account.email);
  if (existing?.roles.includes('super-admin')) {
    return { outcome: 'unchanged', user: toUser(existing) };
  }
  const passwordHash = await hashPassword(account.password);
  if (existing) {
    const user = await repo.transaction(async (tx) => {
      const now = clock();
      const row = await tx.updateUser(existing.uuid, {
        roles: ['super-admin'],
        passwordHash,
        disabledAt: null,
      });
      await tx.revokeSessionsOf(existing.uuid, now);
      await tx.expireResetTokensOf(existing.uuid, now);
      return row!;
    });
    return { outcome: 'promoted', user: toUser(user) };
  }
  try {
    const user = await repo.insertUser({
      name: account.name ?? 'Administrator',
      email: account.email,
      passwordHash,
      roles: ['super-admin'],
      language: 'pt',
    });
    return { outcome: 'created', user: toUser(user) };
  } catch (err) {
    // Several instances starting at once: another one created it first.
    const winner = await repo.findUserByEmail(account.email);
    if (winner?.roles.includes('super-admin'))
      return { outcome: 'unchanged', user: toUser(winner) };
    throw err;
  }
}
