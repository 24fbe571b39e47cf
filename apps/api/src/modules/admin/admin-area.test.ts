import {
  ZAdminBusinessesResponse,
  ZAdminStats,
  ZAdminTokensResponse,
  ZAdminUserResponse,
  ZAdminUsersResponse,
} from '@tarifa/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  bookings,
  businesses,
  imports,
  notifications,
  planSubscriptions,
  users,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser as createTestUser, signIn, type TestUser } from '../../../test/factories';
import { createBusiness } from '../../../test/business-factories';
import {
  bookingInput,
  bookingsUrl,
  saveBookings,
  createApiToken,
  withRooms,
} from '../../../test/booking-factories';
import { adminService } from './service';

const url = '/api/v1/admin';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An account as it signs up: on the free plan (the plan filters and counts below rely on it). */
const createUser = (t: TestApp, overrides: Parameters<typeof createTestUser>[1] = {}) =>
  createTestUser(t, { plan: 'starter', ...overrides });

/** A client on the plan with every feature and no limit, so what it sets up is never refused. */
async function createOwner(t: TestApp, overrides: Parameters<typeof createUser>[1] = {}) {
  const owner = await createUser(t, overrides);
  await t.database.db
    .update(users)
    .set({ plan: 'business', planInterval: 'monthly' })
    .where(eq(users.uuid, owner.userData.uuid));
  return owner;
}

/** `GET /api/v1/admin/{path}` by `by`, expected to answer 200; answers the body, parsed. */
async function adminGet<T>(
  t: TestApp,
  by: TestUser,
  path: string,
  schema: { parse: (v: unknown) => T },
) {
  const res = await t.app.inject({ method: 'GET', url: `${url}/${path}`, headers: by.headers });
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
}

/** Imports as if uploaded at `times` (only their dates count here). */
const storeImports = (t: TestApp, business: { uuid: string }, times: Date[]) =>
  t.database.db.insert(imports).values(
    times.map((createdAt) => ({
      businessUuid: business.uuid,
      format: 'csv',
      mode: 'merge',
      fileName: 'bookings.csv',
      fileSize: 10,
      createdAt,
    })),
  );

const patchUser = (t: TestApp, by: TestUser, uuid: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `${url}/users/${uuid}`, headers: by.headers, payload });

const accountEvents = (t: TestApp, userUuid: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.subjectUserUuid, userUuid))
    .orderBy(auditEvents.seq);

const notificationsOf = (t: TestApp, userUuid: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userUuid, userUuid))
    .orderBy(notifications.createdAt);

describe('admin routes: super-admins only', () => {
  let t: TestApp;
  let client: TestUser;
  let integration: string;
  beforeAll(async () => {
    t = await createTestApp();
    client = await createOwner(t);
    const business = await createBusiness(t, client);
    integration = (await createApiToken(t, client, business, 'PMS')).token;
  });
  afterAll(() => t.close());

  const someUuid = '00000000-0000-4000-8000-000000000001';
  const routes = [
    { method: 'GET', path: '/users?search=a&page=0' },
    { method: 'PATCH', path: `/users/${someUuid}`, payload: { roles: ['super-admin'] } },
    { method: 'PATCH', path: '/users/not-a-uuid', payload: { disabled: 'yes' } },
    { method: 'GET', path: '/businesses' },
    { method: 'GET', path: '/tokens' },
    { method: 'DELETE', path: `/tokens/${someUuid}` },
    { method: 'GET', path: '/stats' },
  ] as const;

  it.each(routes)(
    '$method $path: 401 without a token, 403 to a client and to a token',
    async (route) => {
      const call = (headers: Record<string, string>) =>
        t.app.inject({
          method: route.method,
          url: `${url}${route.path}`,
          headers,
          ...('payload' in route ? { payload: route.payload } : {}),
        });
      const anonymous = await call({});
      expect(anonymous.statusCode).toBe(401);
      for (const headers of [client.headers, bearer(integration)]) {
        const res = await call(headers);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().error.code).toBe('forbidden');
      }
    },
  );
});

