import { randomUUID } from 'node:crypto';
import type { TApiToken, TCreatedApiToken } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { businessesUrl, createBusiness } from '../../../test/business-factories';
import {
  bookingInput,
  bookingsUrl,
  importsUrl,
  storedBookings,
  storedTokens,
  createApiToken,
  tokensUrl,
  withRooms,
} from '../../../test/booking-factories';
import { hashSecret } from '../../lib/secrets';

describe('integration tokens', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    stranger = await createUser(t);
  });
  afterAll(() => t.close());

  const createToken = (business: { uuid: string }, name?: string) =>
    createApiToken(t, owner, business, name);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  describe('POST, GET and DELETE …/tokens', () => {
    it('creates a token shown once, stored only as its hash, listed with its prefix', async () => {
      const business = await createBusiness(t, owner);
      const created = await createToken(business, '  Channel manager  ');
      expect(created.token).toMatch(/^trf_[A-Za-z0-9_-]{43}$/);
      expect(created.apiToken).toMatchObject({
        name: 'Channel manager',
        prefix: created.token.slice(0, 12),
        lastUsedAt: null,
        scopes: ['bookings', 'prices', 'market'],
      });
      const [row] = await storedTokens(t, business.uuid);
      expect(row!.tokenHash).toBe(hashSecret(created.token));
      expect(JSON.stringify(row)).not.toContain(created.token);
      expect(row!.createdBy).toBe(owner.userData.uuid);

      const list = await t.app.inject({
        method: 'GET',
        url: tokensUrl(business),
        headers: owner.headers,
      });
      expect(list.statusCode).toBe(200);
      const apiTokens = list.json().apiTokens as TApiToken[];
      expect(apiTokens).toEqual([created.apiToken]);
      expect(list.body).not.toContain(created.token);
    });

    it('creates a token with the scopes asked for, each once, in a stable order', async () => {
      const business = await createBusiness(t, owner);
      for (const [scopes, expected] of [
        [['prices'], ['prices']],
        [['bookings'], ['bookings']],
        [
          ['prices', 'bookings'],
          ['bookings', 'prices'],
        ],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: tokensUrl(business),
          headers: owner.headers,
          payload: { name: 'Scoped', scopes },
        });
        expect(res.statusCode, res.body).toBe(201);
        expect((res.json() as TCreatedApiToken).apiToken.scopes).toEqual(expected);
      }
      const stored = await storedTokens(t, business.uuid);
      expect(stored.map((row) => [...row.scopes].sort().join(',')).sort()).toEqual([
        'bookings',
        'bookings,prices',
        'prices',
      ]);
      for (const [scopes, path, code] of [
        [[], 'scopes', 'too_few'],
        [['rooms'], 'scopes.0', 'invalid_option'],
        [['prices', 'prices'], 'scopes', 'duplicate'],
        ['prices', 'scopes', 'invalid_type'],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: tokensUrl(business),
          headers: owner.headers,
          payload: { name: 'Bad', scopes },
        });
        expect(res.statusCode, JSON.stringify(scopes)).toBe(400);
        expect(res.json().error.details, JSON.stringify(scopes)).toMatchObject([{ path, code }]);
      }
      expect(await storedTokens(t, business.uuid)).toHaveLength(3);
    });

    it('answers 400 naming the field, 401 without a session, 404 for another user’s business', async () => {
      const business = await createBusiness(t, owner);
      const bad = await t.app.inject({
        method: 'POST',
        url: tokensUrl(business),
        headers: owner.headers,
        payload: { name: '   ' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details).toMatchObject([{ path: 'name', code: 'required' }]);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: tokensUrl(business),
        payload: { name: 'x' },
      });
      expect(anonymous.statusCode).toBe(401);
      for (const method of ['GET', 'POST'] as const) {
        const foreign = await t.app.inject({
          method,
          url: tokensUrl(business),
          headers: stranger.headers,
          ...(method === 'POST' ? { payload: { name: 'x' } } : {}),
        });
        expect(foreign.statusCode).toBe(404);
      }
      expect(await storedTokens(t, business.uuid)).toHaveLength(0);
    });

    it('refuses a 21st live token (409), and revoking makes room again', async () => {
      const business = await createBusiness(t, owner);
      const tokens: TCreatedApiToken[] = [];
      for (let i = 0; i < 20; i++) tokens.push(await createToken(business, `Token ${i}`));
      const extra = await t.app.inject({
        method: 'POST',
        url: tokensUrl(business),
        headers: owner.headers,
        payload: { name: 'One more' },
      });
      expect(extra.statusCode).toBe(409);
      expect(extra.json().error.details).toMatchObject([
        { code: 'too_many', params: { maximum: 20 } },
      ]);
      const revoke = await t.app.inject({
        method: 'DELETE',
        url: tokensUrl(business, `/${tokens[0]!.apiToken.id}`),
        headers: owner.headers,
      });
      expect(revoke.statusCode).toBe(204);
      await createToken(business, 'One more');
      expect(await storedTokens(t, business.uuid)).toHaveLength(21);
    });

    it('revokes: the token answers 401 from then on, is no longer listed, and a second revoke is 404', async () => {
      const business = await createBusiness(t, owner);
      await withRooms(t, owner, business);
      const { token, apiToken } = await createToken(business);
      const foreign = await t.app.inject({
        method: 'DELETE',
        url: tokensUrl(business, `/${apiToken.id}`),
        headers: stranger.headers,
      });
      expect(foreign.statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: bookingsUrl(business), headers: bearer(token) }))
          .statusCode,
      ).toBe(200);

      const revoke = await t.app.inject({
        method: 'DELETE',
        url: tokensUrl(business, `/${apiToken.id}`),
        headers: owner.headers,
      });
      expect(revoke.statusCode).toBe(204);
      const [row] = await storedTokens(t, business.uuid);
      expect(row!.revokedAt).toBeInstanceOf(Date);

      const after = await t.app.inject({
        method: 'GET',
        url: bookingsUrl(business),
        headers: bearer(token),
      });
      expect(after.statusCode).toBe(401);
      expect(after.json().error.code).toBe('unauthenticated');
      const list = await t.app.inject({
        method: 'GET',
        url: tokensUrl(business),
        headers: owner.headers,
      });
      expect(list.json().apiTokens).toEqual([]);
      const again = await t.app.inject({
        method: 'DELETE',
        url: tokensUrl(business, `/${apiToken.id}`),
        headers: owner.headers,
      });
      expect(again.statusCode).toBe(404);
    });
  });

  describe('what a token may do', () => {
    let business: { uuid: string };
    let other: { uuid: string };
    let token: string;
    beforeAll(async () => {
      business = await createBusiness(t, owner);
      other = await createBusiness(t, owner);
      await withRooms(t, owner, business);
      await withRooms(t, owner, other);
      token = (await createToken(business)).token;
    });

    it('reads and writes the bookings of its business, and records its last use', async () => {
      const write = await t.app.inject({
        method: 'POST',
        url: bookingsUrl(business),
        headers: bearer(token),
        payload: { bookings: [bookingInput({ externalId: 'PMS-1' })] },
      });
      expect(write.statusCode, write.body).toBe(200);
      expect(write.json()).toEqual({ inserted: 1, updated: 0 });
      const read = await t.app.inject({
        method: 'GET',
        url: bookingsUrl(business),
        headers: bearer(token),
      });
      expect(read.statusCode).toBe(200);
      const [booking] = read.json().bookings;
      expect(booking.externalId).toBe('PMS-1');
      const edit = await t.app.inject({
        method: 'PUT',
        url: bookingsUrl(business, `/${booking.id}`),
        headers: bearer(token),
        payload: bookingInput({ externalId: 'PMS-1', rooms: 2 }),
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const cancel = await t.app.inject({
        method: 'DELETE',
        url: bookingsUrl(business, `/${booking.id}`),
        headers: bearer(token),
      });
      expect(cancel.statusCode).toBe(200);
      const [row] = await storedBookings(t, business.uuid);
      expect(row).toMatchObject({ externalId: 'PMS-1', rooms: 2, status: 'cancelled' });
      const [stored] = await storedTokens(t, business.uuid);
      expect(stored!.lastUsedAt).toBeInstanceOf(Date);
      const imports = await t.app.inject({
        method: 'GET',
        url: importsUrl(business),
        headers: bearer(token),
      });
      expect(imports.statusCode).toBe(200);
    });

    it('is forbidden (403) everywhere else, even on its own business', async () => {
      const calls: { method: 'GET' | 'PUT' | 'POST' | 'DELETE'; url: string; payload?: object }[] =
        [
          { method: 'GET', url: `${businessesUrl}/${business.uuid}` },
          { method: 'GET', url: businessesUrl },
          { method: 'PUT', url: `${businessesUrl}/${business.uuid}`, payload: { version: 1 } },
          { method: 'GET', url: `${businessesUrl}/${business.uuid}/audit` },
          { method: 'GET', url: tokensUrl(business) },
          { method: 'POST', url: tokensUrl(business), payload: { name: 'escalate' } },
          {
            method: 'POST',
            url: `${businessesUrl}/${business.uuid}/tariff-configuration/rooms-tariff`,
            payload: { roomsTariff: [] },
          },
          { method: 'GET', url: '/api/auth/user' },
          { method: 'POST', url: '/api/auth/logout' },
        ];
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers: bearer(token) });
        expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(403);
        expect(res.json().error.code).toBe('forbidden');
      }
      const [row] = await storedTokens(t, business.uuid);
      expect(row!.revokedAt).toBeNull();
    });

    it('answers 404 for another business, even one of the same owner', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: bookingsUrl(other),
        headers: bearer(token),
        payload: { bookings: [bookingInput({ externalId: 'SNEAK' })] },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      const read = await t.app.inject({
        method: 'GET',
        url: bookingsUrl({ uuid: randomUUID() }),
        headers: bearer(token),
      });
      expect(read.statusCode).toBe(404);
      expect(await storedBookings(t, other.uuid)).toHaveLength(0);
    });

    it('calls only the routes of its scopes', async () => {
      const pricesUrl = `${businessesUrl}/${business.uuid}/prices?from=2025-07-01&to=2025-07-03`;
      const scoped = async (scopes: string[]) => {
        const res = await t.app.inject({
          method: 'POST',
          url: tokensUrl(business),
          headers: owner.headers,
          payload: { name: scopes.join('+'), scopes },
        });
        return bearer((res.json() as TCreatedApiToken).token);
      };
      const bookingsOnly = await scoped(['bookings']);
      const pricesOnly = await scoped(['prices']);
      const status = async (url: string, headers: Record<string, string>) =>
        (await t.app.inject({ method: 'GET', url, headers })).statusCode;
      expect(await status(bookingsUrl(business), bookingsOnly)).toBe(200);
      expect(await status(pricesUrl, bookingsOnly)).toBe(403);
      expect(await status(pricesUrl, pricesOnly)).toBe(200);
      expect(await status(bookingsUrl(business), pricesOnly)).toBe(403);
      expect(await status(importsUrl(business), pricesOnly)).toBe(403);
      const write = await t.app.inject({
        method: 'POST',
        url: bookingsUrl(business),
        headers: pricesOnly,
        payload: { bookings: [bookingInput({ externalId: 'NOPE' })] },
      });
      expect(write.statusCode).toBe(403);
      expect((await storedBookings(t, business.uuid)).map((b) => b.externalId)).not.toContain(
        'NOPE',
      );
      // A token made before scopes (the column's default) holds both.
      expect(await status(pricesUrl, bearer(token))).toBe(200);
    });

    it('answers 401 for a token that does not exist', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: bookingsUrl(business),
        headers: bearer(`trf_${'x'.repeat(43)}`),
      });
      expect(res.statusCode).toBe(401);
    });
  });
});
