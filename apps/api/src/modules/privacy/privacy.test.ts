import type { TBookingFieldsInput, TGuestDataExport, TImportStatus } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../core/clock';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { businessesUrl, createBusiness, stored } from '../../../test/business-factories';
import {
  bookingInput,
  createApiToken,
  importsUrl,
  postBookings,
  postImport,
  saveBookings,
  storedBookings,
  withRooms,
} from '../../../test/booking-factories';
import { readAnalytics } from '../../../test/analytics-factories';
import { retentionCutoff } from './retention';

// The world is built the evening before `today` (Lisbon); the daily roll of `today` runs at its
// local midnight, and the retention job after it.
const today = '2026-06-15';
const clock = manualClock('2026-06-14T21:00:00Z');
const lisbon = { timezone: 'Europe/Lisbon', currency: 'EUR' };

/** A stay of `guestName` that left on `departure`, booked well before. */
const stayOf = (
  externalId: string,
  arrival: string,
  departure: string,
  guestName: string | null,
  extra: Partial<TBookingFieldsInput> = {},
): TBookingFieldsInput =>
  bookingInput({
    externalId,
    arrival,
    departure,
    guestName,
    bookedAt: `${arrival.slice(0, 4)}-01-05T10:00:00Z`,
    ...extra,
  });

const privacyUrl = (business: { uuid: string }, rest: string) =>
  `${businessesUrl}/${business.uuid}/privacy${rest}`;