describe('GET and PATCH /api/v1/admin/users', () => {
  let t: TestApp;
  let admin: TestUser;
  let maria: TestUser;
  let percent: TestUser;
  let underscore: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { name: 'Root Admin', roles: ['super-admin'] });
    maria = await createOwner(t, { name: 'Maria Silva', email: 'maria.silva@example.test' });
    percent = await createUser(t, { name: 'Sales 100% Team' });
    underscore = await createUser(t, { name: 'Joana_Costa' });
    // Maria owns two properties, one of them deleted: she counts one.
    await createBusiness(t, maria, { name: 'Casa Azul' });
    const gone = await createBusiness(t, maria, { name: 'Casa Velha' });
    await t.database.db
      .update(businesses)
      .set({ deletedAt: new Date() })
      .where(eq(businesses.uuid, gone.uuid));
  });
  afterAll(() => t.close());

  const list = (query: string) => adminGet(t, admin, `users${query}`, ZAdminUsersResponse);
  const names = (body: { users: { name: string }[] }) => body.users.map((u) => u.name).sort();

  it('lists every account with its properties (deleted ones not counted), plan and last sign-in', async () => {
    const body = await list('');
    expect(body.total).toBe(4);
    const row = body.users.find((u) => u.uuid === maria.userData.uuid)!;
    expect(row).toMatchObject({
      name: 'Maria Silva',
      email: 'maria.silva@example.test',
      roles: ['client'],
      plan: 'business',
      disabled: false,
      propertiesCount: 1,
    });
    // Signed in by the factory a moment ago.
    expect(Date.now() - Date.parse(row.lastSignInAt!)).toBeLessThan(10 * 60_000);
    expect(body.users.find((u) => u.uuid === percent.userData.uuid)!.propertiesCount).toBe(0);
  });

  it('searches name and email whatever the case, LIKE wildcards taken literally', async () => {
    expect(names(await list('?search=MARIA'))).toEqual(['Maria Silva']);
    expect(names(await list('?search=silva%40example'))).toEqual(['Maria Silva']);
    expect(names(await list('?search=100%25'))).toEqual(['Sales 100% Team']);
    expect(names(await list('?search=_'))).toEqual(['Joana_Costa']);
    expect(names(await list('?search=%25'))).toEqual(['Sales 100% Team']);
    expect((await list('?search=nobody')).total).toBe(0);
  });

  it('filters by role, plan and disabled, and pages', async () => {
    expect(names(await list('?role=super-admin'))).toEqual(['Root Admin']);
    expect(names(await list('?plan=business'))).toEqual(['Maria Silva']);
    expect((await list('?disabled=false')).total).toBe(4);
    expect((await list('?disabled=true')).total).toBe(0);

    const first = await list('?pageSize=3&page=1');
    const second = await list('?pageSize=3&page=2');
    expect([first.total, second.total]).toEqual([4, 4]);
    expect([first.users.length, second.users.length]).toEqual([3, 1]);
    const all = [...first.users, ...second.users].map((u) => u.uuid);
    expect(new Set(all).size).toBe(4);
    expect(all).toContain(underscore.userData.uuid);
  });

  it('answers 400 naming the field on a bad filter, 404 on an unknown account', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: `${url}/users?role=owner`,
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].path).toBe('query.role');
    const unknown = await patchUser(t, admin, '00000000-0000-4000-8000-000000000009', {
      disabled: true,
    });
    expect(unknown.statusCode).toBe(404);
    const empty = await patchUser(t, admin, maria.userData.uuid, {});
    expect(empty.statusCode).toBe(400);
  });

  it('disables an account: its session ends at once, sign-in is refused, re-enabling lets it back', async () => {
    const user = await createUser(t, { name: 'Rui Dias' });
    const login = () => signIn(t, user.userData.email, user.password);
    const me = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/auth/user', headers });
    expect((await me(user.headers)).statusCode).toBe(200);

    const res = await patchUser(t, admin, user.userData.uuid, { disabled: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZAdminUserResponse.parse(res.json()).user.disabled).toBe(true);
    expect((await me(user.headers)).statusCode).toBe(401);
    const refused = await login();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('invalid_credentials');
    expect(names(await list('?disabled=true'))).toEqual(['Rui Dias']);

    const back = await patchUser(t, admin, user.userData.uuid, { disabled: false });
    expect(back.json().user.disabled).toBe(false);
    const again = await login();
    expect(again.statusCode).toBe(200);
    // The old session stays ended; the new one works.
    expect((await me(user.headers)).statusCode).toBe(401);
    expect((await me(bearer(again.json().accessToken))).statusCode).toBe(200);

    const events = await accountEvents(t, user.userData.uuid);
    expect(events.map((e) => [e.action, e.entity, e.actorUuid, e.actorKind])).toEqual([
      ['disable', 'user', admin.userData.uuid, 'user'],
      ['enable', 'user', admin.userData.uuid, 'user'],
    ]);
    expect(events[0]!.entityName).toBe('Rui Dias');
    expect(events[0]!.changes).toMatchObject({ disabledAt: { before: null } });
    expect((await notificationsOf(t, user.userData.uuid)).map((n) => n.params)).toEqual([
      { change: 'disabled' },
      { change: 'enabled' },
    ]);
  });

  it('changes the role, audited and notified', async () => {
    const user = await createUser(t, { name: 'Nova Admin' });
    const res = await patchUser(t, admin, user.userData.uuid, { roles: ['super-admin'] });
    expect(res.json().user.roles).toEqual(['super-admin']);
    const events = await accountEvents(t, user.userData.uuid);
    expect(events.map((e) => [e.action, e.changes])).toEqual([
      ['update', { roles: { before: ['client'], after: ['super-admin'] } }],
    ]);
    expect((await notificationsOf(t, user.userData.uuid)).map((n) => n.params)).toEqual([
      { change: 'roles' },
    ]);
    // The promoted account may now use the admin area.
    const rights = await signIn(t, user.userData.email, user.password);
    const stats = await t.app.inject({
      method: 'GET',
      url: `${url}/stats`,
      headers: bearer(rights.json().accessToken),
    });
    expect(stats.statusCode).toBe(200);
  });

  it('sets the plan through the plan change: subscription row, audit, notification, /auth/user', async () => {
    const res = await patchUser(t, admin, percent.userData.uuid, { plan: 'pro' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.plan).toBe('pro');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: percent.headers,
    });
    expect(me.json().data.plan).toBe('pro');
    const [subscription] = await t.database.db
      .select()
      .from(planSubscriptions)
      .where(eq(planSubscriptions.userUuid, percent.userData.uuid));
    expect(subscription).toMatchObject({
      plan: 'pro',
      provider: 'admin',
      setBy: admin.userData.uuid,
    });
    const events = await accountEvents(t, percent.userData.uuid);
    expect(events.map((e) => [e.action, e.entity, e.actorUuid])).toEqual([
      ['update', 'plan', admin.userData.uuid],
    ]);
    expect(
      (await notificationsOf(t, percent.userData.uuid)).map((n) => [n.kind, n.params]),
    ).toEqual([['plan_changed', { plan: 'pro', previousPlan: 'starter', byAdmin: true }]]);
    expect(names(await list('?plan=pro'))).toEqual(['Sales 100% Team']);
  });

  it('refuses a super-admin removing their own role or disabling themselves (409, the field named)', async () => {
    const demote = await patchUser(t, admin, admin.userData.uuid, { roles: ['client'] });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toMatchObject({ code: 'conflict', details: [{ path: 'roles' }] });
    const disable = await patchUser(t, admin, admin.userData.uuid, { disabled: true });
    expect(disable.statusCode).toBe(409);
    expect(disable.json().error).toMatchObject({
      code: 'conflict',
      details: [{ path: 'disabled' }],
    });
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.uuid, admin.userData.uuid));
    expect([row!.roles, row!.disabledAt]).toEqual([['super-admin'], null]);
  });
});

