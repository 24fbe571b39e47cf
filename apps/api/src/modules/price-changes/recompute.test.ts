import type { TBusiness, TPriceCell } from '@tarifa/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_CHANGES_APPROVED } from '../../core/unit-of-work';
import { withTransaction } from '../../db/client';
import { outboxEvents } from '../../db/schema';
import { bookingInput, bookingsUrl } from '../../../test/booking-factories';
import {
  businessesUrl,
  createBusiness,
  groupInput,
  roomInput,
  saveRooms,
  sazonalityInput,
} from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { RECOMPUTE_JOB } from './jobs';
import { reasonOf, recompute } from './recompute';
import {
  changesOf,
  publishOpen,
  rejectChanges,
  setOverrides,
  tariffCall,
  type ChangeRow,
} from '../../../test/price-change-factories';

/**
 * The recomputation against hand-computed prices. The business is in Lisbon; "now" starts at
 * 2026-03-02 12:00 UTC (today is 2026-03-02) and moves a minute per step. Its horizon is 60
 * nights: 2026-03-02 … 2026-04-30. No weekday, lead-time or rounding rule: a Double costs 100,
 * a Suite 200, unless a test adds a rule.
 */
describe('price recomputation', () => {
  let now = new Date('2026-03-02T12:00:00Z');
  const tick = () => (now = new Date(now.getTime() + 60_000));
  let t: TestApp;
  let owner: TestUser;
  let business: TBusiness;
  let dbl: string;
  let ste: string;

  const pending = (statuses = ['pending']) => changesOf(t, business.uuid, statuses);
  /** What a user compares in the list: room, night, old → new (minor units), by night and room. */
  const moves = (rows: ChangeRow[]) =>
    rows
      .map((r) => [r.roomUuid === dbl ? 'DBL' : 'STE', r.night, r.oldPriceMinor, r.newPriceMinor])
      .sort((a, b) => `${a[1]} ${a[0]}`.localeCompare(`${b[1]} ${b[0]}`));
  const enqueueRecompute = async (from: string | null = null, to: string | null = null) => {
    await t.app.jobs.enqueue(t.database.db, RECOMPUTE_JOB, {
      businessUuid: business.uuid,
      roomTypeUuids: null,
      from,
      to,
    });
  };

  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t);
    business = await createBusiness(t, owner, { timezone: 'Europe/Lisbon' });
    const saved = await saveRooms(t, owner, business, [
      roomInput({ name: 'Double', code: 'DBL', rooms: 10, basePrice: 100 }),
      roomInput({
        name: 'Suite',
        code: 'STE',
        rooms: 2,
        basePrice: 200,
        minPrice: 150,
        maxPrice: 400,
      }),
    ]);
    const uuidOf = (code: string) =>
      saved.tariffConfiguration.roomsTariff.find((r) => r.code === code)!.uuid;
    [dbl, ste] = [uuidOf('DBL'), uuidOf('STE')];
    await tariffCall(t, owner, business, 'settings', 'PUT', { settings: { horizonDays: 60 } });
    await t.app.jobs.drain();
  });
  afterAll(() => t.close());

  it('proposes every night of the horizon, base price as reason, when nothing was published', async () => {
    const rows = await pending();
    expect(rows).toHaveLength(2 * 60);
    expect(rows[0]!.night).toBe('2026-03-02');
    expect(rows[rows.length - 1]!.night).toBe('2026-04-30');
    const double = rows.find((r) => r.roomUuid === dbl && r.night === '2026-03-10')!;
    expect(double).toMatchObject({
      oldPriceMinor: null,
      newPriceMinor: 10_000,
      basePriceMinor: 10_000,
      status: 'pending',
      decidedAt: null,
      reason: [{ step: 'base', label: '', refId: null, was: null, now: 10_000 }],
    });
    expect(rows.filter((r) => r.roomUuid === ste).every((r) => r.newPriceMinor === 20_000)).toBe(
      true,
    );
    expect(await publishOpen(t, business.uuid, tick())).toBe(120);
  });

  let springId: string;

  it('a new season proposes exactly its nights, old → new, with the season as reason', async () => {
    tick();
    springId = (
      await tariffCall(t, owner, business, 'sazonalities', 'POST', {
        sazonality: sazonalityInput({
          name: 'Spring',
          startDate: '2026-03-20',
          endDate: '2026-03-22',
          value: 20,
        }),
      })
    ).sazonality.id;
    await t.app.jobs.drain();

    const rows = await pending();
    expect(moves(rows)).toEqual([
      ['DBL', '2026-03-20', 10_000, 12_000],
      ['STE', '2026-03-20', 20_000, 24_000],
      ['DBL', '2026-03-21', 10_000, 12_000],
      ['STE', '2026-03-21', 20_000, 24_000],
      ['DBL', '2026-03-22', 10_000, 12_000],
      ['STE', '2026-03-22', 20_000, 24_000],
    ]);
    for (const row of rows) {
      expect(row.reason).toEqual([
        {
          step: 'season',
          label: 'Spring',
          refId: springId,
          was: null,
          now: row.roomUuid === dbl ? 2_000 : 4_000,
        },
      ]);
    }
    // Nothing else moved: every other change is still the published one.
    const all = await changesOf(t, business.uuid);
    expect(all.filter((r) => r.status === 'published')).toHaveLength(120);
    expect(all).toHaveLength(126);

    // The calendar shows the published price next to the recommendation.
    const res = await t.app.inject({
      method: 'GET',
      url: `${businessesUrl}/${business.uuid}/prices?from=2026-03-19&to=2026-03-20&roomUuid=${dbl}`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (res.json().prices as TPriceCell[]).map((c) => [
        c.date,
        c.recommendedPrice,
        c.publishedPrice,
      ]),
    ).toEqual([
      ['2026-03-19', 100, 100],
      ['2026-03-20', 120, 100],
    ]);
  });

  it('a newer recommendation supersedes the open change and proposes the new price', async () => {
    tick();
    await tariffCall(t, owner, business, `sazonalities/${springId}`, 'PUT', {
      sazonality: sazonalityInput({
        name: 'Spring',
        startDate: '2026-03-20',
        endDate: '2026-03-22',
        value: 30,
      }),
    });
    await t.app.jobs.drain();

    expect(await pending(['superseded'])).toHaveLength(6);
    const rows = await pending();
    expect(rows).toHaveLength(6);
    expect(new Set(moves(rows).map((m) => `${m[0]} ${m[2]}→${m[3]}`))).toEqual(
      new Set(['DBL 10000→13000', 'STE 20000→26000']),
    );
    expect(rows.find((r) => r.roomUuid === dbl)!.reason).toEqual([
      { step: 'season', label: 'Spring', refId: springId, was: null, now: 3_000 },
    ]);
  });

  it('back to the published price: the open change is superseded and nothing is proposed', async () => {
    tick();
    await tariffCall(t, owner, business, `sazonalities/${springId}`, 'DELETE');
    await t.app.jobs.drain();

    expect(await pending()).toEqual([]);
    expect(await pending(['superseded'])).toHaveLength(12);
    expect(await pending(['published'])).toHaveLength(120);
  });

  it('a rejected change is not proposed again until the recommendation moves', async () => {
    tick();
    const easter = (
      await tariffCall(t, owner, business, 'sazonalities', 'POST', {
        sazonality: sazonalityInput({
          name: 'Easter',
          startDate: '2026-04-03',
          endDate: '2026-04-05',
          roomUuids: [ste],
          value: 10,
        }),
      })
    ).sazonality.id as string;
    await t.app.jobs.drain();
    const proposed = await pending();
    expect(moves(proposed)).toEqual([
      ['STE', '2026-04-03', 20_000, 22_000],
      ['STE', '2026-04-04', 20_000, 22_000],
      ['STE', '2026-04-05', 20_000, 22_000],
    ]);
    await rejectChanges(
      t,
      proposed.map((r) => r.id),
      owner.userData.uuid,
      tick(),
    );

    // The same recommendation again: nothing new.
    tick();
    await enqueueRecompute();
    await t.app.jobs.drain();
    expect(await pending()).toEqual([]);
    expect(await pending(['rejected'])).toHaveLength(3);

    // It moves: proposed again, at the new price.
    tick();
    await tariffCall(t, owner, business, `sazonalities/${easter}`, 'PUT', {
      sazonality: sazonalityInput({
        name: 'Easter',
        startDate: '2026-04-03',
        endDate: '2026-04-05',
        roomUuids: [ste],
        value: 15,
      }),
    });
    await t.app.jobs.drain();
    expect(moves(await pending())).toEqual([
      ['STE', '2026-04-03', 20_000, 23_000],
      ['STE', '2026-04-04', 20_000, 23_000],
      ['STE', '2026-04-05', 20_000, 23_000],
    ]);
    expect(await pending(['rejected'])).toHaveLength(3);
    await publishOpen(t, business.uuid, tick());
  });

  it('a booking moves only its nights (an occupancy level of the doubles)', async () => {
    tick();
    const group = (
      await tariffCall(t, owner, business, 'fluctuation-levels', 'POST', {
        fluctuationLevel: groupInput({
          name: 'Doubles',
          roomUuids: [dbl],
          levels: [
            { occupancyFrom: 0, adjustmentPercent: 0 },
            { occupancyFrom: 50, adjustmentPercent: 10 },
          ],
        }),
      })
    ).business.tariffConfiguration.fluctuationLevels.find(
      (g: { name: string }) => g.name === 'Doubles',
    ).uuid as string;
    await t.app.jobs.drain();
    expect(await pending()).toEqual([]); // nothing sold yet: the 0 % level

    tick();
    const res = await t.app.inject({
      method: 'POST',
      url: bookingsUrl(business),
      headers: owner.headers,
      payload: {
        bookings: [bookingInput({ arrival: '2026-04-10', departure: '2026-04-12', rooms: 6 })],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.drain();

    const rows = await pending();
    expect(moves(rows)).toEqual([
      ['DBL', '2026-04-10', 10_000, 11_000],
      ['DBL', '2026-04-11', 10_000, 11_000],
    ]);
    expect(rows[0]!.reason).toEqual([
      { step: 'occupancy', label: 'Doubles', refId: group, was: null, now: 1_000 },
    ]);
    await publishOpen(t, business.uuid, tick());
  });

  it('with autoApprove, changes are approved as they arise, by nobody, and announced', async () => {
    tick();
    await tariffCall(t, owner, business, 'settings', 'PUT', { settings: { autoApprove: true } });
    await t.app.jobs.drain();
    expect(await pending(['pending', 'approved'])).toEqual([]);

    const at = tick();
    await setOverrides(t, owner, business, [
      { roomUuid: ste, from: '2026-04-20', to: '2026-04-20', price: 250 },
    ]);
    await t.app.jobs.drain();

    // Approved as it arose, then published by the publishing job (this property has no webhook).
    expect(await pending()).toEqual([]);
    const approved = (await pending(['published'])).filter(
      (r) => r.decidedAt !== null && new Date(r.decidedAt).getTime() === at.getTime(),
    );
    expect(moves(approved)).toEqual([['STE', '2026-04-20', 20_000, 25_000]]);
    expect(approved[0]).toMatchObject({
      decidedBy: null,
      reason: [{ step: 'override', label: '', refId: null, was: null, now: 5_000 }],
    });
    expect(new Date(approved[0]!.decidedAt!).getTime()).toBe(at.getTime());
    const events = await t.database.db
      .select()
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.businessUuid, business.uuid),
          eq(outboxEvents.type, PRICE_CHANGES_APPROVED),
        ),
      );
    expect(events.map((e) => e.payload)).toEqual([{ businessUuid: business.uuid, count: 1 }]);
    // In the trail: approved by Tarifa, acting for nobody.
    const trail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${business.uuid}/audit?entity=price_change`,
      headers: owner.headers,
    });
    expect(trail.json().events).toEqual([
      expect.objectContaining({
        action: 'approve',
        actorKind: 'system',
        actor: null,
        token: null,
        changes: {
          count: { before: null, after: 1 },
          nights: { before: null, after: { from: '2026-04-20', to: '2026-04-20' } },
        },
      }),
    ]);
  });

  it('recomputing again changes nothing', async () => {
    const before = await changesOf(t, business.uuid);
    tick();
    await enqueueRecompute();
    await enqueueRecompute('2026-04-01', '2026-04-30');
    expect(await t.app.jobs.drain()).toBeGreaterThanOrEqual(2);
    expect(await changesOf(t, business.uuid)).toEqual(before);
  });

  it('two recomputations of one business at once leave one open change per cell', async () => {
    const since = tick();
    await tariffCall(t, owner, business, 'sazonalities', 'POST', {
      sazonality: sazonalityInput({
        name: 'Late April',
        startDate: '2026-04-25',
        endDate: '2026-04-27',
        value: 20,
      }),
    });
    // Not drained: two transactions recompute at the same moment (two connections on PostgreSQL).
    const all = { roomTypeUuids: null, from: null, to: null };
    const outcomes = await Promise.all(
      [0, 1].map(() =>
        withTransaction(t.database.db, (tx) =>
          recompute(tx, business.uuid, all, now, { unitOfWork: t.app.unitOfWork }),
        ),
      ),
    );
    expect(outcomes.map((o) => o!.inserted).sort()).toEqual([0, 6]);
    await t.app.jobs.drain();
    // Auto-approval is still on from the test before: they are published once drained.
    const open = (await pending(['pending', 'approved', 'published'])).filter(
      (r) =>
        r.night >= '2026-04-25' &&
        r.night <= '2026-04-27' &&
        r.decidedAt !== null &&
        new Date(r.decidedAt).getTime() >= since.getTime(),
    );
    expect(open).toHaveLength(6);
    expect(new Set(open.map((r) => `${r.roomUuid}|${r.night}`)).size).toBe(6);
  });
});

describe('the reason of a change', () => {
  const entry = (step: string, refId: string | null, before: number, after: number) => ({
    step,
    label: step === 'season' ? 'Summer' : '',
    refId,
    before,
    after,
  });

  it('names the steps whose effect moved, the base price when it moved, and steps gone', () => {
    // Published: base 100, Summer +10 %, Saturday +10 % (of 110). Now: base 120, no season,
    // Saturday +10 % (of 120), a manual price of 150.
    const published = {
      basePriceMinor: 10_000,
      breakdown: [entry('season', 's1', 10_000, 11_000), entry('weekday', null, 11_000, 12_100)],
    };
    const now = [entry('weekday', null, 12_000, 13_200), entry('override', null, 13_200, 15_000)];
    expect(reasonOf(now, 12_000, published)).toEqual([
      { step: 'base', label: '', refId: null, was: 10_000, now: 12_000 },
      { step: 'weekday', label: '', refId: null, was: 1_100, now: 1_200 },
      { step: 'override', label: '', refId: null, was: null, now: 1_800 },
      { step: 'season', label: 'Summer', refId: 's1', was: 1_000, now: null },
    ]);
  });

  it('leaves out steps whose effect did not move, and compares seasons by id', () => {
    const published = {
      basePriceMinor: 10_000,
      breakdown: [entry('season', 's1', 10_000, 11_000), entry('lead_time', null, 11_000, 10_450)],
    };
    const now = [entry('season', 's2', 10_000, 11_000), entry('lead_time', null, 11_000, 10_450)];
    expect(reasonOf(now, 10_000, published)).toEqual([
      { step: 'season', label: 'Summer', refId: 's2', was: null, now: 1_000 },
      { step: 'season', label: 'Summer', refId: 's1', was: 1_000, now: null },
    ]);
  });

  it('carries the market figures of the market step, now and as published', () => {
    // Published: the market raised 100 to 135 around a median of 150 (3 competitors); now it
    // raises 100 to 126 around a median of 140 (4 competitors).
    const market = (after: number, median: number, competitors: number) => ({
      ...entry('market', null, 10_000, after),
      market: { median, competitors },
    });
    const published = { basePriceMinor: 10_000, breakdown: [market(13_500, 15_000, 3)] };
    expect(reasonOf([market(12_600, 14_000, 4)], 10_000, published)).toEqual([
      {
        step: 'market',
        label: '',
        refId: null,
        was: 3_500,
        now: 2_600,
        market: { median: 14_000, competitors: 4 },
      },
    ]);
    expect(reasonOf([], 10_000, published)).toEqual([
      {
        step: 'market',
        label: '',
        refId: null,
        was: 3_500,
        now: null,
        market: { median: 15_000, competitors: 3 },
      },
    ]);
  });

  it('lists every step with was null when nothing is known of the published price', () => {
    expect(reasonOf([entry('season', 's1', 10_000, 11_000)], 10_000, null)).toEqual([
      { step: 'base', label: '', refId: null, was: null, now: 10_000 },
      { step: 'season', label: 'Summer', refId: 's1', was: null, now: 1_000 },
    ]);
  });
});