describe('guests’ personal data', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let hotel: { uuid: string; name: string };
  /** The same owner's other property: keeps names for 60 months. */
  let annex: { uuid: string; name: string };

  const call = (
    user: { headers: Record<string, string> },
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  /** Name by external id, straight from the database. */
  async function namesOf(business: { uuid: string }) {
    return Object.fromEntries(
      (await storedBookings(t, business.uuid)).map((row) => [row.externalId, row.guestName]),
    );
  }

  /** The business's whole audit trail as stored, as text (to look for a name anywhere in it). */
  const auditText = async (business: { uuid: string }) =>
    JSON.stringify(await stored.auditEvents(t, business.uuid));

  /** What the BI pages and the dashboard show of the hotel's past (and its last week). */
  const analytics = async () => {
    const read = (path: string) => readAnalytics<unknown>(t, owner, hotel, path);
    const range = 'from=2023-01-01&to=2024-12-31';
    return {
      kpis: await read(`kpis?${range}&compare=last_year`),
      sales: await Promise.all(
        ['month', 'room', 'channel', 'segment', 'country', 'leadTime', 'lengthOfStay'].map((by) =>
          read(`sales?${range}&groupBy=${by}`),
        ),
      ),
      pace: await read('pace?stayFrom=2024-06-01&stayTo=2024-06-30'),
      pickup: await read('pickup'),
      monthSoFar: await read(`kpis?from=2026-06-01&to=${today}&compare=last_year`),
    };
  };

  beforeAll(async () => {
    t = await createClockedTestApp(clock);
    owner = await createUser(t);
    stranger = await createUser(t);
    hotel = await createBusiness(t, owner, { name: 'Casa do Mar', ...lisbon });
    annex = await createBusiness(t, owner, { name: 'Anexo', ...lisbon });
    await withRooms(t, owner, hotel);
    await withRooms(t, owner, annex);
    await saveBookings(t, owner, hotel, [
      // 24 months before today is 2024-06-15: one day inside, the day itself, one day past.
      stayOf('IN', '2024-06-13', '2024-06-16', 'Inês Dentro', { channel: 'Direct' }),
      stayOf('EDGE', '2024-06-12', '2024-06-15', 'Eduardo Limite', { segment: 'Business' }),
      stayOf('OUT', '2024-06-11', '2024-06-14', 'Olga Fora', { country: 'FR' }),
      stayOf('OLD', '2023-03-01', '2023-03-05', 'Rui Antigo', {
        status: 'cancelled',
        cancelledAt: '2023-02-01',
        channel: 'Expedia',
      }),
      stayOf('M1', '2025-09-01', '2025-09-04', 'Maria Silva', { roomCode: 'STE', country: 'ES' }),
      stayOf('M2', '2026-05-20', '2026-05-22', 'maria silva ', { totalAmount: 250 }),
      stayOf('J1', '2026-07-01', '2026-07-03', 'João Pinto', {
        bookedAt: '2026-06-12T10:00:00Z',
      }),
      stayOf('J2', '2026-08-01', '2026-08-03', 'João Pinto', {
        bookedAt: '2026-06-13T10:00:00Z',
      }),
      // Purged later: only their events keep them (one past the period, one within it).
      stayOf('GONE', '2024-01-07', '2024-01-10', 'Paulo Apagado'),
      stayOf('M0', '2026-02-01', '2026-02-03', 'Maria Silva'),
    ]);
    for (const row of await storedBookings(t, hotel.uuid)) {
      if (row.externalId !== 'GONE' && row.externalId !== 'M0') continue;
      const purged = await call(
        owner,
        'DELETE',
        `${businessesUrl}/${hotel.uuid}/bookings/${row.id}?purge=true`,
      );
      expect(purged.statusCode).toBe(204);
    }
    expect(await auditText(hotel)).toContain('Paulo Apagado');
    await saveBookings(t, owner, annex, [
      stayOf('A-OUT', '2024-06-11', '2024-06-14', 'Olga Fora'),
      stayOf('A-M', '2025-10-01', '2025-10-03', 'Maria Silva'),
    ]);
    const saved = await call(owner, 'PUT', privacyUrl(annex, '/settings'), {
      retentionMonths: 60,
      keepGuestNames: true,
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The first recomputations queue each property's roll at its next midnight.
    await t.app.jobs.drain();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('puts the cutoff a whole number of months back, on the month’s last day when shorter', () => {
    expect(retentionCutoff('2026-06-15', 24)).toBe('2024-06-15');
    expect(retentionCutoff('2026-03-31', 1)).toBe('2026-02-28');
    expect(retentionCutoff('2024-03-31', 1)).toBe('2024-02-29');
    expect(retentionCutoff('2026-01-10', 6)).toBe('2025-07-10');
    expect(retentionCutoff('2026-06-15', 60)).toBe('2021-06-15');
  });

  it('answers the defaults before a save: 24 months, names kept', async () => {
    const res = await call(owner, 'GET', privacyUrl(hotel, '/settings'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      retentionMonths: 24,
      keepGuestNames: true,
      version: 0,
      updatedAt: null,
    });
  });

  it('erases, after the daily roll, exactly the names past the period, keeping the stays and every figure', async () => {
    clock.set(`${today}T09:00:00Z`);
    const before = await analytics();
    const rowsBefore = await storedBookings(t, hotel.uuid);

    await t.app.jobs.drain();

    expect(await namesOf(hotel)).toEqual({
      IN: 'Inês Dentro',
      EDGE: 'Eduardo Limite',
      OUT: null,
      OLD: null,
      M1: 'Maria Silva',
      M2: 'maria silva',
      J1: 'João Pinto',
      J2: 'João Pinto',
    });
    // The other property keeps names 60 months: its stay of 2024 keeps its guest.
    expect(await namesOf(annex)).toEqual({ 'A-OUT': 'Olga Fora', 'A-M': 'Maria Silva' });

    // The stays are what they were, but for the name.
    const rowsAfter = await storedBookings(t, hotel.uuid);
    const stayOnly = (rows: typeof rowsBefore) =>
      rows.map(
        ({ guestName: _name, guestErasedAt: _erased, updatedAt: _updated, ...rest }) => rest,
      );
    expect(stayOnly(rowsAfter)).toEqual(stayOnly(rowsBefore));
    expect(rowsAfter.filter((row) => row.guestErasedAt).map((row) => row.externalId)).toEqual([
      'OLD',
      'OUT',
    ]);
    expect(await analytics()).toEqual(before);

    // Recorded as Tarifa's, with how many and why, and no name anywhere in the trail.
    const events = await stored.auditEvents(t, hotel.uuid);
    expect(events.filter((e) => e.entity === 'guest_data')).toMatchObject([
      {
        action: 'erase',
        actorKind: 'system',
        actorUuid: null,
        changes: {
          bookings: { before: null, after: 2 },
          matchedBy: { before: null, after: 'retention' },
          retentionMonths: { before: null, after: 24 },
        },
      },
    ]);
    const trail = await auditText(hotel);
    expect(trail).not.toContain('Olga Fora');
    expect(trail).not.toContain('Rui Antigo');
    expect(trail).not.toContain('Paulo Apagado');
    expect(trail).toContain('Inês Dentro');
    expect(trail).toContain('Maria Silva');

    // The next day, the stay that left exactly 24 months before the 15th is one day past.
    clock.set('2026-06-16T09:00:00Z');
    await t.app.jobs.drain();
    expect(await namesOf(hotel)).toMatchObject({ IN: 'Inês Dentro', EDGE: null });
    const erasures = (await stored.auditEvents(t, hotel.uuid)).filter(
      (e) => e.entity === 'guest_data',
    );
    expect(erasures.map((e) => e.changes.bookings)).toEqual([
      { before: null, after: 2 },
      { before: null, after: 1 },
    ]);
  });

  it('exports a guest’s bookings by name (case aside) or by external id, only the property’s', async () => {
    const byName = await call(owner, 'POST', privacyUrl(hotel, '/guest-data'), {
      name: '  MARIA silva ',
    });
    expect(byName.statusCode, byName.body).toBe(200);
    const data = byName.json() as TGuestDataExport;
    expect(data.property).toEqual({ uuid: hotel.uuid, name: 'Casa do Mar' });
    expect(data.guest).toEqual({ name: 'MARIA silva' });
    expect(data.exportedAt).toBe(clock().toISOString());
    expect(
      data.bookings.map((b) => [b.externalId, b.guestName, b.roomCode, b.arrival, b.totalAmount]),
    ).toEqual([
      ['M1', 'Maria Silva', 'STE', '2025-09-01', 360],
      ['M2', 'maria silva', 'DBL', '2026-05-20', 250],
    ]);

    const byId = await call(owner, 'POST', privacyUrl(hotel, '/guest-data'), {
      externalId: 'J2',
    });
    expect(byId.statusCode).toBe(200);
    expect((byId.json() as TGuestDataExport).bookings.map((b) => b.externalId)).toEqual(['J2']);

    const nobody = await call(owner, 'POST', privacyUrl(hotel, '/guest-data'), {
      name: 'Nobody Here',
    });
    expect(nobody.json().bookings).toEqual([]);
  });

  it('refuses a bad request naming the field, and changes nothing', async () => {
    const rowsBefore = await storedBookings(t, hotel.uuid);
    const trailBefore = await auditText(hotel);
    const cases: [object, { path: string; code: string }][] = [
      [{}, { path: 'name', code: 'name_or_external_id' }],
      [
        { name: 'Maria Silva', externalId: 'M1' },
        { path: 'externalId', code: 'name_or_external_id' },
      ],
      [{ name: '   ' }, { path: 'name', code: 'required' }],
      [{ name: 'x'.repeat(201) }, { path: 'name', code: 'too_long' }],
      [{ externalId: 'x'.repeat(101) }, { path: 'externalId', code: 'too_long' }],
      [
        { name: 'Maria Silva', email: 'm@example.test' },
        { path: '', code: 'unknown_field' },
      ],
      [{ name: 42 }, { path: 'name', code: 'invalid_type' }],
    ];
    for (const [payload, detail] of cases) {
      for (const path of ['/guest-data/erase', '/guest-data']) {
        const res = await call(owner, 'POST', privacyUrl(hotel, path), payload);
        expect(res.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(400);
        expect(res.json().error.code).toBe('validation_failed');
        expect(res.json().error.details).toEqual([expect.objectContaining(detail)]);
      }
    }
    const settings = await call(owner, 'PUT', privacyUrl(hotel, '/settings'), {
      retentionMonths: 7,
      keepGuestNames: 'no',
      version: 0,
    });
    expect(settings.statusCode).toBe(400);
    expect(settings.json().error.details).toEqual([
      expect.objectContaining({
        path: 'retentionMonths',
        code: 'invalid_option',
        params: { options: '6, 12, 24, 36, 60' },
      }),
      expect.objectContaining({ path: 'keepGuestNames', code: 'invalid_type' }),
    ]);
    expect(await storedBookings(t, hotel.uuid)).toEqual(rowsBefore);
    expect(await auditText(hotel)).toBe(trailBefore);
    expect((await call(owner, 'GET', privacyUrl(hotel, '/settings'))).json().version).toBe(0);
  });

  it('answers another tenant 404 and an integration token 403, changing nothing', async () => {
    const token = await createApiToken(t, owner, hotel, 'PMS');
    const bearer = { headers: { authorization: `Bearer ${token.token}` } };
    const calls: ['GET' | 'PUT' | 'POST', string, object?][] = [
      ['GET', '/settings'],
      ['PUT', '/settings', { retentionMonths: 6, keepGuestNames: false, version: 0 }],
      ['POST', '/guest-data', { name: 'Maria Silva' }],
      ['POST', '/guest-data/erase', { name: 'Maria Silva' }],
    ];
    for (const [method, path, payload] of calls) {
      const foreign = await call(stranger, method, privacyUrl(hotel, path), payload);
      expect(foreign.statusCode, `${method} ${path}`).toBe(404);
      expect(foreign.body).not.toContain('Maria');
      const byToken = await call(bearer, method, privacyUrl(hotel, path), payload);
      expect(byToken.statusCode, `${method} ${path}`).toBe(403);
    }
    expect((await namesOf(hotel)).M1).toBe('Maria Silva');
    expect((await call(owner, 'GET', privacyUrl(hotel, '/settings'))).json().version).toBe(0);
  });

  it('erases a guest by name from every matching booking of the property only, and audits it without the name', async () => {
    const res = await call(owner, 'POST', privacyUrl(hotel, '/guest-data/erase'), {
      name: 'Maria SILVA',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ erased: 2 });

    const names = await namesOf(hotel);
    expect([names.M1, names.M2, names.J1, names.IN]).toEqual([
      null,
      null,
      'João Pinto',
      'Inês Dentro',
    ]);
    expect((await namesOf(annex))['A-M']).toBe('Maria Silva');

    const audit = await call(
      owner,
      'GET',
      `${businessesUrl}/${hotel.uuid}/audit?entity=guest_data`,
    );
    expect(audit.json().events[0]).toMatchObject({
      action: 'erase',
      entity: 'guest_data',
      actorKind: 'user',
      actor: { uuid: owner.userData.uuid },
      changes: {
        bookings: { before: null, after: 2 },
        matchedBy: { before: null, after: 'name' },
      },
    });
    // Neither the erasure nor the bookings' own events (their creation named her, and the
    // deletion of the one purged) keep the name.
    expect((await auditText(hotel)).toLowerCase()).not.toContain('maria silva');
    expect((await auditText(annex)).toLowerCase()).toContain('maria silva');
    const trail = await call(owner, 'GET', `${businessesUrl}/${hotel.uuid}/audit?pageSize=100`);
    expect(trail.body.toLowerCase()).not.toContain('maria silva');

    // Found no more; and an integration sending the booking again does not bring the name back.
    const again = await call(owner, 'POST', privacyUrl(hotel, '/guest-data'), {
      name: 'Maria Silva',
    });
    expect(again.json().bookings).toEqual([]);
    const token = await createApiToken(t, owner, hotel, 'PMS again');
    const resent = await postBookings(
      t,
      { headers: { authorization: `Bearer ${token.token}` } },
      hotel,
      [stayOf('M1', '2025-09-01', '2025-09-04', 'Maria Silva', { roomCode: 'STE', country: 'ES' })],
    );
    expect(resent.statusCode, resent.body).toBe(200);
    expect((await namesOf(hotel)).M1).toBeNull();
    expect((await auditText(hotel)).toLowerCase()).not.toContain('maria silva');
  });

  it('erases a guest by external id: that booking only', async () => {
    const res = await call(owner, 'POST', privacyUrl(hotel, '/guest-data/erase'), {
      externalId: 'J1',
    });
    expect(res.json()).toEqual({ erased: 1 });
    const names = await namesOf(hotel);
    expect([names.J1, names.J2]).toEqual([null, 'João Pinto']);
    const [event] = (await stored.auditEvents(t, hotel.uuid))
      .filter((e) => e.entity === 'guest_data' && e.actorKind === 'user')
      .reverse();
    expect(event!.changes).toEqual({
      bookings: { before: null, after: 1 },
      matchedBy: { before: null, after: 'externalId' },
    });
    expect(JSON.stringify(event)).not.toContain('J1');

    // Nothing matches: nothing erased, nothing recorded.
    const count = (await stored.auditEvents(t, hotel.uuid)).length;
    const none = await call(owner, 'POST', privacyUrl(hotel, '/guest-data/erase'), {
      externalId: 'NOPE',
    });
    expect(none.json()).toEqual({ erased: 0 });
    expect(await stored.auditEvents(t, hotel.uuid)).toHaveLength(count);
  });

  it('stores no name from an import or the integration API once names are not kept', async () => {
    const token = await createApiToken(t, owner, annex, 'Channel manager');
    const pms = { headers: { authorization: `Bearer ${token.token}` } };
    const csv = (id: string, name: string) =>
      'external_id,room_code,arrival,departure,total_amount,guest_name,channel,country\n' +
      `${id},DBL,2026-09-01,2026-09-03,200,${name},Direct,PT\n`;
    const importFile = async (id: string, name: string) => {
      const res = await postImport(t, owner, annex, csv(id, name), { format: 'tarifa' });
      expect(res.statusCode, res.body).toBe(202);
      await t.app.jobs.drain();
      const status = await call(owner, 'GET', importsUrl(annex, `/${res.json().importId}`));
      expect((status.json() as TImportStatus).status).toBe('succeeded');
    };

    // Kept (the default): both store the name.
    await importFile('IMP-1', 'Ana Importada');
    expect(
      (
        await postBookings(t, pms, annex, [
          stayOf('API-1', '2026-09-10', '2026-09-12', 'Bruno Api'),
        ])
      ).statusCode,
    ).toBe(200);
    expect(await namesOf(annex)).toMatchObject({ 'IMP-1': 'Ana Importada', 'API-1': 'Bruno Api' });

    const saved = await call(owner, 'PUT', privacyUrl(annex, '/settings'), {
      retentionMonths: 60,
      keepGuestNames: false,
      version: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ retentionMonths: 60, keepGuestNames: false, version: 2 });
    const stale = await call(owner, 'PUT', privacyUrl(annex, '/settings'), {
      retentionMonths: 6,
      keepGuestNames: true,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('version_conflict');

    await importFile('IMP-2', 'Carla Sem Nome');
    const batch = await postBookings(t, pms, annex, [
      stayOf('API-2', '2026-09-20', '2026-09-22', 'Diogo Sem Nome'),
    ]);
    expect(batch.statusCode, batch.body).toBe(200);
    expect(await namesOf(annex)).toMatchObject({
      'IMP-1': 'Ana Importada',
      'API-1': 'Bruno Api',
      'IMP-2': null,
      'API-2': null,
    });
    const trail = await auditText(annex);
    expect(trail).not.toContain('Carla');
    expect(trail).not.toContain('Diogo');
    // The settings' change is on the trail.
    const events = await stored.auditEvents(t, annex.uuid);
    expect(events.filter((e) => e.entity === 'privacy_settings').map((e) => e.changes)).toEqual([
      {
        retentionMonths: { before: 24, after: 60 },
      },
      { keepGuestNames: { before: true, after: false } },
    ]);
  });
});
