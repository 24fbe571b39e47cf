import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  apiTokenScopes,
  memberRoles,
  type TApiTokenScope,
  type TMemberRole,
} from '@tarifa/contract';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from './db/schema';
import { accountAccess } from './core/auth';
import { policyFor } from './core/tenancy';
import type { RouteEntry } from './plugins/input';
import { createClockedTestApp, type TestApp } from '../test/helpers';
import { buildIsolationWorld, type IsolationWorld } from '../test/isolation-world';
import { multipartBody } from '../test/booking-factories';
import { sampleOf, type JsonSchema } from '../test/schema-sample';

/**
 * Tenant isolation, generated from the route table (docs/reliability.md): every route is walked
 * with owner A's ids in its path and called by everyone who must not reach them — nobody, another
 * client, another business's integration token, A's own token without the scope, a client on the
 * admin routes — with a request valid for the route, so only the tenancy rules can refuse it. A
 * new route is walked as soon as it is registered; one whose path parameter has no fixture below
 * fails the test by name.
 */

/** Routes anyone may call, by method and pattern (and the docs, under `/api/docs`). */
const publicRoutes = [
  'GET /api/health',
  'GET /api/ready',
  'GET /api/demo',
  'GET /api/v1/plans',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'GET /api/avatars/:filename',
  'GET /api/business-photos/:filename',
  // The morning digest's e-mail links: the token is the permission (docs/digest-and-alerts.md).
  'GET /api/v1/digest/links',
  'POST /api/v1/digest/links',
  'POST /api/v1/digest/unsubscribe',
  // An invitation's link: the token is the permission (docs/members.md).
  'GET /api/v1/invitations/preview',
];
const isPublic = (route: RouteEntry) =>
  !route.url.startsWith('/api/') ||
  route.url.startsWith('/api/docs') ||
  publicRoutes.includes(`${route.method} ${route.url}`);

/**
 * A's id for each path parameter, by the parameter and the collection it follows in the path
 * (`bookings/:id` is a booking, `tokens/:id` a token): the one table a new kind of id is added to.
 */
const ownedIdsOf = (world: IsolationWorld): Record<string, string> => ({
  'businesses/:uuid': world.businessA.uuid,
  'users/:uuid': world.ownerA.userData.uuid,
  'sessions/:id': world.idsA.session,
  'fluctuation-levels/:groupUuid': world.idsA.fluctuationGroup,
  'sazonalities/:id': world.idsA.sazonality,
  'events/:id': world.idsA.event,
  'photos/:id': world.idsA.photo,
  'bookings/:id': world.idsA.booking,
  'imports/:importId': world.idsA.import,
  'tokens/:id': world.idsA.apiToken,
  'deliveries/:id': world.idsA.delivery,
  'competitors/:competitorUuid': world.idsA.competitor,
  'rate-plans/:ratePlanUuid': world.idsA.ratePlan,
  'rate-rule-changes/:id': world.idsA.rateRuleChange,
  'channels/:id': world.idsA.channel,
  'members/:userUuid': world.idsA.member,
  'invitations/:id': world.idsA.invitation,
  ...notIds,
});

/** Path parameters that name no data of A's (a budget's year): filled in, not looked for in answers. */
const notIds: Record<string, string> = { 'budgets/:year': '2026' };
const parameterPattern = /([^/]+)\/:(\w+)/g;

/**
 * What each scope of an integration token opens (docs/bookings.md), by method and pattern under
 * `/api/v1/businesses/:uuid`: every other route answers a token 403. The routes declare the
 * permission they ask (`config.access`); this table is what those declarations add up to.
 */
const tokenRoutes: Record<TApiTokenScope, string[]> = {
  bookings: [
    'GET /bookings',
    'POST /bookings',
    'GET /bookings/facets',
    'GET /bookings/:id',
    'PUT /bookings/:id',
    'DELETE /bookings/:id',
    'POST /bookings/import',
    'POST /bookings/import/preview',
    'GET /imports',
    'GET /imports/:importId',
  ],
  prices: [
    'GET /prices',
    'GET /prices/export.csv',
    'GET /price-changes',
    'GET /price-changes/export.csv',
    'GET /price-changes/summary',
    'GET /price-changes/first-list',
    'GET /rate-plans',
    'GET /rate-rule-changes',
    'GET /channels/delivered',
  ],
  market: [
    'GET /competitors',
    'GET /competitor-rates',
    'PUT /competitor-rates',
    'POST /competitor-rates/import',
    'GET /market',
  ],
};

