import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { testDatabaseKind } from '../test/helpers';
import { serverEnvironment, startServer } from '../test/server-process';

describe('the server process (npm start)', () => {
  // As the operator starts it: on nothing at all, the database is created and migrated, and the
  // demo is seeded on the first start (DEMO's default).
  let place: Awaited<ReturnType<typeof serverEnvironment>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    place = await serverEnvironment({ DEMO: 'true' }, { fresh: true });
    env = place.env;
  });
  afterAll(() => place.cleanUp());

  it('refuses to start on bad configuration, naming the variable', async () => {
    const server = startServer({ ...env, PORT: 'abc' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT="abc"');
  });

  it(
    'migrates, serves the API and the app, and stops cleanly on SIGTERM — twice on the same data',
    { timeout: 120_000 },
    async () => {
      for (let run = 0; run < 2; run++) {
        const server = startServer(env);
        const base = await server.listening;
        const health = await fetch(`${base}/api/health`);
        expect(health.status).toBe(200);
        expect(((await health.json()) as { database: string }).database).toBe(testDatabaseKind);
        const deepLink = await fetch(`${base}/pricing-central/price-setup`);
        expect(deepLink.status).toBe(200);
        expect(await deepLink.text()).toContain('Tarifa test shell');
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        expect(server.output()).toContain('shutting down');
      }
    },
  );

  it('creates the ADMIN_EMAIL super-admin at the first start, and keeps its password on the next', async () => {
    // Without the demo: its seeding is the first test's, and no part of this one.
    const adminPlace = await serverEnvironment({ ADMIN_EMAIL: 'root@example.test' });
    onTestFinished(() => adminPlace.cleanUp());
    const adminEnv = adminPlace.env;
    const login = (base: string, password: string) =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'root@example.test', password }),
      });

    for (const [run, password] of ['First-root-pass-1', 'Second-root-pass-2'].entries()) {
      const server = startServer({ ...adminEnv, ADMIN_PASSWORD: password });
      try {
        const base = await server.listening;
        const first = await login(base, 'First-root-pass-1');
        expect(first.status).toBe(200);
        const body = (await first.json()) as { userData: { roles: string[] } };
        expect(body.userData.roles).toEqual(['super-admin']);
        if (run === 1) expect((await login(base, 'Second-root-pass-2')).status).toBe(401);
      } finally {
        server.child.kill('SIGTERM');
      }
      expect(await server.exited).toBe(0);
      expect(server.output()).not.toContain(password);
    }
  }, 120_000); // two starts on a busy machine
});