describe('the last super-admin stays', () => {
  let t: TestApp;
  let first: TestUser;
  let second: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    first = await createUser(t, { name: 'First Admin', roles: ['super-admin'] });
    second = await createUser(t, { name: 'Second Admin', roles: ['super-admin'] });
  });
  afterAll(() => t.close());

  const enabledSuperAdmins = async () =>
    (await t.database.db.select().from(users)).filter(
      (u) => u.roles.includes('super-admin') && !u.disabledAt,
    );

  it('two admins: demoting one is fine, then the other is refused, also for a request signed in before', async () => {
    const demoted = await patchUser(t, first, second.userData.uuid, { roles: ['client'] });
    expect(demoted.statusCode, demoted.body).toBe(200);
    // The demoted admin's rights are gone on their next request.
    const late = await patchUser(t, second, first.userData.uuid, { roles: ['client'] });
    expect(late.statusCode).toBe(403);
    // A request authenticated while both were admins, reaching the database after the first
    // change (the race the lock closes): refused, the last super-admin kept.
    const stale = { user: { uuid: second.userData.uuid, roles: ['super-admin' as const] } };
    const service = adminService(t.database.db, {
      clock: t.app.clock,
      unitOfWork: t.app.unitOfWork,
    });
    for (const patch of [{ roles: ['client' as const] }, { disabled: true }]) {
      const refused = service.updateUser(stale, first.userData.uuid, patch);
      await expect(refused).rejects.toMatchObject({
        code: 'conflict',
        details: [{ path: Object.keys(patch)[0], code: 'last_super_admin' }],
      });
    }
    expect((await enabledSuperAdmins()).map((u) => u.name)).toEqual(['First Admin']);
  });

  it('two admins demoting each other at once: one of them stays', async () => {
    const again = await patchUser(t, first, second.userData.uuid, { roles: ['super-admin'] });
    expect(again.statusCode).toBe(200);
    const results = await Promise.all([
      patchUser(t, first, second.userData.uuid, { disabled: true }),
      patchUser(t, second, first.userData.uuid, { disabled: true }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(await enabledSuperAdmins()).toHaveLength(1);
  });
});

describe('GET /api/v1/admin/businesses and the tokens', () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  let other: TestUser;
  let azul: { uuid: string };
  let velha: { uuid: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { roles: ['super-admin'] });
    owner = await createOwner(t, { name: 'Paula Reis', email: 'paula@example.test' });
    other = await createUser(t, { name: 'Tiago Luz' });
    azul = await createBusiness(t, owner, { name: 'Casa Azul', city: 'Porto', country: 'PT' });
    velha = await createBusiness(t, owner, { name: 'Casa Velha' });
    await createBusiness(t, other, { name: 'Hostel 50%' });
    await withRooms(t, owner, azul);
    await saveBookings(t, owner, azul, [
      bookingInput({ externalId: 'A1' }),
      bookingInput({ externalId: 'A2', roomCode: 'STE' }),
      bookingInput({ externalId: 'A3', arrival: '2025-08-01', departure: '2025-08-02' }),
    ]);
    await storeImports(t, azul, [
      new Date('2026-03-02T08:00:00Z'),
      new Date('2026-03-09T17:30:00Z'),
    ]);
    await t.database.db
      .update(businesses)
      .set({ deletedAt: new Date('2026-04-01T10:00:00Z') })
      .where(eq(businesses.uuid, velha.uuid));
  });
  afterAll(() => t.close());

  const listBusinesses = (query = '') =>
    adminGet(t, admin, `businesses${query}`, ZAdminBusinessesResponse);

  it('lists every property, deleted ones marked, with owner, plan and counts', async () => {
    const body = await listBusinesses();
    expect(body.total).toBe(3);
    const byName = Object.fromEntries(body.businesses.map((b) => [b.name, b]));
    expect(byName['Casa Azul']).toMatchObject({
      city: 'Porto',
      country: 'PT',
      owner: { uuid: owner.userData.uuid, name: 'Paula Reis', email: 'paula@example.test' },
      plan: 'business',
      roomTypes: 2,
      bookings: 3,
      lastImportAt: '2026-03-09T17:30:00.000Z',
      deletedAt: null,
    });
    expect(byName['Casa Velha']).toMatchObject({
      roomTypes: 0,
      bookings: 0,
      lastImportAt: null,
      deletedAt: '2026-04-01T10:00:00.000Z',
    });
    expect(byName['Hostel 50%']).toMatchObject({ plan: 'starter', owner: { name: 'Tiago Luz' } });
  });

  it("searches the property's name and its owner's name or email; pages", async () => {
    const names = async (query: string) =>
      (await listBusinesses(query)).businesses.map((b) => b.name).sort();
    expect(await names('?search=paula%40')).toEqual(['Casa Azul', 'Casa Velha']);
    expect(await names('?search=TIAGO')).toEqual(['Hostel 50%']);
    expect(await names('?search=50%25')).toEqual(['Hostel 50%']);
    expect(await names('?search=velha')).toEqual(['Casa Velha']);
    const page = await listBusinesses('?pageSize=2&page=2');
    expect([page.total, page.businesses.length]).toEqual([3, 1]);
  });

  it('lists the live tokens of every business and revokes one: it fails from then on, audited, the owner notified', async () => {
    const sync = await createApiToken(t, owner, azul, 'PMS sync');
    const channel = await createApiToken(t, owner, azul, 'Channel manager');
    const listTokens = async () =>
      (await adminGet(t, admin, 'tokens', ZAdminTokensResponse)).tokens;
    const tokens = await listTokens();
    // Never the secret nor its hash: exactly these fields.
    const raw = await t.app.inject({ method: 'GET', url: `${url}/tokens`, headers: admin.headers });
    expect(raw.body).not.toContain(sync.token);
    expect(Object.keys(raw.json().tokens[0]).sort()).toEqual(
      ['business', 'createdAt', 'id', 'lastUsedAt', 'name', 'owner', 'prefix', 'scopes'].sort(),
    );
    expect(tokens.map((tk) => tk.name).sort()).toEqual(['Channel manager', 'PMS sync']);
    expect(tokens.find((tk) => tk.id === sync.apiToken.id)).toMatchObject({
      prefix: sync.apiToken.prefix,
      scopes: ['bookings', 'prices', 'market'],
      business: { uuid: azul.uuid, name: 'Casa Azul' },
      owner: { uuid: owner.userData.uuid, name: 'Paula Reis', email: 'paula@example.test' },
    });

    const readBookings = () =>
      t.app.inject({ method: 'GET', url: bookingsUrl(azul), headers: bearer(sync.token) });
    expect((await readBookings()).statusCode).toBe(200);
    const revoke = () =>
      t.app.inject({
        method: 'DELETE',
        url: `${url}/tokens/${sync.apiToken.id}`,
        headers: admin.headers,
      });
    expect((await revoke()).statusCode).toBe(204);
    expect((await readBookings()).statusCode).toBe(401);
    expect((await revoke()).statusCode).toBe(404);
    expect((await listTokens()).map((tk) => tk.id)).toEqual([channel.apiToken.id]);

    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.businessUuid, azul.uuid), eq(auditEvents.action, 'revoke')));
    expect(events.map((e) => [e.action, e.entityId, e.entityName, e.actorUuid])).toEqual([
      ['revoke', sync.apiToken.id, 'PMS sync', admin.userData.uuid],
    ]);
    // The owner also hears of the prices proposed for the new rooms; only the revocation is ours.
    const accountNotices = (await notificationsOf(t, owner.userData.uuid)).filter(
      (n) => n.kind === 'account_changed',
    );
    expect(accountNotices.map((n) => [n.businessUuid, n.params])).toEqual([
      [azul.uuid, { change: 'token_revoked', token: 'PMS sync' }],
    ]);
  });
});