/**
 * What each role of a team member opens on its property (docs/members.md), by method and pattern
 * under `/api/v1/businesses/:uuid`; every other route there answers the member 403. Reads are
 * `GET`s; a viewer reads everything but the integrations and the team; a front desk the bookings
 * (and writes them), the calendar and the property; a revenue manager reads as a viewer and
 * writes the prices and what makes them; a manager does all but delete the property or touch the
 * team.
 */
const integrationReads = [
  'GET /tokens',
  'GET /webhook',
  'GET /webhook/deliveries',
  'GET /channels',
  'GET /channels/:id',
  'GET /channels/:id/remote',
  'GET /channels/:id/calls',
];
const teamRoutes = [
  'GET /members',
  'PUT /members/:userUuid',
  'DELETE /members/:userUuid',
  'POST /invitations',
  'POST /invitations/:id/resend',
  'DELETE /invitations/:id',
];
const ownerOnly = ['DELETE ', 'POST /restore', ...teamRoutes];
const frontDesk = [
  'GET ',
  'GET /alerts/settings',
  'GET /privacy/settings',
  // The bookings, and the calendar as a prices token reads it.
  ...tokenRoutes.bookings,
  ...tokenRoutes.prices,
  'GET /events',
  'GET /holidays',
];
const revenueWrites = [
  'POST /tariff-configuration/rooms-tariff',
  'POST /tariff-configuration/fluctuation-levels',
  'PUT /tariff-configuration/fluctuation-levels/:groupUuid',
  'DELETE /tariff-configuration/fluctuation-levels/:groupUuid',
  'POST /tariff-configuration/sazonalities',
  'PUT /tariff-configuration/sazonalities/:id',
  'DELETE /tariff-configuration/sazonalities/:id',
  'PUT /tariff-configuration/settings',
  'PUT /prices/overrides',
  'DELETE /prices/overrides',
  'POST /prices/preview',
  'PUT /restrictions/overrides',
  'DELETE /restrictions/overrides',
  'POST /price-changes/approve',
  'POST /price-changes/reject',
  'POST /rate-rule-changes/:id/approve',
  'POST /rate-rule-changes/:id/reject',
  'POST /rate-plans',
  'PUT /rate-plans/:ratePlanUuid',
  'DELETE /rate-plans/:ratePlanUuid',
  'POST /autopilot/suggestion',
  'POST /autopilot/apply',
  'PUT /autopilot/policy',
  'POST /holidays/season',
  'POST /events',
  'PUT /events/:id',
  'DELETE /events/:id',
  'POST /events/:id/season',
  'POST /events/import',
  'POST /competitors',
  'PUT /competitors/:competitorUuid',
  'DELETE /competitors/:competitorUuid',
  'PUT /competitor-rates',
  'POST /competitor-rates/import',
  'PUT /budgets/:year',
  'POST /budgets/import',
];
const roleRoutes = (all: string[]): Record<TMemberRole, string[]> => {
  const viewer = all.filter(
    (route) =>
      route.startsWith('GET ') && !integrationReads.includes(route) && !teamRoutes.includes(route),
  );
  return {
    viewer,
    front_desk: frontDesk,
    revenue: [...viewer, ...revenueWrites],
    manager: all.filter((route) => !ownerOnly.includes(route)),
  };
};

/** Whether a member with `role` on `business` may call `route` there: its rules asked. */
function roleOpens(role: TMemberRole, route: RouteEntry): boolean {
  const access = route.access ?? accountAccess;
  const member = {
    user: {
      uuid: 'member',
      roles: ['client' as const],
      memberships: [{ businessUuid: 'b', role, plan: 'business' as const }],
    },
  };
  try {
    policyFor(member).assertOn(access.action, access.subject, 'b');
    return true;
  } catch {
    return false;
  }
}

/** Whether a token holding `scopes` may call `route`: its rules asked the route's permission. */
function scopesOpen(scopes: readonly TApiTokenScope[], route: RouteEntry): boolean {
  const access = route.access ?? accountAccess;
  const token = { tokenId: 'token', businessUuid: 'business', scopes };
  return policyFor({ user: { uuid: 'owner', roles: ['client'] }, integration: token }).can(
    access.action,
    access.subject,
  );
}

