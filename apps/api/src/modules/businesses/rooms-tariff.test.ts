import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBusiness, TRoomTariffFields } from '@tarifa/contract';
import { fluctuationGroups, sazonalities } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import {
  createBusiness,
  groupInput,
  roomInput,
  saveRooms,
  sazonalityInput,
  stored,
  tariffUrl,
} from '../../../test/business-factories';
import { bookingInput, bookingsUrl } from '../../../test/booking-factories';

describe('POST …/tariff-configuration/rooms-tariff', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    stranger = await createUser(t);
  });
  afterAll(() => t.close());

  const post = (business: { uuid: string }, payload: unknown, user = owner) =>
    t.app.inject({
      method: 'POST',
      url: tariffUrl(business, 'rooms-tariff'),
      headers: user.headers,
      payload: payload as object,
    });

  const live = async (business: { uuid: string }) =>
    (await stored.roomTypes(t, business.uuid))
      .filter((row) => !row.deletedAt)
      .sort((a, b) => a.sortOrder - b.sortOrder);

  it('creates room types, a derived one naming its new parent by code, in minor units', async () => {
    const business = await createBusiness(t, owner);
    const res = await post(business, {
      roomsTariff: [
        roomInput({ name: 'Double', code: 'dbl', basePrice: 95.5, minPrice: 60, maxPrice: 180.99 }),
        roomInput({
          name: 'Double sea view',
          code: 'DSV',
          derivedFrom: { roomCode: 'DBL', type: 'percent', value: 12.5 },
        }),
        roomInput({
          name: 'Single',
          code: 'SGL',
          rooms: 4,
          derivedFrom: { roomCode: 'dbl', type: 'amount', value: -15.25 },
        }),
      ],
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json().business as TBusiness;
    expect(answer.version).toBe(2);
    const [dbl, dsv, sgl] = answer.tariffConfiguration.roomsTariff;
    expect(dbl).toMatchObject({
      name: 'Double',
      code: 'DBL',
      rooms: 10,
      basePrice: 95.5,
      minPrice: 60,
      maxPrice: 180.99,
      derivedFrom: null,
    });
    expect(dsv!.derivedFrom).toEqual({ roomUuid: dbl!.uuid, type: 'percent', value: 12.5 });
    expect(sgl!.derivedFrom).toEqual({ roomUuid: dbl!.uuid, type: 'amount', value: -15.25 });

    const rows = await live(business);
    expect(rows.map((r) => [r.code, r.basePriceMinor, r.minPriceMinor, r.maxPriceMinor])).toEqual([
      ['DBL', 9550, 6000, 18099],
      ['DSV', 10000, 6000, 25000],
      ['SGL', 10000, 6000, 25000],
    ]);
    expect(rows[1]).toMatchObject({
      derivedFromUuid: dbl!.uuid,
      derivedType: 'percent',
      derivedValue: 1250,
    });
    expect(rows[2]).toMatchObject({ derivedType: 'amount', derivedValue: -1525 });
    expect((await stored.business(t, business.uuid))!.version).toBe(2);
    const events = await stored.auditEvents(t, business.uuid);
    expect(events.filter((e) => e.entity === 'room_type').map((e) => e.action)).toEqual([
      'create',
      'create',
      'create',
    ]);
  });

  it('updates items with a uuid, creates new ones and removes missing ones in one call', async () => {
    const business = await createBusiness(t, owner);
    const before = await saveRooms(t, owner, business, [
      roomInput({ name: 'Double', code: 'DBL' }),
      roomInput({ name: 'Twin', code: 'TWN' }),
      roomInput({ name: 'Suite', code: 'STE', basePrice: 300, maxPrice: 500 }),
    ]);
    const [dbl, twn, ste] = before.tariffConfiguration.roomsTariff as [
      TRoomTariffFields,
      TRoomTariffFields,
      TRoomTariffFields,
    ];
    const res = await post(business, {
      version: before.version,
      roomsTariff: [
        { ...ste, rooms: 2 },
        { ...dbl, name: 'Double deluxe', basePrice: 110 },
        roomInput({
          name: 'Family',
          code: 'FAM',
          derivedFrom: { roomUuid: ste.uuid!, type: 'percent', value: -20 },
        }),
      ],
    });
    expect(res.statusCode).toBe(200);
    const rooms = res.json().business.tariffConfiguration.roomsTariff;
    expect(rooms.map((r: TRoomTariffFields) => r.code)).toEqual(['STE', 'DBL', 'FAM']);
    expect(rooms[0]).toMatchObject({ uuid: ste.uuid, rooms: 2 });
    expect(rooms[1]).toMatchObject({ uuid: dbl.uuid, name: 'Double deluxe', basePrice: 110 });

    const all = await stored.roomTypes(t, business.uuid);
    const removed = all.find((row) => row.uuid === twn.uuid)!;
    expect(removed.deletedAt).toBeInstanceOf(Date);
    expect((await live(business)).map((r) => r.code)).toEqual(['STE', 'DBL', 'FAM']);

    const events = (await stored.auditEvents(t, business.uuid)).slice(-4);
    expect(events.map((e) => [e.action, e.entityName])).toEqual(
      expect.arrayContaining([
        ['delete', 'Twin'],
        ['update', 'Suite'],
        ['update', 'Double deluxe'],
        ['create', 'Family'],
      ]),
    );
    const dblEvent = events.find((e) => e.entityId === dbl.uuid)!;
    expect(dblEvent.changes).toEqual({
      name: { before: 'Double', after: 'Double deluxe' },
      basePrice: { before: 100, after: 110 },
    });
  });

  it('lets two room types swap codes, and reuses the code of a removed room type', async () => {
    const business = await createBusiness(t, owner);
    const saved = await saveRooms(t, owner, business, [
      roomInput({ name: 'A', code: 'A' }),
      roomInput({ name: 'B', code: 'B' }),
      roomInput({ name: 'C', code: 'C' }),
    ]);
    const [a, b] = saved.tariffConfiguration.roomsTariff;
    const res = await post(business, {
      roomsTariff: [
        { ...a, code: 'B' },
        { ...b, code: 'A' },
        roomInput({ name: 'New C', code: 'C' }),
      ],
    });
    expect(res.statusCode).toBe(200);
    const rows = await live(business);
    expect(rows.map((r) => [r.name, r.code])).toEqual([
      ['A', 'B'],
      ['B', 'A'],
      ['New C', 'C'],
    ]);
  });

  it('removes every room type with an empty list', async () => {
    const business = await createBusiness(t, owner);
    await saveRooms(t, owner, business, [roomInput()]);
    const res = await post(business, { roomsTariff: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json().business.tariffConfiguration.roomsTariff).toEqual([]);
    expect(await live(business)).toEqual([]);
  });

  describe('validation: 400 naming the field, nothing stored', () => {
    const cases: [string, TRoomTariffFields[], string, string][] = [
      ['empty name', [roomInput({ name: ' ' })], 'roomsTariff.0.name', 'required'],
      ['name over 120', [roomInput({ name: 'n'.repeat(121) })], 'roomsTariff.0.name', 'too_long'],
      ['empty code', [roomInput({ code: '' })], 'roomsTariff.0.code', 'required'],
      ['code with spaces', [roomInput({ code: 'A B' })], 'roomsTariff.0.code', 'invalid_format'],
      [
        'code repeated (any case)',
        [roomInput(), roomInput({ code: 'SGL' }), roomInput({ code: 'dbl' })],
        'roomsTariff.2.code',
        'code_taken',
      ],
      ['0 rooms', [roomInput({ rooms: 0 })], 'roomsTariff.0.rooms', 'too_small'],
      ['10 001 rooms', [roomInput({ rooms: 10_001 })], 'roomsTariff.0.rooms', 'too_big'],
      ['fractional rooms', [roomInput({ rooms: 2.5 })], 'roomsTariff.0.rooms', 'invalid_type'],
      ['zero min price', [roomInput({ minPrice: 0 })], 'roomsTariff.0.minPrice', 'not_positive'],
      [
        'three decimals',
        [roomInput({ basePrice: 99.999 })],
        'roomsTariff.0.basePrice',
        'too_many_decimals',
      ],
      [
        'min above base',
        [roomInput({ minPrice: 120, basePrice: 100 })],
        'roomsTariff.0.minPrice',
        'min_above_base',
      ],
      [
        'base above max',
        [roomInput({ basePrice: 300, maxPrice: 250 })],
        'roomsTariff.0.maxPrice',
        'max_below_base',
      ],
      [
        'parent not in the list',
        [roomInput({ derivedFrom: { roomUuid: randomUUID(), type: 'percent', value: 10 } })],
        'roomsTariff.0.derivedFrom.roomUuid',
        'unknown_room',
      ],
      [
        'parent code not in the list',
        [roomInput({ derivedFrom: { roomCode: 'NOPE', type: 'percent', value: 10 } })],
        'roomsTariff.0.derivedFrom.roomCode',
        'unknown_room',
      ],
      [
        'derived from itself',
        [roomInput({ derivedFrom: { roomCode: 'DBL', type: 'percent', value: 10 } })],
        'roomsTariff.0.derivedFrom.roomCode',
        'derived_from_self',
      ],
      [
        'derived from a derived room',
        [
          roomInput(),
          roomInput({ code: 'B', derivedFrom: { roomCode: 'DBL', type: 'percent', value: 10 } }),
          roomInput({ code: 'C', derivedFrom: { roomCode: 'B', type: 'percent', value: 10 } }),
        ],
        'roomsTariff.2.derivedFrom.roomCode',
        'derived_from_derived',
      ],
      [
        'percent offset under −90',
        [
          roomInput(),
          roomInput({ code: 'B', derivedFrom: { roomCode: 'DBL', type: 'percent', value: -91 } }),
        ],
        'roomsTariff.1.derivedFrom.value',
        'too_small',
      ],
      [
        'percent offset over 500',
        [
          roomInput(),
          roomInput({ code: 'B', derivedFrom: { roomCode: 'DBL', type: 'percent', value: 501 } }),
        ],
        'roomsTariff.1.derivedFrom.value',
        'too_big',
      ],
    ];
    it.each(cases)('%s', async (_label, roomsTariff, path, code) => {
      const business = await createBusiness(t, owner);
      await saveRooms(t, owner, business, [roomInput({ name: 'Existing', code: 'EX' })]);
      const res = await post(business, { roomsTariff });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.details).toContainEqual(expect.objectContaining({ path, code }));
      expect((await live(business)).map((r) => r.code)).toEqual(['EX']);
      expect((await stored.business(t, business.uuid))!.version).toBe(2);
    });

    it("refuses a uuid that is not one of this business's room types (another business's)", async () => {
      const other = await saveRooms(t, stranger, await createBusiness(t, stranger), [roomInput()]);
      const foreign = other.tariffConfiguration.roomsTariff[0]!;
      const business = await createBusiness(t, owner);
      const res = await post(business, {
        roomsTariff: [roomInput({ code: 'OK' }), { ...foreign, name: 'Hijacked' }],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        expect.objectContaining({ path: 'roomsTariff.1.uuid', code: 'unknown_room' }),
      ]);
      expect(await live(business)).toEqual([]);
      expect((await live(other))[0]!.name).toBe('Double room');
    });

    it('refuses removing a parent that a kept room type still derives from', async () => {
      const business = await createBusiness(t, owner);
      const saved = await saveRooms(t, owner, business, [
        roomInput(),
        roomInput({ code: 'B', derivedFrom: { roomCode: 'DBL', type: 'amount', value: 20 } }),
      ]);
      const child = saved.tariffConfiguration.roomsTariff[1]!;
      const res = await post(business, { roomsTariff: [child] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        expect.objectContaining({
          path: 'roomsTariff.0.derivedFrom.roomUuid',
          code: 'unknown_room',
        }),
      ]);
      expect(await live(business)).toHaveLength(2);
    });
  });

  it('answers 409 version_conflict for a stale version and writes nothing', async () => {
    const business = await createBusiness(t, owner);
    await saveRooms(t, owner, business, [roomInput()]);
    const res = await post(business, { version: 1, roomsTariff: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('version_conflict');
    expect(await live(business)).toHaveLength(1);
    expect((await stored.business(t, business.uuid))!.version).toBe(2);
  });

  it("answers 404 for another user's business and writes nothing", async () => {
    const business = await createBusiness(t, owner);
    const res = await post(business, { roomsTariff: [roomInput()] }, stranger);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(await live(business)).toEqual([]);
    expect((await stored.business(t, business.uuid))!.version).toBe(1);
  });

  describe('removing a room type that rules refer to', () => {
    it('takes it out of groups and sazonalities that list other room types too', async () => {
      const business = await createBusiness(t, owner);
      const saved = await saveRooms(t, owner, business, [roomInput(), roomInput({ code: 'SGL' })]);
      const [dbl, sgl] = saved.tariffConfiguration.roomsTariff;
      const both = [dbl!.uuid, sgl!.uuid];
      await t.app.inject({
        method: 'POST',
        url: tariffUrl(business, 'fluctuation-levels'),
        headers: owner.headers,
        payload: { fluctuationLevel: groupInput({ roomUuids: both }) },
      });
      await t.app.inject({
        method: 'POST',
        url: tariffUrl(business, 'sazonalities'),
        headers: owner.headers,
        payload: { sazonality: sazonalityInput({ roomUuids: both }) },
      });
      const res = await post(business, { roomsTariff: [dbl] });
      expect(res.statusCode).toBe(200);
      const config = res.json().business.tariffConfiguration;
      expect(config.fluctuationLevels[0].roomUuids).toEqual([dbl!.uuid]);
      expect(config.sazonalities[0].roomUuids).toEqual([dbl!.uuid]);
      const [group] = await t.database.db
        .select()
        .from(fluctuationGroups)
        .where(eq(fluctuationGroups.businessUuid, business.uuid));
      expect(group!.roomUuids).toEqual([dbl!.uuid]);
    });

    it('answers 409 conflict when it is the only room type a sazonality applies to', async () => {
      const business = await createBusiness(t, owner);
      const saved = await saveRooms(t, owner, business, [roomInput(), roomInput({ code: 'SGL' })]);
      const [dbl, sgl] = saved.tariffConfiguration.roomsTariff;
      await t.app.inject({
        method: 'POST',
        url: tariffUrl(business, 'sazonalities'),
        headers: owner.headers,
        payload: { sazonality: sazonalityInput({ name: 'Singles week', roomUuids: [sgl!.uuid] }) },
      });
      const res = await post(business, { roomsTariff: [dbl] });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'conflict',
        details: [
          {
            path: 'roomsTariff',
            code: 'room_type_in_use',
            params: { code: 'SGL', entity: 'sazonality', name: 'Singles week' },
          },
        ],
      });
      expect(await live(business)).toHaveLength(2);
      const [season] = await t.database.db
        .select()
        .from(sazonalities)
        .where(eq(sazonalities.businessUuid, business.uuid));
      expect(season!.roomUuids).toEqual([sgl!.uuid]);
    });

    it('answers 409 conflict when it has bookings, and writes nothing', async () => {
      const business = await createBusiness(t, owner);
      const saved = await saveRooms(t, owner, business, [roomInput(), roomInput({ code: 'SGL' })]);
      const [dbl] = saved.tariffConfiguration.roomsTariff;
      const booked = await t.app.inject({
        method: 'POST',
        url: bookingsUrl(business),
        headers: owner.headers,
        payload: { bookings: [bookingInput({ roomCode: 'SGL' })] },
      });
      expect(booked.json()).toEqual({ inserted: 1, updated: 0 });
      const res = await post(business, {
        roomsTariff: [{ ...dbl!, name: 'Renamed', derivedFrom: null }],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'conflict',
        details: [{ path: 'roomsTariff', code: 'room_type_has_bookings', params: { code: 'SGL' } }],
      });
      const rows = await live(business);
      expect(rows.map((r) => [r.code, r.name])).toEqual([
        ['DBL', 'Double room'],
        ['SGL', 'Double room'],
      ]);
      expect((await stored.business(t, business.uuid))!.version).toBe(2);
    });
  });
});
