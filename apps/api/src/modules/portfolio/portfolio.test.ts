import { eq } from 'drizzle-orm';
import {
  defaultTariffSettings,
  type TBusiness,
  type TPortfolioCopyBody,
  type TPortfolioCopyResponse,
  type TPortfolioFigures,
  type TPortfolioResponse,
  type TPriceCell,
  type TPriceChange,
  type TRatePlan,
  type TRateRuleChange,
} from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingInput, saveBookings, withRooms } from '../../../test/booking-factories';
import {
  createBusiness,
  groupInput,
  roomInput,
  sazonalityInput,
  stored,
  tariffUrl,
} from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { insertChanges, priceChangesUrl } from '../../../test/price-change-factories';
import { notifications, restrictionOverrides } from '../../db/schema';

/**
 * The portfolio against figures computed by hand. Today is 2027-03-10 (Lisbon); the period is
 * Monday 2027-03-01 … Sunday 2027-03-07 (7 nights), last year Monday 2026-03-02 … Sunday 2026-03-08.
 *
 * | property | currency | rooms | bookings (nights in the period)                          |
 * | -------- | -------- | ----- | -------------------------------------------------------- |
 * | Aldeia   | EUR      | 10    | 1–4 Mar, 2 rooms, 600.00: 6 nights · 6–9 Mar, 1 room, 300.00: 2 nights, 200.00 |
 * | Barra    | EUR      | 5     | 2–5 Mar, 3 rooms, 900.03: 9 nights                       |
 * | Cume     | USD      | 2     | none                                                     |
 *
 * Aldeia: 70 rooms available, 8 room nights, 800.00 → occupancy 8/70, ADR 100.00, RevPAR 11.43;
 * last year (2–4 Mar 2026, 1 room, 180.00) 2 room nights, 180.00.
 * Barra: 35 available, 9 nights, 900.03 → ADR 100.00, RevPAR 25.72.
 * EUR totals: 105 available, 17 nights, 1 700.03 → occupancy 17/105, ADR 100.00 (170 003 ÷ 17 =
 * 10 000.18 cents), RevPAR 16.19 (170 003 ÷ 105 = 1 619.08); USD totals: Cume's own.
 */
const now = new Date('2027-03-10T12:00:00Z');
const period = 'from=2027-03-01&to=2027-03-07';

