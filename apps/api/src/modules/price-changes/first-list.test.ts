import type { TFirstPriceListResponse, TNotificationsResponse } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBusiness,
  roomInput,
  saveRooms,
  sazonalityInput,
} from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { changesOf, priceChangesUrl, tariffCall } from '../../../test/price-change-factories';

/**
 * A new property's first recommendations are one first price list to review (docs/price-changes-api.md,
 * "The first price list"), told by one calm notification; from the first decision on, changes are
 * ordinary pending changes. "Now" is Monday 2 March 2026 in Lisbon; a 30-night horizon.
 */
describe('the first price list', () => {
  const now = new Date('2026-03-02T12:00:00Z');
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t);
  });
  afterAll(() => t.close());

  /** Two room types and a season over 10 … 13 March: every night of 2 … 31 March is proposed. */
  const newHotel = async (user: TestUser) => {
    const business = await createBusiness(t, user, { timezone: 'Europe/Lisbon' });
    await tariffCall(t, user, business, 'settings', 'PUT', { settings: { horizonDays: 30 } });
    await tariffCall(t, user, business, 'sazonalities', 'POST', {
      sazonality: sazonalityInput({ startDate: '2026-03-10', endDate: '2026-03-13', value: 20 }),
    });
    await saveRooms(t, user, business, [
      roomInput({ code: 'DBL', name: 'Double', basePrice: 100 }),
      roomInput({ code: 'STE', name: 'Suite', basePrice: 180 }),
    ]);
    await t.app.jobs.drain();
    return business;
  };
  const firstListOf = async (user: TestUser, business: { uuid: string }) => {
    const res = await t.app.inject({
      method: 'GET',
      url: priceChangesUrl(business, '/first-list'),
      headers: user.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TFirstPriceListResponse).firstList;
  };
  const unreadOf = async (user: TestUser) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications?unread=true',
      headers: user.headers,
    });
    return (res.json() as TNotificationsResponse).notifications;
  };
  const approve = async (user: TestUser, business: { uuid: string }, body: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: priceChangesUrl(business, '/approve'),
      headers: user.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('sums up a new property’s first recommendations: nights, room types, what drives them', async () => {
    const user = await createUser(t);
    const business = await newHotel(user);
    expect(await firstListOf(user, business)).toEqual({
      changes: 60,
      nights: 30,
      roomTypes: 2,
      from: '2026-03-02',
      to: '2026-03-31',
      // Every change starts from a base price; the season sets 4 nights × 2 room types.
      drivers: [
        { step: 'base', changes: 60 },
        { step: 'season', changes: 8 },
      ],
    });
    // One calm notification says so, not "60 price changes wait for your approval".
    const unread = await unreadOf(user);
    expect(unread.map((n) => [n.kind, n.params])).toEqual([
      ['first_price_list', { pending: 60, nights: 30, roomTypes: 2 }],
    ]);
  });

  it('is over once one change is decided: the summary becomes the ordinary pending one', async () => {
    const user = await createUser(t);
    const business = await newHotel(user);
    const [one] = await changesOf(t, business.uuid, ['pending']);
    await approve(user, business, { ids: [one!.id] });

    expect(await firstListOf(user, business)).toBeNull();
    const unread = await unreadOf(user);
    expect(unread.map((n) => [n.kind, n.params])).toEqual([
      ['price_changes_pending', { pending: 59 }],
    ]);

    // Later recommendations keep today's behaviour: a new season proposes ordinary changes.
    await tariffCall(t, user, business, 'sazonalities', 'POST', {
      sazonality: sazonalityInput({
        name: 'Easter',
        startDate: '2026-03-20',
        endDate: '2026-03-21',
        value: 30,
      }),
    });
    await t.app.jobs.drain();
    expect(await firstListOf(user, business)).toBeNull();
    expect((await unreadOf(user)).map((n) => n.kind)).toEqual(['price_changes_pending']);
  });

  it('is none for a property that approves automatically (nothing waits)', async () => {
    const user = await createUser(t);
    const business = await createBusiness(t, user, { timezone: 'Europe/Lisbon' });
    await tariffCall(t, user, business, 'settings', 'PUT', {
      settings: { horizonDays: 30, autoApprove: true },
    });
    await saveRooms(t, user, business, [roomInput()]);
    await t.app.jobs.drain();
    expect(await firstListOf(user, business)).toBeNull();
  });

  it('is the business’s own: 401 without a token, 404 for another owner', async () => {
    const business = await newHotel(owner);
    const stranger = await createUser(t);
    const foreign = await t.app.inject({
      method: 'GET',
      url: priceChangesUrl(business, '/first-list'),
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: priceChangesUrl(business, '/first-list'),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