describe('GET /api/v1/admin/stats', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts the totals, and sign-ups, imports and bookings per ISO week (zero weeks included)', async () => {
    // Mondays (UTC) of this week and of the 11 before: the 12 weeks answered.
    const now = new Date();
    const day = 86_400_000;
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const monday = (weeksBack: number) =>
      new Date(today - ((now.getUTCDay() + 6) % 7) * day - weeksBack * 7 * day);
    const at = (weeksBack: number, hours: number) =>
      new Date(monday(weeksBack).getTime() + hours * 3_600_000);

    admin = await createUser(t, { roles: ['super-admin'] });
    const owner = await createOwner(t);
    const early = await createUser(t);
    const gone = await createUser(t);
    const business = await createBusiness(t, owner);
    await withRooms(t, owner, business);
    await saveBookings(t, owner, business, [
      bookingInput({ externalId: 'B1' }),
      bookingInput({ externalId: 'B2' }),
      bookingInput({ externalId: 'B3' }),
    ]);
    await createApiToken(t, owner, business, 'PMS');
    const deleted = await createBusiness(t, owner);
    await t.database.db
      .update(businesses)
      .set({ deletedAt: new Date() })
      .where(eq(businesses.uuid, deleted.uuid));
    await storeImports(t, business, [
      // The first Monday of the window, at midnight: in it.
      monday(11),
      // Sunday 23:59 before that week: outside.
      new Date(monday(11).getTime() - 60_000),
      at(3, 30),
      at(3, 100),
    ]);
    // Sign-ups: `early` 3 weeks back (Tuesday), `gone` 20 weeks back and disabled.
    await t.database.db
      .update(users)
      .set({ createdAt: at(3, 30) })
      .where(eq(users.uuid, early.userData.uuid));
    await t.database.db
      .update(users)
      .set({ createdAt: at(20, 0), disabledAt: new Date() })
      .where(eq(users.uuid, gone.userData.uuid));
    // One booking recorded 5 weeks back (Sunday evening, the end of that week).
    const [one] = await t.database.db.select().from(bookings).where(eq(bookings.externalId, 'B1'));
    await t.database.db
      .update(bookings)
      .set({ createdAt: at(5, 6 * 24 + 20) })
      .where(eq(bookings.id, one!.id));

    const stats = await adminGet(t, admin, 'stats', ZAdminStats);
    expect(stats.totals).toEqual({
      users: 4,
      disabledUsers: 1,
      properties: 1,
      bookings: 3,
      activeTokens: 1,
      plans: { starter: 3, pro: 0, business: 1 },
    });
    const expected = Array.from({ length: 12 }, (_, i) => ({
      week: monday(11 - i)
        .toISOString()
        .slice(0, 10),
      signUps: 0,
      imports: 0,
      bookings: 0,
    }));
    // Index 11 is this week, 11 - n is n weeks back.
    expected[11] = { ...expected[11]!, signUps: 2, bookings: 2 }; // admin and owner; B2, B3
    expected[8] = { ...expected[8]!, signUps: 1, imports: 2 };
    expected[6] = { ...expected[6]!, bookings: 1 };
    expected[0] = { ...expected[0]!, imports: 1 };
    expect(stats.weeks).toEqual(expected);
  });
});
