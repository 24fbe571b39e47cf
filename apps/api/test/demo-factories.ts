import type { TBusiness } from '@tarifa/contract';
import { demoAccount } from '../src/modules/demo/generator';
import { seedDemoIfEmpty } from '../src/modules/demo/seed';
import type { TestUser } from './factories';
import { createClockedTestApp, type TestApp } from './helpers';

/**
 * A test app on `clock` with the demo hotel seeded as of its now and its first jobs run: the
 * demo's owner signed in, and the hotel.
 */
export async function demoTestApp(
  clock: () => Date,
): Promise<{ t: TestApp; owner: TestUser; demo: TBusiness }> {
  const t = await createClockedTestApp(clock);
  await seedDemoIfEmpty({ db: t.database.db, jobs: t.app.jobs }, clock());
  await t.app.jobs.drain();
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: demoAccount.email, password: demoAccount.password },
  });
  const headers = { authorization: `Bearer ${login.json().accessToken}` };
  const owner: TestUser = { ...login.json(), password: demoAccount.password, headers };
  const list = await t.app.inject({ method: 'GET', url: '/api/v1/businesses', headers });
  return { t, owner, demo: list.json().businesses[0] as TBusiness };
}
