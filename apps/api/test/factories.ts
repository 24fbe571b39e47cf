import { randomBytes } from 'node:crypto';
import type { TAuthResponse, TPlanId, TRole } from '@tarifa/contract';
import type { TestApp } from './helpers';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/lib/secrets';

export const defaultPassword = 'Correct-Horse-42';

export interface TestUser extends TAuthResponse {
  password: string;
  /** Headers that authenticate as this user. */
  headers: { authorization: string };
}

/**
 * A user stored straight in the database (any role), then signed in through the real login call.
 * Test users are on the `business` plan unless `plan` says otherwise: a new account starts on
 * `starter`, which refuses the Pro features most tests are about; only tests of plans pass
 * `plan`. The plan is stored as the account's own (as if it signed up on it), not as a change, so
 * no test account starts with a plan-change notification or audit event it did not ask for.
 */
export async function createUser(
  t: TestApp,
  overrides: {
    name?: string;
    email?: string;
    password?: string;
    roles?: TRole[];
    language?: string;
    plan?: TPlanId;
  } = {},
): Promise<TestUser> {
  const password = overrides.password ?? defaultPassword;
  const email = overrides.email ?? `user-${randomBytes(5).toString('hex')}@example.test`;
  await t.database.db.insert(users).values({
    name: overrides.name ?? 'Ana Hoteleira',
    email,
    passwordHash: await hashPassword(password),
    roles: overrides.roles ?? ['client'],
    language: overrides.language ?? 'pt',
    plan: overrides.plan ?? 'business',
  });
  const res = await signIn(t, email, password);
  if (res.statusCode !== 200) throw new Error(`login of the test user failed: ${res.body}`);
  const body = res.json() as TAuthResponse;
  return { ...body, password, headers: { authorization: `Bearer ${body.accessToken}` } };
}

/** `POST /api/auth/login`; answers the raw response. */
export const signIn = (t: TestApp, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
