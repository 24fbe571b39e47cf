import type { TPriceChange, TPriceChangesSummary } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { businessesUrl, createBusiness } from '../../../test/business-factories';
import { withRooms } from '../../../test/booking-factories';
import { priceChangesUrl, setOverrides } from '../../../test/price-change-factories';

/** "Now": 1 June 2026 in Lisbon; the Christmas nights are well inside the horizon. */
const now = new Date('2026-06-01T12:00:00Z');

describe('manual prices and the price changes they make', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t, { language: 'en' });
    stranger = await createUser(t);
  });
  afterAll(() => t.close());

  /** A business with Double (60–250) and Suite (60–400), its first recommendations made. */
  const setup = async () => {
    const business = await createBusiness(t, owner);
    const rooms = await withRooms(t, owner, business);
    await t.app.jobs.drain();
    return { business, dbl: rooms.DBL!, ste: rooms.STE! };
  };
  const get = (url: string, user: TestUser | null = owner) =>
    t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
  const setPrices = (
    business: { uuid: string },
    overrides: { roomUuid: string; from: string; to: string; price: number }[],
  ) => setOverrides(t, owner, business, overrides);
  const pendingOf = async (business: { uuid: string }, roomUuid: string, night: string) => {
    const res = await get(
      priceChangesUrl(business, `?status=pending&roomUuid=${roomUuid}&from=${night}&to=${night}`),
    );
    return (res.json() as { priceChanges: TPriceChange[] }).priceChanges;
  };

  it('has the night’s pending change propose the manual price as soon as the write answers', async () => {
    const { business, dbl } = await setup();
    const [first] = await pendingOf(business, dbl, '2026-12-24');
    expect(first).toMatchObject({ oldPrice: null, newPrice: 100 });

    // No job has run since: the write itself brought the night's change in line.
    await setPrices(business, [{ roomUuid: dbl, from: '2026-12-24', to: '2026-12-24', price: 45 }]);
    const [after] = await pendingOf(business, dbl, '2026-12-24');
    expect(after).toMatchObject({ oldPrice: null, newPrice: 45 });
    expect(after!.id).not.toBe(first!.id);

    // Cleared: the recommendation is proposed again at once.
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `${businessesUrl}/${business.uuid}/prices/overrides?from=2026-12-24&to=2026-12-24`,
      headers: owner.headers,
    });
    expect(cleared.statusCode).toBe(200);
    expect(await pendingOf(business, dbl, '2026-12-24')).toMatchObject([{ newPrice: 100 }]);
  });

  describe('GET …/price-changes/summary', () => {
    const summary = async (business: { uuid: string }, query: string) => {
      const res = await get(priceChangesUrl(business, `/summary?${query}`));
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TPriceChangesSummary;
    };

    it('counts what the filters match, and the manual prices below or above their room’s bounds', async () => {
      const { business, dbl, ste } = await setup();
      await setPrices(business, [
        { roomUuid: dbl, from: '2026-12-24', to: '2026-12-26', price: 45 },
        { roomUuid: dbl, from: '2026-12-27', to: '2026-12-27', price: 80 },
        { roomUuid: ste, from: '2026-12-24', to: '2026-12-24', price: 450 },
      ]);
      const listed = await get(priceChangesUrl(business, '?status=pending&pageSize=1'));
      const pending = await summary(business, 'status=pending');
      expect(pending).toEqual({
        total: listed.json().total,
        manualBelowMin: 3,
        manualAboveMax: 1,
      });
      expect(pending.total).toBeGreaterThan(700);

      expect(await summary(business, 'status=pending&from=2026-12-24&to=2026-12-24')).toEqual({
        total: 2,
        manualBelowMin: 1,
        manualAboveMax: 1,
      });
      expect(await summary(business, `status=pending&roomUuid=${ste}`)).toMatchObject({
        manualBelowMin: 0,
        manualAboveMax: 1,
      });
      // Approved, they are no longer pending ones.
      expect(await summary(business, 'status=approved')).toEqual({
        total: 0,
        manualBelowMin: 0,
        manualAboveMax: 0,
      });
    });

    it('answers 400 naming the field, 404 for another tenant and 401 without a session', async () => {
      const { business } = await setup();
      const bad = await get(priceChangesUrl(business, '/summary?status=waiting'));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details).toContainEqual(
        expect.objectContaining({ path: 'query.status.0' }),
      );
      const unknown = await get(
        priceChangesUrl(business, '/summary?roomUuid=7b0c6f1e-4d5a-4c1b-9a0e-1f2e3d4c5b6a'),
      );
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.details).toContainEqual(
        expect.objectContaining({ path: 'query.roomUuid', code: 'unknown_room' }),
      );
      expect((await get(priceChangesUrl(business, '/summary'), stranger)).statusCode).toBe(404);
      expect((await get(priceChangesUrl(business, '/summary'), null)).statusCode).toBe(401);
    });
  });
});