describe('the portfolio', () => {
  let t: TestApp;
  let owner: TestUser;
  let aldeia: TBusiness;
  let barra: TBusiness;
  let cume: TBusiness;
  let aldeiaRooms: Record<string, string>;

  const get = (user: TestUser, query = period) =>
    t.app.inject({ method: 'GET', url: `/api/v1/portfolio?${query}`, headers: user.headers });
  const read = async (user: TestUser, query = period) => {
    const res = await get(user, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TPortfolioResponse;
  };
  const copyCall = async (path: 'copy' | 'copy/preview', body: TPortfolioCopyBody) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/portfolio/${path}`,
      headers: owner.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TPortfolioCopyResponse;
  };

  /** Aldeia's `setting` previewed for Barra and Cume, with Barra's log as it was before. */
  const previewToBarraAndCume = async (setting: TPortfolioCopyBody['setting']) => {
    const body: TPortfolioCopyBody = {
      sourceUuid: aldeia.uuid,
      setting,
      targets: [{ businessUuid: barra.uuid }, { businessUuid: cume.uuid }],
    };
    const before = await stored.auditEvents(t, barra.uuid);
    const preview = await copyCall('copy/preview', body);
    const [toBarra, toCume] = preview.targets;
    return { body, before, preview, toBarra: toBarra!, toCume: toCume! };
  };
  /**
   * The copy of `body` with each target's version as `preview` answered it: Barra copied in one
   * new version, Cume refused.
   */
  const copyAsPreviewed = async (body: TPortfolioCopyBody, preview: TPortfolioCopyResponse) => {
    const copied = await copyCall('copy', {
      ...body,
      targets: preview.targets.map((target) => ({
        businessUuid: target.businessUuid,
        version: target.version,
      })),
    });
    expect(copied.targets.map((target) => target.status)).toEqual(['copied', 'failed']);
    expect(copied.targets[0]!.version).toBe(preview.targets[0]!.version + 1);
  };
  /** Copied to Barra again: nothing to change, no new version. */
  const copiedAgain = async (body: TPortfolioCopyBody, version: number) => {
    const again = await copyCall('copy', { ...body, targets: [{ businessUuid: barra.uuid }] });
    expect(again.targets[0]).toMatchObject({ status: 'unchanged', version });
  };
  /** A target refused because `item` applies to a double room, which it has not. */
  const noDouble = (item: string) => ({
    status: 'failed',
    error: { code: 'room_type_missing', params: { room: 'DBL', item } },
  });

  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t, { name: 'Rita Dona' });
    const lisbon = { timezone: 'Europe/Lisbon', country: 'PT' };
    aldeia = await createBusiness(t, owner, { name: 'Aldeia', currency: 'EUR', ...lisbon });
    barra = await createBusiness(t, owner, { name: 'Barra', currency: 'EUR', ...lisbon });
    cume = await createBusiness(t, owner, { name: 'Cume', currency: 'USD', ...lisbon });
    aldeiaRooms = await withRooms(t, owner, aldeia, [roomInput({ code: 'DBL', rooms: 10 })]);
    await withRooms(t, owner, barra, [roomInput({ code: 'DBL', rooms: 5 })]);
    await withRooms(t, owner, cume, [roomInput({ code: 'TWN', rooms: 2 })]);
    const booked = { bookedAt: '2027-01-05T10:00:00Z' };
    await saveBookings(t, owner, aldeia, [
      bookingInput({
        arrival: '2027-03-01',
        departure: '2027-03-04',
        rooms: 2,
        totalAmount: 600,
        ...booked,
      }),
      bookingInput({ arrival: '2027-03-06', departure: '2027-03-09', totalAmount: 300, ...booked }),
      bookingInput({
        arrival: '2026-03-02',
        departure: '2026-03-04',
        totalAmount: 180,
        bookedAt: '2026-01-05T10:00:00Z',
      }),
    ]);
    await saveBookings(t, owner, barra, [
      bookingInput({
        arrival: '2027-03-02',
        departure: '2027-03-05',
        rooms: 3,
        totalAmount: 900.03,
        ...booked,
      }),
    ]);
  });
  afterAll(() => t.close());

  it('shows each property by the analytics’ definitions, totals per currency equal to their sum, pending changes and alerts; nobody else’s', async () => {
    await insertChanges(t, aldeia.uuid, [
      { roomUuid: aldeiaRooms.DBL!, night: '2027-03-20' },
      { roomUuid: aldeiaRooms.DBL!, night: '2027-03-21' },
      { roomUuid: aldeiaRooms.DBL!, night: '2027-03-22', status: 'approved' },
    ]);
    await t.database.db.insert(notifications).values({
      userUuid: owner.userData.uuid,
      businessUuid: barra.uuid,
      kind: 'alert_pace_behind',
      params: { value: 1200, link: '/analytics', urgent: false },
      groupKey: `alert_pace_behind:${barra.uuid}`,
    });
    // Another owner, with a property of the same name and bookings of their own.
    const stranger = await createUser(t);
    const theirs = await createBusiness(t, stranger, { name: 'Aldeia' });
    await withRooms(t, stranger, theirs, [roomInput({ rooms: 50 })]);

    const answer = await read(owner);
    expect(answer.lastYear).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(answer.properties.map((p) => p.name)).toEqual(['Aldeia', 'Barra', 'Cume']);
    const [a, b, c] = answer.properties;
    expect(a).toMatchObject({
      businessUuid: aldeia.uuid,
      currency: 'EUR',
      roomsAvailable: 70,
      roomNights: 8,
      roomRevenue: 800,
      occupancy: 8 / 70,
      adr: 100,
      revpar: 11.43,
      lastYear: { roomsAvailable: 70, roomNights: 2, roomRevenue: 180, adr: 90 },
      budget: null,
      pendingChanges: 2,
      alerts: 0,
    });
    expect(b).toMatchObject({ roomNights: 9, roomRevenue: 900.03, revpar: 25.72, alerts: 1 });
    expect(c).toMatchObject({ currency: 'USD', roomNights: 0, adr: null, occupancy: 0 });

    // The same figures as the property's own KPIs.
    const kpis = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${aldeia.uuid}/analytics/kpis?${period}`,
      headers: owner.headers,
    });
    expect(kpis.json().current).toMatchObject({ roomNightsSold: 8, revenue: 800, revpar: 11.43 });

    // Totals: per currency, the sums, and the ratios computed again from them.
    const sum = (rows: TPortfolioFigures[], key: 'roomsAvailable' | 'roomNights' | 'roomRevenue') =>
      Math.round(rows.reduce((total, row) => total + row[key] * 100, 0)) / 100;
    const [eur, usd] = answer.totals;
    expect(eur).toMatchObject({
      currency: 'EUR',
      properties: 2,
      roomsAvailable: sum([a!, b!], 'roomsAvailable'),
      roomNights: sum([a!, b!], 'roomNights'),
      roomRevenue: sum([a!, b!], 'roomRevenue'),
      occupancy: 17 / 105,
      adr: 100,
      revpar: 16.19,
      lastYear: { roomNights: 2, roomRevenue: 180 },
      budget: null,
      pendingChanges: 2,
      alerts: 1,
    });
    expect(eur!.roomRevenue).toBe(1700.03);
    expect(usd).toMatchObject({ currency: 'USD', properties: 1, roomsAvailable: 14 });

    // The stranger sees their one property (the page's empty state), never the owner's.
    const theirAnswer = await read(stranger);
    expect(theirAnswer.properties.map((p) => p.businessUuid)).toEqual([theirs.uuid]);
    expect(theirAnswer.totals).toHaveLength(1);
    // A user with no property: an empty list, no totals.
    const nobody = await createUser(t);
    expect(await read(nobody)).toMatchObject({ properties: [], totals: [] });

    // Bad periods: translated field errors, on the field.
    for (const [query, path, code] of [
      ['from=2027-03-07&to=2027-03-01', 'query.to', 'range_reversed'],
      ['from=2027-01-01&to=2028-01-02', 'query.to', 'range_too_long'],
      ['from=2027-02-30&to=2027-03-01', 'query.from', undefined],
    ] as const) {
      const res = await get(owner, query);
      expect(res.statusCode, query).toBe(400);
      const detail = res.json().error.details[0];
      expect(detail.path).toBe(path);
      if (code) expect(detail.code).toBe(code);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/portfolio?${period}` })).statusCode,
    ).toBe(401);
  });

  it('carries each property’s budget for the period, prorated to its nights, and the currency’s total once every property has one', async () => {
    const budget = async (business: TBusiness, roomNights: number, revenue: number) => {
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/v1/businesses',
        headers: owner.headers,
      });
      const current = (listed.json() as { businesses: TBusiness[] }).businesses.find(
        (b) => b.uuid === business.uuid,
      )!;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/businesses/${business.uuid}/budgets/2027`,
        headers: owner.headers,
        payload: {
          version: current.version,
          months: [{ month: '2027-03', roomNights, revenue }],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // March's budget: 7 of its 31 nights fall in the period.
    await budget(aldeia, 62, 3100);
    let eur = (await read(owner)).totals.find((row) => row.currency === 'EUR')!;
    expect(eur.budget).toBeNull(); // Barra has none yet: no partial sum
    await budget(barra, 31, 1550.31);
    const answer = await read(owner);
    const [a, b] = answer.properties;
    expect(a!.budget).toEqual({ roomNights: 14, revenue: 700 });
    expect(b!.budget).toEqual({ roomNights: 7, revenue: 350.07 });
    eur = answer.totals.find((row) => row.currency === 'EUR')!;
    expect(eur.budget).toEqual({ roomNights: 21, revenue: 1050.07 });
    // A period that reaches into April, which has no budget, has none.
    const longer = await read(owner, 'from=2027-03-25&to=2027-04-05');
    expect(longer.properties[0]!.budget).toBeNull();
  });

  it('approves a property’s pending changes from the portfolio: that property only, in its own log', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: priceChangesUrl(aldeia, '/approve'),
      headers: owner.headers,
      payload: { filter: { status: ['pending'] } },
    });
    expect(res.json()).toEqual({ moved: 2 });
    const answer = await read(owner);
    expect(answer.properties.map((p) => p.pendingChanges)).toEqual([0, 0, 0]);
    const log = await stored.auditEvents(t, aldeia.uuid);
    expect(log.at(-1)).toMatchObject({ action: 'approve', entity: 'price_change' });
    expect((await stored.auditEvents(t, barra.uuid)).some((e) => e.action === 'approve')).toBe(
      false,
    );
  });

  it('copies the seasons and the occupancy levels of one property to others: previewed, each target all or nothing, in its own log, its prices recomputed', async () => {
    const post = (path: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: tariffUrl(aldeia, path),
        headers: owner.headers,
        payload,
      });
    await post('sazonalities', {
      sazonality: sazonalityInput({
        name: 'Verão',
        startDate: '2027-06-01',
        endDate: '2027-09-15',
        value: 20,
        roomUuids: [aldeiaRooms.DBL!],
      }),
    });
    await post('sazonalities', {
      sazonality: sazonalityInput({
        name: 'Páscoa',
        startDate: '2027-03-25',
        endDate: '2027-03-29',
        adjustmentType: 'amount',
        value: 15,
      }),
    });
    // Barra's own: a Verão worth less (updated), and a season Aldeia does not have (deleted).
    for (const sazonality of [
      sazonalityInput({ name: 'Verão', startDate: '2027-06-01', endDate: '2027-09-15', value: 10 }),
      sazonalityInput({ name: 'Feira', startDate: '2027-05-01', endDate: '2027-05-03', value: 5 }),
    ]) {
      await t.app.inject({
        method: 'POST',
        url: tariffUrl(barra, 'sazonalities'),
        headers: owner.headers,
        payload: { sazonality },
      });
    }
    const { body, before, preview, toBarra, toCume } = await previewToBarraAndCume('seasons');
    expect(toBarra).toMatchObject({
      name: 'Barra',
      status: 'ready',
      items: [
        { action: 'delete', name: 'Feira' },
        { action: 'update', name: 'Verão' },
        { action: 'create', name: 'Páscoa' },
      ],
      error: null,
    });
    expect(toBarra.prices!.summary.cellsChanged).toBeGreaterThan(0);
    // Cume is in dollars and has no double room: refused, the reason named.
    expect(toCume).toMatchObject({
      status: 'failed',
      error: { code: 'currency_mismatch', params: { item: 'Páscoa' } },
    });
    // A preview saves nothing.
    expect(await stored.auditEvents(t, barra.uuid)).toHaveLength(before.length);

    await copyAsPreviewed(body, preview);
    const seasons = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/businesses/${barra.uuid}`,
        headers: owner.headers,
      })
    ).json().business.tariffConfiguration.sazonalities as {
      name: string;
      value: number;
      roomUuids: string[];
    }[];
    expect(seasons.map((s) => [s.name, s.value]).sort()).toEqual([
      ['Páscoa', 15],
      ['Verão', 20],
    ]);
    // Aldeia's Verão was for its doubles: Barra's applies to Barra's doubles.
    const barraDbl = (await stored.roomTypes(t, barra.uuid))[0]!.uuid;
    expect(seasons.find((s) => s.name === 'Verão')!.roomUuids).toEqual([barraDbl]);
    const log = (await stored.auditEvents(t, barra.uuid)).slice(before.length);
    expect(log.map((e) => [e.action, e.entity, e.entityName])).toEqual([
      ['delete', 'sazonality', 'Feira'],
      ['update', 'sazonality', 'Verão'],
      ['create', 'sazonality', 'Páscoa'],
    ]);
    // Cume failed whole: nothing of it changed.
    expect((await stored.auditEvents(t, cume.uuid)).some((e) => e.entity === 'sazonality')).toBe(
      false,
    );
    // Recomputed as a normal edit: Barra's prices moved, so changes wait for the owner.
    await t.app.jobs.drain();
    const barraRow = (await read(owner)).properties.find((p) => p.name === 'Barra')!;
    expect(barraRow.pendingChanges).toBeGreaterThan(0);

    // The preview's version is stale now: refused, nothing changed.
    const stale = await copyCall('copy', {
      ...body,
      targets: [{ businessUuid: barra.uuid, version: toBarra.version }],
    });
    expect(stale.targets[0]).toMatchObject({
      status: 'failed',
      error: { code: 'version_conflict' },
    });
    await copiedAgain(body, toBarra.version + 1);

    // Occupancy levels: Cume has no double room, named.
    await t.app.inject({
      method: 'POST',
      url: tariffUrl(aldeia, 'fluctuation-levels'),
      headers: owner.headers,
      payload: { fluctuationLevel: groupInput({ name: 'Doubles', roomUuids: [aldeiaRooms.DBL!] }) },
    });
    const levels = await copyCall('copy', { ...body, setting: 'occupancyLevels' });
    expect(levels.targets[0]).toMatchObject({
      status: 'copied',
      items: [{ action: 'create', name: 'Doubles' }],
    });
    expect(levels.targets[1]).toMatchObject(noDouble('Doubles'));

    // Not the owner's: 404; the source as a target, named.
    const stranger = await createUser(t);
    const theirs = await createBusiness(t, stranger);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/portfolio/copy/preview',
      headers: owner.headers,
      payload: { ...body, targets: [{ businessUuid: theirs.uuid }] },
    });
    expect(refused.statusCode).toBe(404);
    const self = await t.app.inject({
      method: 'POST',
      url: '/api/v1/portfolio/copy',
      headers: owner.headers,
      payload: { ...body, targets: [{ businessUuid: aldeia.uuid }] },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.details[0]).toMatchObject({
      path: 'targets.0.businessUuid',
      code: 'same_as_source',
    });
  });

  it('copies the rate plans: the base plan as the source’s, others matched by code, through the plan calls — audited in the target’s log, gathered into its pending rate-rule change', async () => {
    const call = (method: 'GET' | 'POST', business: TBusiness, path: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/v1/businesses/${business.uuid}/${path}`,
        headers: owner.headers,
        payload,
      });
    const plansOf = async (business: TBusiness) =>
      ((await call('GET', business, 'rate-plans')).json().ratePlans as TRatePlan[]).map((p) => ({
        code: p.code,
        name: p.name,
        parent: p.derivedFrom,
        adjustment: p.adjustment.value,
        roomUuids: p.roomUuids,
        uuid: p.uuid,
      }));
    const savePlan = async (business: TBusiness, ratePlan: object) => {
      const res = await call('POST', business, 'rate-plans', { ratePlan });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().ratePlan as TRatePlan;
    };
    const percent = (value: number) => ({ type: 'percent', value });
    // Aldeia: BAR, a non-refundable rate for its doubles, and breakfast derived from it.
    const [aldeiaBar] = await plansOf(aldeia);
    const nr = await savePlan(aldeia, {
      name: 'Não reembolsável',
      code: 'NR',
      derivedFrom: aldeiaBar!.uuid,
      adjustment: percent(-10),
      cancellationPolicy: 'non_refundable',
      roomUuids: [aldeiaRooms.DBL!],
    });
    await savePlan(aldeia, {
      name: 'Com pequeno-almoço',
      code: 'PA',
      derivedFrom: nr.uuid,
      board: 'BB',
      boardPricePerGuest: 12,
    });
    // Barra: its own NR (−5 %, updated) and a weekly rate Aldeia does not sell (deleted); then it
    // publishes, so its rules are published ones and an edit waits for the owner.
    const [barraBar] = await plansOf(barra);
    for (const [code, name, value] of [
      ['NR', 'Não reembolsável', -5],
      ['WK', 'Semanal', -8],
    ] as const) {
      await savePlan(barra, {
        name,
        code,
        derivedFrom: barraBar!.uuid,
        adjustment: percent(value),
      });
    }
    const barraDbl = (await stored.roomTypes(t, barra.uuid))[0]!.uuid;
    // Barra's prices moved by the copies above wait for the owner: approved, published.
    await t.app.jobs.drain();
    const approved = await call('POST', barra, 'price-changes/approve', {
      filter: { status: ['pending'] },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().moved).toBeGreaterThan(0);
    await t.app.jobs.drain();
    const ruleChanges = async () =>
      (await call('GET', barra, 'rate-rule-changes')).json().rateRuleChanges as TRateRuleChange[];
    expect(await ruleChanges()).toEqual([]);

    const { body, before, preview, toBarra, toCume } = await previewToBarraAndCume('ratePlans');
    expect(toBarra).toMatchObject({
      status: 'ready',
      items: [
        { action: 'delete', name: 'Semanal' },
        { action: 'update', name: 'Não reembolsável' },
        { action: 'create', name: 'Com pequeno-almoço' },
      ],
      prices: null,
      error: null,
    });
    // Cume has no double room for the non-refundable rate: refused, named.
    expect(toCume).toMatchObject(noDouble('Não reembolsável'));
    // The preview saved nothing (its checks made and rolled back).
    expect(await stored.auditEvents(t, barra.uuid)).toHaveLength(before.length);
    expect((await plansOf(barra)).map((p) => p.code)).toEqual(['BAR', 'NR', 'WK']);

    await copyAsPreviewed(body, preview);
    const after = await plansOf(barra);
    const barraNr = after.find((p) => p.code === 'NR')!;
    expect(after.map((p) => [p.code, p.adjustment, p.parent])).toEqual([
      ['BAR', 0, null],
      ['NR', -10, barraBar!.uuid],
      ['PA', 0, barraNr.uuid],
    ]);
    // Aldeia's NR was for its doubles: Barra's is for Barra's doubles.
    expect(barraNr.roomUuids).toEqual([barraDbl]);
    const log = (await stored.auditEvents(t, barra.uuid)).slice(before.length);
    expect(log.map((e) => [e.action, e.entity, e.entityName])).toEqual([
      ['delete', 'rate_plan', 'Semanal'],
      ['update', 'rate_plan', 'Não reembolsável'],
      ['create', 'rate_plan', 'Com pequeno-almoço'],
    ]);
    expect((await stored.auditEvents(t, cume.uuid)).some((e) => e.entity === 'rate_plan')).toBe(
      false,
    );
    // As after an edit on the rate plans' page: one pending rate-rule change names each plan.
    await t.app.jobs.drain();
    const [pending, ...others] = await ruleChanges();
    expect(others).toEqual([]);
    expect(pending).toMatchObject({ status: 'pending', stage: 'waiting' });
    expect(
      pending!.items.map((item) => (item.kind === 'ratePlan' ? item.change : item.kind)).sort(),
    ).toEqual(['added', 'changed', 'removed']);

    await copiedAgain(body, toBarra.version + 1);
  });

  it('copies the stay restrictions: the rules, and the nights’ own from today on for the room types matched, through the restrictions calls — audited in the target’s log, recomputed', async () => {
    const put = async (business: TBusiness, path: string, payload: object) => {
      const res = await t.app.inject({ method: 'PUT', url: path, headers: owner.headers, payload });
      expect(res.statusCode, `${business.name} ${res.body}`).toBe(200);
    };
    const nights = (business: TBusiness, overrides: object[]) =>
      put(business, `/api/v1/businesses/${business.uuid}/restrictions/overrides`, { overrides });
    const barraDbl = (await stored.roomTypes(t, barra.uuid))[0]!.uuid;
    // Aldeia: a 2-night minimum stay, no arrival on Sundays; its doubles need 3 nights over
    // 1–3 April and cannot be left on the 10th. The 5th of March is past: not copied.
    await put(aldeia, tariffUrl(aldeia, 'settings'), {
      settings: {
        restrictions: {
          ...defaultTariffSettings.restrictions,
          minStay: 2,
          closedToArrival: ['sun'],
        },
      },
    });
    await nights(aldeia, [
      { roomUuid: aldeiaRooms.DBL!, from: '2027-03-05', to: '2027-03-05', minStay: 4 },
      { roomUuid: aldeiaRooms.DBL!, from: '2027-04-01', to: '2027-04-03', minStay: 3 },
      { roomUuid: aldeiaRooms.DBL!, from: '2027-04-10', to: '2027-04-10', closedToDeparture: true },
    ]);
    // Barra's own: a maximum stay on 2 April (replaced), a week's minimum on 1 May (cleared), and
    // a past night (kept).
    await nights(barra, [
      { roomUuid: barraDbl, from: '2027-03-01', to: '2027-03-01', minStay: 2 },
      { roomUuid: barraDbl, from: '2027-04-02', to: '2027-04-02', maxStay: 5 },
      { roomUuid: barraDbl, from: '2027-05-01', to: '2027-05-01', minStay: 7 },
    ]);
    await t.app.jobs.drain();
    const cells = async (from: string, to: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/businesses/${barra.uuid}/prices?from=${from}&to=${to}&roomUuid=${barraDbl}`,
        headers: owner.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const prices = (res.json() as { prices: TPriceCell[] }).prices;
      return Object.fromEntries(prices.map((cell) => [cell.date, cell.restrictions]));
    };
    const open = { maxStay: null, closedToArrival: false, closedToDeparture: false, orphan: false };
    const { body, before, preview, toBarra, toCume } = await previewToBarraAndCume('restrictions');
    expect(toBarra).toMatchObject({
      status: 'ready',
      items: [
        { action: 'update', name: '', restrictions: { part: 'rules' } },
        {
          action: 'update',
          name: 'Double room',
          restrictions: { part: 'nights', set: 4, cleared: 1 },
        },
      ],
      prices: null,
      error: null,
    });
    // Cume has no double room, which Aldeia restricts: refused, named.
    expect(toCume).toMatchObject(noDouble('Double room'));
    // The preview saved nothing: Barra's restrictions read as before.
    expect(await stored.auditEvents(t, barra.uuid)).toHaveLength(before.length);
    expect((await cells('2027-05-01', '2027-05-01'))['2027-05-01']).toMatchObject({ minStay: 7 });

    await copyAsPreviewed(body, preview);
    // As the owner reads Barra's calendar: Aldeia's nights, the rules' elsewhere (a Sunday closed
    // to arrival, two nights at least), its own maximum stay and week's minimum gone.
    const after = await cells('2027-04-01', '2027-05-01');
    expect(after['2027-04-01']).toEqual({ ...open, minStay: 3 });
    expect(after['2027-04-02']).toEqual({ ...open, minStay: 3 });
    expect(after['2027-04-04']).toEqual({ ...open, minStay: 2, closedToArrival: true });
    expect(after['2027-04-10']).toEqual({ ...open, minStay: 2, closedToDeparture: true });
    expect(after['2027-05-01']).toEqual({ ...open, minStay: 2 });
    // The nights before today are left as they were, on both sides.
    const past = await t.database.db
      .select({ night: restrictionOverrides.night, minStay: restrictionOverrides.minStay })
      .from(restrictionOverrides)
      .where(eq(restrictionOverrides.businessUuid, barra.uuid));
    expect(past.filter((row) => row.night < '2027-03-10')).toEqual([
      { night: '2027-03-01', minStay: 2 },
    ]);
    // In Barra's log, as the owner's own edits: the rules, then its nights cleared and set.
    const log = (await stored.auditEvents(t, barra.uuid)).slice(before.length);
    expect(log.map((e) => [e.action, e.entity, e.entityName])).toEqual([
      ['update', 'settings', 'Barra'],
      ['delete', 'restriction_override', 'Double room'],
      ['update', 'restriction_override', 'Double room'],
      ['update', 'restriction_override', 'Double room'],
    ]);
    expect(
      (await stored.auditEvents(t, cume.uuid)).some((e) => e.entity === 'restriction_override'),
    ).toBe(false);
    // Recomputed: the published nights whose restrictions moved wait for the owner.
    await t.app.jobs.drain();
    const waiting = await t.app.inject({
      method: 'GET',
      url: priceChangesUrl(barra, '?from=2027-04-01&to=2027-04-01&status=pending'),
      headers: owner.headers,
    });
    expect(
      (waiting.json() as { priceChanges: TPriceChange[] }).priceChanges.map(
        (change) => change.newRestrictions?.minStay,
      ),
    ).toEqual([3]);

    await copiedAgain(body, toBarra.version + 1);
    // A setting that is not one: 400 on its field, nothing changed.
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/portfolio/copy',
      headers: owner.headers,
      payload: { ...body, setting: 'restriction' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].path).toBe('setting');
  });
});
