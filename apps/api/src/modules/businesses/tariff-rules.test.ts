import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBusiness, TSazonality } from '@tarifa/contract';
import { businesses, fluctuationGroups, sazonalities } from '../../db/schema';
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

describe('tariff configuration: settings, fluctuation levels, sazonalities', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    stranger = await createUser(t);
  });
  afterAll(() => t.close());

  const call = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    user: TestUser = owner,
  ) =>
    t.app.inject({
      method,
      url,
      headers: user.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** A business with two room types, answering it and their uuids. */
  async function setUp() {
    const business = await saveRooms(t, owner, await createBusiness(t, owner), [
      roomInput({ code: 'DBL' }),
      roomInput({ code: 'SGL' }),
    ]);
    const [dbl, sgl] = business.tariffConfiguration.roomsTariff.map((r) => r.uuid) as [
      string,
      string,
    ];
    return { business, dbl, sgl };
  }

  const groupsOf = (businessUuid: string) =>
    t.database.db
      .select()
      .from(fluctuationGroups)
      .where(eq(fluctuationGroups.businessUuid, businessUuid));
  const seasonsOf = (businessUuid: string) =>
    t.database.db.select().from(sazonalities).where(eq(sazonalities.businessUuid, businessUuid));

  describe('PUT …/settings', () => {
    const settings = {
      weekdayAdjustments: { mon: -5, tue: 0, wed: 0, thu: 0, fri: 10, sat: 15.25, sun: 0 },
      leadTimeRules: [
        { fromDays: 0, toDays: 2, adjustmentPercent: 10 },
        { fromDays: 60, toDays: 365, adjustmentPercent: -8 },
      ],
      rounding: { mode: 'ending', ending: 9 },
      autoApprove: true,
      occupancyBasis: 'forecast',
      horizonDays: 180,
      manualPriceWarnPercent: 45,
      holidayRule: {
        enabled: true,
        adjustments: { public: 12.5, bank: 0, school: -5, optional: 0, observance: 0 },
        nightsBefore: 1,
        nightsAfter: 2,
      },
      market: {
        enabled: true,
        belowPercent: 7.5,
        abovePercent: 20,
        minCompetitors: 2,
        maxAgeDays: 5,
      },
      restrictions: {
        minStay: 2,
        minStayByWeekday: { mon: null, tue: null, wed: null, thu: null, fri: 3, sat: 3, sun: null },
        maxStay: 21,
        closedToArrival: ['sun'],
        closedToDeparture: [],
        orphanDiscountPercent: 12.5,
      },
      guests: {
        extraGuest: { type: 'percent', value: 12.5 },
        missingGuest: { type: 'amount', value: 15.5 },
      },
      lengthOfStay: [{ minNights: 7, adjustment: { type: 'percent', value: -8.5 } }],
    };

    it('stores the settings in basis points and answers the business', async () => {
      const { business } = await setUp();
      const res = await call('PUT', tariffUrl(business, 'settings'), { settings });
      expect(res.statusCode).toBe(200);
      const answer = res.json().business as TBusiness;
      expect(answer.tariffConfiguration.settings).toEqual(settings);
      expect(answer.version).toBe(business.version + 1);
      const row = await stored.business(t, business.uuid);
      expect(row!.settings).toEqual({
        weekdayAdjustmentsBp: { mon: -500, tue: 0, wed: 0, thu: 0, fri: 1000, sat: 1525, sun: 0 },
        leadTimeRules: [
          { fromDays: 0, toDays: 2, adjustmentBp: 1000 },
          { fromDays: 60, toDays: 365, adjustmentBp: -800 },
        ],
        rounding: { mode: 'ending', endingMinor: 900 },
        autoApprove: true,
        occupancyBasis: 'forecast',
        horizonDays: 180,
        manualPriceWarnPercent: 45,
        holidayRule: {
          enabled: true,
          adjustmentsBp: { public: 1250, bank: 0, school: -500, optional: 0, observance: 0 },
          nightsBefore: 1,
          nightsAfter: 2,
        },
        market: { enabled: true, belowBp: 750, aboveBp: 2000, minCompetitors: 2, maxAgeDays: 5 },
        restrictions: {
          minStay: 2,
          minStayByWeekday: {
            mon: null,
            tue: null,
            wed: null,
            thu: null,
            fri: 3,
            sat: 3,
            sun: null,
          },
          maxStay: 21,
          closedToArrival: ['sun'],
          closedToDeparture: [],
          orphanDiscountBp: 1250,
        },
        guests: {
          extraGuest: { type: 'percent', value: 1250 },
          missingGuest: { type: 'amount', value: 1550 },
        },
        lengthOfStay: [{ minNights: 7, adjustment: { type: 'percent', value: -850 } }],
      });
      // The latest settings event (auto-approval, now on, may already have recorded its own).
      const last = (await stored.auditEvents(t, business.uuid))
        .filter((event) => event.entity === 'settings')
        .at(-1)!;
      expect(last).toMatchObject({ action: 'update', entity: 'settings' });
      expect(Object.keys(last.changes).sort()).toEqual([
        'autoApprove',
        'guests',
        'holidayRule',
        'horizonDays',
        'leadTimeRules',
        'lengthOfStay',
        'manualPriceWarnPercent',
        'market',
        'occupancyBasis',
        'restrictions',
        'rounding',
        'weekdayAdjustments',
      ]);
    });

    it('answers the default manual-price threshold (30 %) for a row stored before it existed', async () => {
      const { business } = await setUp();
      const row = (await stored.business(t, business.uuid))!;
      const { manualPriceWarnPercent, ...older } = row.settings;
      expect(manualPriceWarnPercent).toBe(30);
      await t.database.db
        .update(businesses)
        .set({ settings: older })
        .where(eq(businesses.uuid, business.uuid));
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/businesses/${business.uuid}`,
        headers: owner.headers,
      });
      expect(res.json().business.tariffConfiguration.settings.manualPriceWarnPercent).toBe(30);
    });

    it('keeps the keys left out', async () => {
      const { business } = await setUp();
      await call('PUT', tariffUrl(business, 'settings'), { settings });
      const res = await call('PUT', tariffUrl(business, 'settings'), {
        settings: { autoApprove: false, rounding: { mode: 'integer', ending: 5 } },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().business.tariffConfiguration.settings).toEqual({
        ...settings,
        autoApprove: false,
        rounding: { mode: 'integer' },
      });
    });

    it.each([
      [
        { weekdayAdjustments: { ...settings.weekdayAdjustments, sat: 501 } },
        'settings.weekdayAdjustments.sat',
        'too_big',
      ],
      [
        { weekdayAdjustments: { ...settings.weekdayAdjustments, mon: -90.5 } },
        'settings.weekdayAdjustments.mon',
        'too_small',
      ],
      [{ weekdayAdjustments: { mon: 1 } }, 'settings.weekdayAdjustments.tue', 'required'],
      [
        { weekdayAdjustments: { ...settings.weekdayAdjustments, fri: 1.234 } },
        'settings.weekdayAdjustments.fri',
        'too_many_decimals',
      ],
      [
        { leadTimeRules: [{ fromDays: 5, toDays: 2, adjustmentPercent: 0 }] },
        'settings.leadTimeRules.0.toDays',
        'range_reversed',
      ],
      [
        {
          leadTimeRules: [
            { fromDays: 0, toDays: 10, adjustmentPercent: 0 },
            { fromDays: 10, toDays: 20, adjustmentPercent: 0 },
          ],
        },
        'settings.leadTimeRules.1.fromDays',
        'overlapping_range',
      ],
      [
        { leadTimeRules: [{ fromDays: 0, toDays: 731, adjustmentPercent: 0 }] },
        'settings.leadTimeRules.0.toDays',
        'too_big',
      ],
      [{ rounding: { mode: 'ending' } }, 'settings.rounding.ending', 'required'],
      [{ rounding: { mode: 'ending', ending: 10 } }, 'settings.rounding.ending', 'too_big'],
      [{ rounding: { mode: 'ceil' } }, 'settings.rounding.mode', 'invalid_option'],
      [{ occupancyBasis: 'gut_feeling' }, 'settings.occupancyBasis', 'invalid_option'],
      [{ autoApprove: 'yes' }, 'settings.autoApprove', 'invalid_type'],
      [{ horizonDays: 29 }, 'settings.horizonDays', 'too_small'],
      [{ horizonDays: 731 }, 'settings.horizonDays', 'too_big'],
      [{ horizonDays: 90.5 }, 'settings.horizonDays', 'invalid_type'],
      [{ manualPriceWarnPercent: -1 }, 'settings.manualPriceWarnPercent', 'too_small'],
      [{ manualPriceWarnPercent: 501 }, 'settings.manualPriceWarnPercent', 'too_big'],
      [{ manualPriceWarnPercent: '30' }, 'settings.manualPriceWarnPercent', 'invalid_type'],
    ])('refuses %j with 400 at %s (%s), storing nothing', async (patch, path, code) => {
      const { business } = await setUp();
      const before = await stored.business(t, business.uuid);
      const res = await call('PUT', tariffUrl(business, 'settings'), { settings: patch });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toContainEqual(expect.objectContaining({ path, code }));
      expect(await stored.business(t, business.uuid)).toEqual(before);
    });

    it('answers 409 for a stale version and 404 for another user, storing nothing', async () => {
      const { business } = await setUp();
      const stale = await call('PUT', tariffUrl(business, 'settings'), {
        settings: { autoApprove: true },
        version: business.version - 1,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.code).toBe('version_conflict');
      const theirs = await call(
        'PUT',
        tariffUrl(business, 'settings'),
        { settings: { autoApprove: true } },
        stranger,
      );
      expect(theirs.statusCode).toBe(404);
      const row = await stored.business(t, business.uuid);
      expect(row).toMatchObject({ version: business.version });
      expect(row!.settings.autoApprove).toBe(false);

      const current = await call('PUT', tariffUrl(business, 'settings'), {
        settings: { autoApprove: true },
        version: business.version,
      });
      expect(current.statusCode).toBe(200);
    });
  });

  describe('fluctuation-level groups', () => {
    it('creates (201), updates and deletes a group, each answering the business and bumping its version', async () => {
      const { business, dbl } = await setUp();
      const created = await call('POST', tariffUrl(business, 'fluctuation-levels'), {
        fluctuationLevel: groupInput({ name: 'Doubles', roomUuids: [dbl] }),
      });
      expect(created.statusCode).toBe(201);
      const afterCreate = created.json().business as TBusiness;
      expect(afterCreate.version).toBe(business.version + 1);
      const group = afterCreate.tariffConfiguration.fluctuationLevels[0]!;
      expect(group).toEqual({
        uuid: expect.any(String),
        name: 'Doubles',
        roomUuids: [dbl],
        levels: [
          { occupancyFrom: 0, adjustmentPercent: -10 },
          { occupancyFrom: 50, adjustmentPercent: 0 },
          { occupancyFrom: 80, adjustmentPercent: 15.5 },
        ],
      });
      let [row] = await groupsOf(business.uuid);
      expect(row!.levels).toEqual([
        { occupancyFromBp: 0, adjustmentBp: -1000 },
        { occupancyFromBp: 5000, adjustmentBp: 0 },
        { occupancyFromBp: 8000, adjustmentBp: 1550 },
      ]);

      const updated = await call('PUT', tariffUrl(business, `fluctuation-levels/${group.uuid}`), {
        version: afterCreate.version,
        fluctuationLevel: {
          name: 'All rooms',
          roomUuids: [],
          levels: [
            { occupancyFrom: 0, adjustmentPercent: 0 },
            { occupancyFrom: 90.5, adjustmentPercent: 25 },
          ],
        },
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().business.tariffConfiguration.fluctuationLevels).toEqual([
        {
          uuid: group.uuid,
          name: 'All rooms',
          roomUuids: [],
          levels: [
            { occupancyFrom: 0, adjustmentPercent: 0 },
            { occupancyFrom: 90.5, adjustmentPercent: 25 },
          ],
        },
      ]);
      [row] = await groupsOf(business.uuid);
      expect(row).toMatchObject({ name: 'All rooms', roomUuids: [] });

      const deleted = await call(
        'DELETE',
        `${tariffUrl(business, `fluctuation-levels/${group.uuid}`)}?version=${afterCreate.version + 1}`,
      );
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().business.tariffConfiguration.fluctuationLevels).toEqual([]);
      expect(deleted.json().business.version).toBe(afterCreate.version + 2);
      expect(await groupsOf(business.uuid)).toEqual([]);
      const actions = (await stored.auditEvents(t, business.uuid))
        .filter((e) => e.entity === 'fluctuation_group')
        .map((e) => e.action);
      expect(actions).toEqual(['create', 'update', 'delete']);
    });

    it.each([
      [{ name: '' }, 'fluctuationLevel.name', 'required'],
      [{ levels: [] }, 'fluctuationLevel.levels', 'too_few'],
      [
        { levels: [{ occupancyFrom: 10, adjustmentPercent: 0 }] },
        'fluctuationLevel.levels.0.occupancyFrom',
        'first_level_not_zero',
      ],
      [
        {
          levels: [
            { occupancyFrom: 0, adjustmentPercent: 0 },
            { occupancyFrom: 60, adjustmentPercent: 5 },
            { occupancyFrom: 40, adjustmentPercent: 10 },
          ],
        },
        'fluctuationLevel.levels.2.occupancyFrom',
        'not_ascending',
      ],
      [
        {
          levels: [
            { occupancyFrom: 0, adjustmentPercent: 0 },
            { occupancyFrom: 0, adjustmentPercent: 5 },
          ],
        },
        'fluctuationLevel.levels.1.occupancyFrom',
        'duplicate',
      ],
      [
        {
          levels: [
            { occupancyFrom: 0, adjustmentPercent: 0 },
            { occupancyFrom: 101, adjustmentPercent: 5 },
          ],
        },
        'fluctuationLevel.levels.1.occupancyFrom',
        'too_big',
      ],
      [
        { levels: [{ occupancyFrom: 0, adjustmentPercent: -95 }] },
        'fluctuationLevel.levels.0.adjustmentPercent',
        'too_small',
      ],
      [
        { levels: [{ occupancyFrom: 0, adjustmentPercent: 600 }] },
        'fluctuationLevel.levels.0.adjustmentPercent',
        'too_big',
      ],
      [{ roomUuids: ['nope'] }, 'fluctuationLevel.roomUuids.0', 'invalid_format'],
      [{ roomUuids: [randomUUID()] }, 'fluctuationLevel.roomUuids.0', 'unknown_room'],
    ])('refuses %j with 400 at %s (%s), storing nothing', async (patch, path, code) => {
      const { business } = await setUp();
      const res = await call('POST', tariffUrl(business, 'fluctuation-levels'), {
        fluctuationLevel: groupInput(patch as never),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toContainEqual(expect.objectContaining({ path, code }));
      expect(await groupsOf(business.uuid)).toEqual([]);
      expect((await stored.business(t, business.uuid))!.version).toBe(business.version);
    });

    it("refuses another business's room type, and a removed one", async () => {
      const { business, dbl, sgl } = await setUp();
      const other = await setUp();
      const foreign = await call('POST', tariffUrl(business, 'fluctuation-levels'), {
        fluctuationLevel: groupInput({ roomUuids: [dbl, other.dbl] }),
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().error.details).toEqual([
        expect.objectContaining({ path: 'fluctuationLevel.roomUuids.1', code: 'unknown_room' }),
      ]);
      await saveRooms(
        t,
        owner,
        business,
        [roomInput({ code: 'DBL' })].map((r) => ({ ...r, uuid: dbl })),
      );
      const removed = await call('POST', tariffUrl(business, 'fluctuation-levels'), {
        fluctuationLevel: groupInput({ roomUuids: [sgl] }),
      });
      expect(removed.statusCode).toBe(400);
      expect(removed.json().error.details).toEqual([
        expect.objectContaining({ path: 'fluctuationLevel.roomUuids.0', code: 'unknown_room' }),
      ]);
    });

    it('answers 404 for an unknown group, a group of another business, and another user', async () => {
      const { business } = await setUp();
      const other = await setUp();
      const created = await call('POST', tariffUrl(other.business, 'fluctuation-levels'), {
        fluctuationLevel: groupInput({ name: 'Theirs' }),
      });
      const theirGroup = created.json().business.tariffConfiguration.fluctuationLevels[0].uuid;
      for (const groupUuid of [randomUUID(), theirGroup]) {
        const put = await call('PUT', tariffUrl(business, `fluctuation-levels/${groupUuid}`), {
          fluctuationLevel: groupInput(),
        });
        expect(put.statusCode).toBe(404);
        const del = await call('DELETE', tariffUrl(business, `fluctuation-levels/${groupUuid}`));
        expect(del.statusCode).toBe(404);
      }
      const asStranger = await call(
        'DELETE',
        tariffUrl(other.business, `fluctuation-levels/${theirGroup}`),
        undefined,
        stranger,
      );
      expect(asStranger.statusCode).toBe(404);
      const [row] = await groupsOf(other.business.uuid);
      expect(row!.name).toBe('Theirs');
      expect((await stored.business(t, business.uuid))!.version).toBe(business.version);
    });

    it('answers 409 for a stale version on update and delete, writing nothing', async () => {
      const { business } = await setUp();
      const created = await call('POST', tariffUrl(business, 'fluctuation-levels'), {
        fluctuationLevel: groupInput({ name: 'Kept' }),
      });
      const group = created.json().business.tariffConfiguration.fluctuationLevels[0];
      const put = await call('PUT', tariffUrl(business, `fluctuation-levels/${group.uuid}`), {
        version: business.version,
        fluctuationLevel: groupInput({ name: 'Lost' }),
      });
      expect(put.statusCode).toBe(409);
      const del = await call(
        'DELETE',
        `${tariffUrl(business, `fluctuation-levels/${group.uuid}`)}?version=${business.version}`,
      );
      expect(del.statusCode).toBe(409);
      expect(del.json().error.code).toBe('version_conflict');
      const [row] = await groupsOf(business.uuid);
      expect(row!.name).toBe('Kept');
    });
  });

  describe('sazonalities', () => {
    it('creates (201 with {business, sazonality}), updates and deletes a sazonality', async () => {
      const { business, sgl } = await setUp();
      const created = await call('POST', tariffUrl(business, 'sazonalities'), {
        sazonality: sazonalityInput({
          name: 'Easter',
          color: '#AA00FF',
          startDate: '2026-03-28',
          endDate: '2026-04-06',
          weekdays: ['fri', 'sat'],
          roomUuids: [sgl],
          adjustmentType: 'price',
          value: 149.9,
          priority: 5,
        }),
      });
      expect(created.statusCode).toBe(201);
      const { business: afterCreate, sazonality } = created.json() as {
        business: TBusiness;
        sazonality: TSazonality;
      };
      expect(sazonality).toEqual({
        id: expect.any(String),
        name: 'Easter',
        color: '#aa00ff',
        startDate: '2026-03-28',
        endDate: '2026-04-06',
        weekdays: ['fri', 'sat'],
        roomUuids: [sgl],
        adjustmentType: 'price',
        value: 149.9,
        priority: 5,
        minStay: null,
      });
      expect(afterCreate.tariffConfiguration.sazonalities).toEqual([sazonality]);
      expect(afterCreate.version).toBe(business.version + 1);
      let [row] = await seasonsOf(business.uuid);
      expect(row).toMatchObject({
        id: sazonality.id,
        startDate: '2026-03-28',
        endDate: '2026-04-06',
        value: 14990,
        adjustmentType: 'price',
      });

      const updated = await call('PUT', tariffUrl(business, `sazonalities/${sazonality.id}`), {
        version: afterCreate.version,
        sazonality: { ...sazonality, adjustmentType: 'percent', value: -12.5, roomUuids: [] },
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().sazonality).toMatchObject({
        id: sazonality.id,
        adjustmentType: 'percent',
        value: -12.5,
        roomUuids: [],
      });
      expect(updated.json().business.version).toBe(afterCreate.version + 1);
      [row] = await seasonsOf(business.uuid);
      expect(row).toMatchObject({ adjustmentType: 'percent', value: -1250, roomUuids: [] });

      const deleted = await call('DELETE', tariffUrl(business, `sazonalities/${sazonality.id}`));
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().business.tariffConfiguration.sazonalities).toEqual([]);
      expect(await seasonsOf(business.uuid)).toEqual([]);
      const events = (await stored.auditEvents(t, business.uuid)).filter(
        (e) => e.entity === 'sazonality',
      );
      expect(events.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
      expect(events[1]!.changes).toEqual({
        adjustmentType: { before: 'price', after: 'percent' },
        value: { before: 149.9, after: -12.5 },
        roomUuids: { before: [sgl], after: [] },
      });
    });

    it('lists sazonalities by start date', async () => {
      const { business } = await setUp();
      for (const [name, startDate] of [
        ['Late', '2026-11-01'],
        ['Early', '2026-01-10'],
      ]) {
        await call('POST', tariffUrl(business, 'sazonalities'), {
          sazonality: sazonalityInput({ name, startDate, endDate: '2026-12-31' }),
        });
      }
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/businesses/${business.uuid}`,
        headers: owner.headers,
      });
      expect(
        res.json().business.tariffConfiguration.sazonalities.map((s: TSazonality) => s.name),
      ).toEqual(['Early', 'Late']);
    });

    it.each([
      [{ name: '' }, 'sazonality.name', 'required'],
      [{ color: 'orange' }, 'sazonality.color', 'invalid_format'],
      [{ color: '#ff990' }, 'sazonality.color', 'invalid_format'],
      [{ startDate: '2026-02-30' }, 'sazonality.startDate', 'invalid_format'],
      [{ endDate: '15/09/2026' }, 'sazonality.endDate', 'invalid_format'],
      [{ startDate: '2026-09-16', endDate: '2026-09-15' }, 'sazonality.endDate', 'range_reversed'],
      [{ startDate: '2026-01-01', endDate: '2028-01-01' }, 'sazonality.endDate', 'range_too_long'],
      [{ weekdays: ['mon', 'funday'] }, 'sazonality.weekdays.1', 'invalid_option'],
      [{ weekdays: ['sat', 'sat'] }, 'sazonality.weekdays.1', 'duplicate'],
      [{ roomUuids: [randomUUID()] }, 'sazonality.roomUuids.0', 'unknown_room'],
      [{ adjustmentType: 'percent', value: -91 }, 'sazonality.value', 'too_small'],
      [{ adjustmentType: 'percent', value: 500.5 }, 'sazonality.value', 'too_big'],
      [{ adjustmentType: 'price', value: 0 }, 'sazonality.value', 'not_positive'],
      [{ adjustmentType: 'amount', value: 10.005 }, 'sazonality.value', 'too_many_decimals'],
      [{ adjustmentType: 'discount' }, 'sazonality.adjustmentType', 'invalid_option'],
      [{ priority: -1 }, 'sazonality.priority', 'too_small'],
    ])('refuses %j with 400 at %s (%s), storing nothing', async (patch, path, code) => {
      const { business } = await setUp();
      const res = await call('POST', tariffUrl(business, 'sazonalities'), {
        sazonality: sazonalityInput(patch as never),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toContainEqual(expect.objectContaining({ path, code }));
      expect(await seasonsOf(business.uuid)).toEqual([]);
      expect((await stored.business(t, business.uuid))!.version).toBe(business.version);
    });

    it('accepts a span of two years less a day, and a negative amount', async () => {
      const { business } = await setUp();
      const res = await call('POST', tariffUrl(business, 'sazonalities'), {
        sazonality: sazonalityInput({
          startDate: '2026-01-01',
          endDate: '2027-12-31',
          adjustmentType: 'amount',
          value: -20.5,
        }),
      });
      expect(res.statusCode).toBe(201);
      const [row] = await seasonsOf(business.uuid);
      expect(row!.value).toBe(-2050);
    });

    it('answers 404 for an unknown sazonality, one of another business, and another user; 409 when stale', async () => {
      const { business } = await setUp();
      const other = await setUp();
      const created = await call('POST', tariffUrl(other.business, 'sazonalities'), {
        sazonality: sazonalityInput({ name: 'Theirs' }),
      });
      const theirs = created.json().sazonality as TSazonality;
      for (const id of [randomUUID(), theirs.id]) {
        const put = await call('PUT', tariffUrl(business, `sazonalities/${id}`), {
          sazonality: sazonalityInput(),
        });
        expect(put.statusCode).toBe(404);
        const del = await call('DELETE', tariffUrl(business, `sazonalities/${id}`));
        expect(del.statusCode).toBe(404);
      }
      const asStranger = await call(
        'PUT',
        tariffUrl(other.business, `sazonalities/${theirs.id}`),
        { sazonality: sazonalityInput({ name: 'Hijacked' }) },
        stranger,
      );
      expect(asStranger.statusCode).toBe(404);
      const stale = await call('PUT', tariffUrl(other.business, `sazonalities/${theirs.id}`), {
        version: other.business.version,
        sazonality: sazonalityInput({ name: 'Stale' }),
      });
      expect(stale.statusCode).toBe(409);
      const [row] = await seasonsOf(other.business.uuid);
      expect(row!.name).toBe('Theirs');
    });
  });
});