/** Changes the caller makes to its own credential by using it, not to anyone's data. */
const bookkeeping = new Set(['lastUsedAt']);

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('tenant isolation, walked over the route table', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-isolation-'));
  let t: TestApp;
  let world: IsolationWorld;
  let ownedIds: Record<string, string>;
  let operations: Record<string, Record<string, OpenApiOperation>>;
  let before: Record<string, string[]>;
  /** A's ids, email and names: none may appear in an answer to anyone else. */
  let marksOfA: string[];
  let requests = 0;

  /** Every row of every table, each as JSON without the bookkeeping columns, sorted. */
  async function snapshot() {
    const tables = Object.values(schema as Record<string, unknown>).filter(
      (value): value is PgTable => is(value, PgTable),
    );
    const all: Record<string, string[]> = {};
    for (const table of tables) {
      const rows = (await t.database.db.select().from(table)) as Record<string, unknown>[];
      all[getTableName(table)] = rows
        .map((row) =>
          JSON.stringify(Object.entries(row).filter(([column]) => !bookkeeping.has(column))),
        )
        .sort();
    }
    return all;
  }

  beforeAll(async () => {
    t = await createClockedTestApp(() => new Date(), { dataDir });
    world = await buildIsolationWorld(t);
    ownedIds = ownedIdsOf(world);
    operations = (await t.app.inject({ url: '/api/docs/json' })).json().paths;
    marksOfA = [
      ...Object.entries(ownedIds)
        .filter(([key]) => !(key in notIds))
        .map(([, id]) => id),
      world.idsA.roomType,
      world.idsA.notification,
      world.idsA.autopilotSuggestion,
      world.ownerA.userData.email,
      world.ownerA.userData.name,
      world.businessA.name,
    ];
    before = await snapshot();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const walked = () =>
    t.app.routeTable.filter(
      (route) => route.method !== 'HEAD' && route.method !== 'OPTIONS' && !isPublic(route),
    );
  const hasOwnedId = (route: RouteEntry) => route.url.includes('/:');
  const fill = (url: string) =>
    url.replace(parameterPattern, (part, collection: string, name: string) => {
      const id = ownedIds[`${collection}/:${name}`];
      return id ? `${collection}/${id}` : part;
    });

  /**
   * A request to `route` with A's ids, valid for the route: the required query parameters and a
   * JSON body sampled from its OpenAPI schema, or a small file for an upload.
   */
  function call(route: RouteEntry, headers: Record<string, string>) {
    const operation =
      operations[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
    const query = (operation?.parameters ?? []).filter((p) => p.in === 'query' && p.required);
    const sampledQuery = sampleOf({
      type: 'object',
      properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
      required: query.map((p) => p.name),
    }) as Record<string, string>;
    const content = operation?.requestBody?.content ?? {};
    const json = content['application/json']?.schema;
    const upload = content['multipart/form-data']
      ? multipartBody({}, [{ content: 'a,b\n1,2\n', filename: 'file.csv' }])
      : undefined;
    requests += 1;
    return t.app.inject({
      method: route.method as Method,
      url: fill(route.url),
      query: sampledQuery,
      headers: { ...headers, ...upload?.headers },
      ...(json ? { payload: sampleOf(json) as object } : {}),
      ...(upload ? { payload: upload.payload } : {}),
    });
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const answer = (route: RouteEntry, res: LightMyRequestResponse) =>
    `${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 200)}`;
  /** `route`'s answer unless it is `status` with error `code`. */
  const unless = (route: RouteEntry, res: LightMyRequestResponse, status: number, code: string) =>
    res.statusCode === status && res.json().error?.code === code ? [] : [answer(route, res)];
  /** `route`'s answer if it shows any of A's data. */
  const leaking = (route: RouteEntry, res: LightMyRequestResponse) =>
    marksOfA.some((mark) => res.body.includes(mark))
      ? [`${answer(route, res)} shows A's data`]
      : [];

  it('keeps every public route it lists', () => {
    const registered = t.app.routeTable.map((route) => `${route.method} ${route.url}`);
    expect(publicRoutes.filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('opens to each token scope exactly the routes it lists', () => {
    for (const scope of apiTokenScopes) {
      const open = walked()
        .filter((route) => scopesOpen([scope], route))
        .map((route) => `${route.method} ${route.url.replace('/api/v1/businesses/:uuid', '')}`);
      expect(open.toSorted(), scope).toEqual(tokenRoutes[scope].toSorted());
    }
  });

  const businessRoutes = () =>
    walked().filter((route) => route.url.startsWith('/api/v1/businesses/:uuid'));
  const shortName = (route: RouteEntry) =>
    `${route.method} ${route.url.replace('/api/v1/businesses/:uuid', '')}`;

  it('opens to each member role exactly the routes it lists', () => {
    const expected = roleRoutes(businessRoutes().map(shortName));
    for (const role of memberRoles) {
      const open = businessRoutes()
        .filter((route) => roleOpens(role, route))
        .map(shortName);
      expect(open.toSorted(), role).toEqual(expected[role].toSorted());
    }
  });

  it("answers each of A's members 403 on what the role does not open, serves what it reads, and 404 to B's member", async () => {
    const wrong = [];
    for (const route of businessRoutes()) {
      for (const role of memberRoles) {
        const member = world.membersA[role];
        if (!roleOpens(role, route)) {
          const res = await call(route, member.headers);
          wrong.push(...unless(route, res, 403, 'forbidden').map((w) => `${role}: ${w}`));
        } else if (route.method === 'GET') {
          const res = await call(route, member.headers);
          if (res.statusCode !== 200) wrong.push(`${role}: ${answer(route, res)}`);
        }
      }
      const other = await call(route, world.memberB.headers);
      wrong.push(...unless(route, other, 404, 'not_found').map((w) => `B's member: ${w}`));
      wrong.push(...leaking(route, other));
    }
    expect(wrong).toEqual([]);
  });

  it('has a fixture of A for every path parameter of every route', () => {
    const missing = walked().flatMap((route) =>
      [...route.url.matchAll(parameterPattern)]
        .map(([, collection, name]) => `${collection}/:${name}`)
        .filter((key) => !(key in ownedIds))
        .map((key) => `${route.method} ${route.url}: add A's id for "${key}" to ownedIdsOf`),
    );
    expect(missing).toEqual([]);
  });

  it('answers 401 on every protected route without a token, before reading the body', async () => {
    const wrong = [];
    for (const route of walked()) {
      requests += 1;
      const res = await t.app.inject({
        method: route.method as Method,
        url: fill(route.url),
        headers: { 'content-type': 'application/json' },
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{"junk": [1,',
      });
      wrong.push(...unless(route, res, 401, 'unauthenticated'));
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 forbidden to a client on every admin route, and serves the super-admin', async () => {
    const admin = walked().filter((route) => route.url.startsWith('/api/v1/admin/'));
    expect(admin.length).toBeGreaterThan(5);
    const wrong = [];
    for (const route of admin) {
      const res = await call(route, world.ownerB.headers);
      wrong.push(...unless(route, res, 403, 'forbidden'), ...leaking(route, res));
      if (route.method === 'GET') {
        const served = await call(route, world.admin.headers);
        if (served.statusCode !== 200) wrong.push(`super-admin: ${answer(route, served)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  const ownedRoutes = () =>
    walked().filter((route) => hasOwnedId(route) && !route.url.startsWith('/api/v1/admin/'));

  it("answers 404 not_found to another client on every route with A's ids", async () => {
    expect(ownedRoutes().length).toBeGreaterThan(40);
    const wrong = [];
    for (const route of ownedRoutes()) {
      const res = await call(route, world.ownerB.headers);
      wrong.push(...unless(route, res, 404, 'not_found'), ...leaking(route, res));
      // The same request reaches A's data for A (the ids are real, the request is valid).
      if (route.method === 'GET') {
        const own = await call(route, world.ownerA.headers);
        if (own.statusCode !== 200) wrong.push(`as A: ${answer(route, own)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers 404 to another business's token and 403 to A's token without the scope", async () => {
    const wrong = [];
    for (const route of ownedRoutes()) {
      const open = scopesOpen(apiTokenScopes, route);
      const other = await call(route, bearer(world.tokenB));
      wrong.push(
        ...(open ? unless(route, other, 404, 'not_found') : unless(route, other, 403, 'forbidden')),
        ...leaking(route, other),
      );
      // A's token lacking every scope that opens the route (any of A's tokens if none does).
      const lacking = apiTokenScopes.filter((s) => !scopesOpen([s], route));
      const tokenA = world.tokensA.get(lacking.join(',')) ?? [...world.tokensA.values()][0]!;
      const own = await call(route, bearer(tokenA));
      wrong.push(...unless(route, own, 403, 'forbidden'));
    }
    expect(wrong).toEqual([]);
  });

  it("lists nothing of A's to another client", async () => {
    const lists = walked().filter(
      (route) =>
        route.method === 'GET' && !hasOwnedId(route) && !route.url.startsWith('/api/v1/admin/'),
    );
    expect(lists.length).toBeGreaterThan(3);
    const wrong = [];
    for (const route of lists) {
      const res = await call(route, world.ownerB.headers);
      if (res.statusCode !== 200) wrong.push(answer(route, res));
      wrong.push(...leaking(route, res));
    }
    expect(wrong).toEqual([]);
  });

  it('changed nothing in the database', async ({ annotate }) => {
    const after = await snapshot();
    for (const table of Object.keys(before)) {
      expect(after[table], table).toEqual(before[table]);
    }
    // The figures docs/reliability.md records.
    await annotate(
      `${walked().length} routes walked (${ownedRoutes().length} with owned ids), ${requests} requests`,
    );
  });
});
