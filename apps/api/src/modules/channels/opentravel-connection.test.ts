import type { TBusiness, TChannelConnection, TChannelRemote } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, roomInput, saveRooms } from '../../../test/business-factories';
import { startOpenTravelServer, stateKey } from '../../../test/channels/opentravel-server';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { storedPublished } from '../../../test/price-change-factories';

/**
 * A property connected to a system that speaks OpenTravel (a local endpoint that validates every
 * message against the standard's rules): a wrong password refused on its field, the mapping by
 * Tarifa's own codes, and the approved prices arriving as rates per number of guests.
 */
describe('an OpenTravel connection', { timeout: 120_000 }, () => {
  let t: TestApp;
  let now: Date;
  let ota: Awaited<ReturnType<typeof startOpenTravelServer>>;
  let owner: TestUser;
  let business: TBusiness;
  let room: string;
  const login = { requestorId: 'TARIFA', password: 'ota-secret-2026', hotelCode: 'H-101' };

  beforeAll(async () => {
    now = new Date('2026-03-02T12:00:00Z');
    ota = await startOpenTravelServer({ ...login, now: () => now });
    t = await createClockedTestApp(() => now, { channelsAllowPrivate: true });
    owner = await createUser(t, { language: 'en' });
    business = await createBusiness(t, owner);
    const saved = await saveRooms(t, owner, business, [
      roomInput({ name: 'Double', code: 'DBL', rooms: 3, basePrice: 100 }),
    ]);
    room = saved.tariffConfiguration.roomsTariff[0]!.uuid;
  });
  afterAll(async () => {
    await t.close();
    await ota.close();
  });

  const url = (rest = '') => `/api/v1/businesses/${business.uuid}/channels${rest}`;
  const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    t.app.inject({ method, url: path, headers: owner.headers, payload });
  const body = (password: string) => ({
    provider: 'opentravel',
    name: 'Hotel system',
    endpoint: ota.url,
    hotelCode: login.hotelCode,
    requestorId: login.requestorId,
    password,
  });

  it('refuses a wrong password on its field, without echoing it', async () => {
    const res = await call('POST', url(), body('wrong-password-1'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0]).toMatchObject({
      path: 'password',
      code: 'credentials_refused',
    });
    expect(res.body).not.toContain('wrong-password-1');
  });

  it('maps by Tarifa’s own codes and sends the approved prices as rates per number of guests', async () => {
    const earlier = ota.received.length;
    const made = await call('POST', url(), body(login.password));
    expect(made.statusCode, made.body).toBe(201);
    const connection = made.json().connection as TChannelConnection;
    expect(connection.capabilities).toEqual({
      listsRemote: false,
      readsBack: false,
      sendsBookings: false,
    });
    const remote = (await call('GET', url(`/${connection.uuid}/remote`))).json() as TChannelRemote;
    expect(remote.suggestion.rooms).toEqual([{ roomUuid: room, remoteRoomId: 'DBL' }]);
    expect(remote.suggestion.rates).toEqual([
      expect.objectContaining({
        roomUuid: room,
        remoteRatePlanId: 'BAR',
        sellMode: 'per_person',
        occupancies: [1, 2],
      }),
    ]);
    const mapped = await call('PUT', url(`/${connection.uuid}/mapping`), {
      version: connection.version,
      mapping: remote.suggestion,
    });
    expect(mapped.statusCode, mapped.body).toBe(200);

    await t.app.jobs.drain();
    const approve = await call(
      'POST',
      `/api/v1/businesses/${business.uuid}/price-changes/approve`,
      {
        filter: { status: 'pending' },
      },
    );
    expect(approve.statusCode, approve.body).toBe(200);
    await t.app.jobs.drain();

    const published = await storedPublished(t, business.uuid);
    const price = published.get(`${room}|2026-03-20`)!.priceMinor;
    expect(ota.state.rates.get(stateKey('DBL', 'BAR', '2026-03-20', 2))).toMatchObject({
      amount: (price / 100).toFixed(2),
      currency: 'EUR',
    });
    // Every message the system got passed the standard's rules.
    const messages = ota.received.slice(earlier);
    expect(messages.map((m) => m.root)).toEqual(
      expect.arrayContaining(['OTA_HotelRateAmountNotifRQ', 'OTA_HotelAvailNotifRQ']),
    );
    expect(messages.filter((m) => m.status !== 200 || m.answer.includes('<Errors'))).toEqual([]);
    const state = (await call('GET', url(`/${connection.uuid}`))).json()
      .connection as TChannelConnection;
    expect(state).toMatchObject({ health: 'ok', status: 'active' });
  });
});
