import {
  defaultTariffSettings,
  type TBusiness,
  type TCellRestrictions,
  type TPriceCell,
  type TPriceChange,
  type TWebhookPayload,
} from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingInput, createApiToken, saveBookings } from '../../../test/booking-factories';
import { createBusiness, roomInput, saveRooms, tariffUrl } from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { startReceiver, type Receiver } from '../../../test/webhook-receiver';

/**
 * Stay restrictions from the calendar to the receiver. "Now" is 2026-03-02 12:00 UTC in Lisbon
 * (today the 2nd), a 30-night horizon. DBL has one room at 100 (60…250), a minimum stay of 3 and
 * an orphan discount of 15 %. Bookings sell the nights of 10–11 and 13–14 March: the 12th is a
 * one-night gap no 3-night stay fits, so it is orphan — minimum stay 1, price 100 − 15 % = 85.
 */
const now = new Date('2026-03-02T12:00:00Z');
const open = { minStay: 3, maxStay: null, closedToArrival: false, closedToDeparture: false };

describe('stay restrictions', () => {
  let t: TestApp;
  let receiver: Receiver;
  let owner: TestUser;
  let stranger: TestUser;
  let business: TBusiness;
  let dbl: string;
  let token: string;

  const url = (b: { uuid: string }, rest = '') => `/api/v1/businesses/${b.uuid}${rest}`;
  const call = (
    method: 'GET' | 'PUT' | 'DELETE' | 'POST',
    path: string,
    payload?: object,
    headers = owner.headers,
  ) => t.app.inject({ method, url: url(business, path), headers, payload });
  const cellOn = async (date: string, headers = owner.headers): Promise<TPriceCell> => {
    const res = await call(
      'GET',
      `/prices?from=${date}&to=${date}&roomUuid=${dbl}`,
      undefined,
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { prices: TPriceCell[] }).prices[0]!;
  };
  const changesOn = async (date: string, status = 'pending') => {
    const res = await call('GET', `/price-changes?from=${date}&to=${date}&status=${status}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { priceChanges: TPriceChange[] }).priceChanges;
  };
  const approve = async (ids: string[]) => {
    const res = await call('POST', '/price-changes/approve', { ids });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.drain();
  };
  const delivered = () =>
    receiver.received.flatMap((r) => (JSON.parse(r.body) as TWebhookPayload).prices);

  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    receiver = await startReceiver(() => now);
    owner = await createUser(t, { language: 'en' });
    stranger = await createUser(t);
    business = await createBusiness(t, owner, { timezone: 'Europe/Lisbon' });
    const saved = await saveRooms(t, owner, business, [
      roomInput({ name: 'Double', code: 'DBL', rooms: 1, basePrice: 100 }),
    ]);
    dbl = saved.tariffConfiguration.roomsTariff[0]!.uuid;
    const settings = await t.app.inject({
      method: 'PUT',
      url: tariffUrl(business, 'settings'),
      headers: owner.headers,
      payload: {
        settings: {
          horizonDays: 30,
          restrictions: {
            ...defaultTariffSettings.restrictions,
            minStay: 3,
            orphanDiscountPercent: 15,
          },
        },
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    await saveBookings(t, owner, business, [
      bookingInput({
        arrival: '2026-03-10',
        departure: '2026-03-12',
        bookedAt: '2026-02-01T10:00:00Z',
      }),
      bookingInput({
        arrival: '2026-03-13',
        departure: '2026-03-15',
        bookedAt: '2026-02-01T10:00:00Z',
      }),
    ]);
    const webhook = await call('PUT', '/webhook', { url: receiver.url });
    expect(webhook.statusCode, webhook.body).toBe(200);
    receiver.state.secret = (webhook.json() as { secret: string }).secret;
    token = (await createApiToken(t, owner, business)).token;
    await t.app.jobs.drain();
  });

  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('relaxes a one-night gap between sold-out nights to a one-night stay, 15 % off', async () => {
    const gap = await cellOn('2026-03-12');
    expect(gap.restrictions).toEqual({ ...open, minStay: 1, orphan: true });
    expect(gap.recommendedPrice).toBe(85);
    expect(gap.breakdown.map((e) => [e.step, e.before, e.after])).toEqual([['orphan', 100, 85]]);
    // The sold-out night beside it and an open stretch keep the rules' minimum stay and price.
    for (const date of ['2026-03-13', '2026-03-16']) {
      const cell = await cellOn(date);
      expect(cell.restrictions).toEqual({ ...open, orphan: false });
      expect(cell.recommendedPrice).toBe(100);
    }
  });

  it('proposes the gap with its restrictions, and publishes them to the webhook, the pull API and the CSV', async () => {
    const [change] = await changesOn('2026-03-12');
    expect(change).toMatchObject({
      oldPrice: null,
      newPrice: 85,
      oldRestrictions: null,
      newRestrictions: { ...open, minStay: 1, orphan: true },
    });
    await approve([change!.id]);

    const [sent] = delivered().filter((p) => p.date === '2026-03-12');
    expect(sent).toMatchObject({
      price: 85,
      roomCode: 'DBL',
      restrictions: { ...open, minStay: 1, orphan: true },
    });
    expect(receiver.received.every((r) => r.verified)).toBe(true);

    const bearer = { authorization: `Bearer ${token}` };
    const pulled = await cellOn('2026-03-12', bearer);
    expect(pulled.publishedPrice).toBe(85);
    expect(pulled.restrictions.minStay).toBe(1);

    const csv = await call('GET', `/prices/export.csv?from=2026-03-12&to=2026-03-12`);
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, row] = csv.body.replace('\uFEFF', '').trim().split(/\r?\n/);
    expect(header!.split(',').slice(5)).toEqual([
      'Minimum stay',
      'Maximum stay',
      'Closed to arrival',
      'Closed to departure',
      'Orphan night',
      'Rate plan',
      'Guests',
    ]);
    const cells = row!.split(',');
    expect(cells.slice(0, 4)).toEqual(['2026-03-12', 'DBL', 'Double', '85']);
    expect(cells.slice(5)).toEqual(['1', '', 'no', 'no', 'yes', 'BAR', '1']);
  });

  it('makes a restriction-only change a pending change that publishes once approved', async () => {
    // Publish the 20th as it is, then close it to arrival: the price stays 100.
    const [first] = await changesOn('2026-03-20');
    await approve([first!.id]);
    const res = await call('PUT', '/restrictions/overrides', {
      overrides: [{ roomUuid: dbl, from: '2026-03-20', to: '2026-03-20', closedToArrival: true }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [answered] = (res.json() as { prices: TPriceCell[] }).prices;
    expect(answered!.restrictions).toEqual({ ...open, closedToArrival: true, orphan: false });
    await t.app.jobs.drain();

    const [change] = await changesOn('2026-03-20');
    const closed: TCellRestrictions = { ...open, closedToArrival: true, orphan: false };
    expect(change).toMatchObject({
      oldPrice: 100,
      newPrice: 100,
      oldRestrictions: { ...open, orphan: false },
      newRestrictions: closed,
    });
    expect(change!.reason.text).toBe('Closed to arrival: yes (was no)');

    receiver.received.length = 0;
    await approve([change!.id]);
    expect(delivered()).toEqual([
      expect.objectContaining({
        date: '2026-03-20',
        price: 100,
        previousPrice: 100,
        restrictions: closed,
      }),
    ]);
    expect(await changesOn('2026-03-20', 'pending')).toEqual([]);

    // Cleared again: the cell's own value goes and the rules' is proposed back.
    const cleared = await call('DELETE', `/restrictions/overrides?from=2026-03-20&to=2026-03-20`);
    expect(cleared.statusCode, cleared.body).toBe(200);
    await t.app.jobs.drain();
    const [back] = await changesOn('2026-03-20');
    expect(back!.newRestrictions).toEqual({ ...open, orphan: false });
  });

  it('refuses bad input naming the field, and other tenants', async () => {
    const put = (item: object, headers = owner.headers) =>
      call(
        'PUT',
        '/restrictions/overrides',
        { overrides: [{ roomUuid: dbl, from: '2026-03-20', to: '2026-03-21', ...item }] },
        headers,
      );
    const cases: [object, string, string][] = [
      [{ minStay: 0 }, 'overrides.0.minStay', 'too_small'],
      [{ minStay: 4, maxStay: 2 }, 'overrides.0.maxStay', 'below_min_stay'],
      [{}, 'overrides.0', 'nothing_to_set'],
      [{ to: '2026-03-01', minStay: 2 }, 'overrides.0.to', 'range_reversed'],
      [{ roomUuid: business.uuid, minStay: 2 }, 'overrides.0.roomUuid', 'unknown_room'],
    ];
    for (const [item, path, code] of cases) {
      const res = await put(item);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        error: { code: 'validation_failed', details: [expect.objectContaining({ path, code })] },
      });
    }
    expect((await put({ minStay: 2 }, stranger.headers)).statusCode).toBe(404);
    const del = await call(
      'DELETE',
      '/restrictions/overrides?from=2026-03-20&to=2026-03-20',
      undefined,
      stranger.headers,
    );
    expect(del.statusCode).toBe(404);
    expect((await put({ minStay: 2 }, { authorization: `Bearer ${token}` })).statusCode).toBe(403);
  });
});
