import type {
  TAuditEvent,
  TBudgetImportResponse,
  TBudgetProgress,
  TBudgetsResponse,
  TBusiness,
  TForecastResponse,
} from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../core/clock';
import { analyticsUrl } from '../../../test/analytics-factories';
import { businessesUrl, createBusiness } from '../../../test/business-factories';
import {
  bookingInput,
  createApiToken,
  multipartBody,
  saveBookings,
  withRooms,
} from '../../../test/booking-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { budgetTotals } from './totals';

/**
 * Budgets (docs/budgets.md): a year typed month by month or a CSV imported, versioned and audited
 * like the rest of the property; a bad month or line refuses everything, naming where; another
 * tenant's budget is 404; a month against its budget adds up from the bookings of a hand-set
 * fixture (actual to today, last year 52 weeks earlier, the forecast for the month's end).
 */
describe('budgets', () => {
  // Friday 10 March 2028, midday in Lisbon.
  const clock = manualClock('2028-03-10T12:00:00Z');
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let business: TBusiness;

  beforeAll(async () => {
    t = await createClockedTestApp(clock);
    owner = await createUser(t, { language: 'en' });
    stranger = await createUser(t);
    business = await createBusiness(t, owner, { timezone: 'Europe/Lisbon', currency: 'EUR' });
    await withRooms(t, owner, business);
    await saveBookings(t, owner, business, [
      // This month: 3 nights × 2 rooms before today, 600.
      bookingInput({
        arrival: '2028-03-02',
        departure: '2028-03-05',
        rooms: 2,
        totalAmount: 600,
        bookedAt: '2028-02-01T10:00:00Z',
      }),
      // Tonight and tomorrow, 150 a night: tonight counts as actual.
      bookingInput({
        arrival: '2028-03-10',
        departure: '2028-03-12',
        totalAmount: 300,
        bookedAt: '2028-03-01T10:00:00Z',
      }),
      bookingInput({
        arrival: '2028-03-20',
        departure: '2028-03-21',
        totalAmount: 100,
        bookedAt: '2028-03-05T10:00:00Z',
      }),
      bookingInput({
        arrival: '2028-03-06',
        departure: '2028-03-08',
        totalAmount: 500,
        status: 'cancelled',
        bookedAt: '2028-02-01T10:00:00Z',
        cancelledAt: '2028-02-20T10:00:00Z',
      }),
      // Last year's month is 2027-03-03 … 2027-04-02 (364 days earlier): 4 nights, 400 …
      bookingInput({
        arrival: '2027-03-10',
        departure: '2027-03-14',
        totalAmount: 400,
        bookedAt: '2027-02-01T10:00:00Z',
      }),
      // … not this one, on calendar dates of last March but before the same weekdays.
      bookingInput({
        arrival: '2027-03-01',
        departure: '2027-03-02',
        totalAmount: 999,
        bookedAt: '2027-02-01T10:00:00Z',
      }),
    ]);
    // Re-read the business: its rooms moved its version.
    business = (await getJson<{ businesses: TBusiness[] }>(businessesUrl)).businesses.find(
      (b) => b.uuid === business.uuid,
    )!;
  });
  afterAll(() => t.close());

  const url = (rest = '', b: { uuid: string } = business) =>
    `${businessesUrl}/${b.uuid}/budgets${rest}`;
  async function getJson<T>(path: string, user = owner): Promise<T> {
    const res = await t.app.inject({ method: 'GET', url: path, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  }
  const put = (year: number, payload: object, user = owner, b: { uuid: string } = business) =>
    t.app.inject({ method: 'PUT', url: url(`/${year}`, b), headers: user.headers, payload });
  const upload = (csv: string, version: number, user = owner, b: { uuid: string } = business) => {
    const body = multipartBody({}, [{ content: csv, filename: 'budget.csv' }]);
    return t.app.inject({
      method: 'POST',
      url: url(`/import?version=${version}`, b),
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const details = (res: { json(): unknown }) =>
    (
      res.json() as {
        error: { details: { path: string; code: string; params?: Record<string, unknown> }[] };
      }
    ).error.details.map(({ path, code, params }) => ({ path, code, ...(params && { params }) }));
  const year2028 = () => getJson<TBudgetsResponse>(url('?from=2028-01&to=2028-12'));

  it('types a year, replaces it, refuses a stale version or bad months and changes nothing', async () => {
    expect(await year2028()).toEqual({
      currency: 'EUR',
      from: '2028-01',
      to: '2028-12',
      months: [],
    });

    const saved = await put(2028, {
      version: business.version,
      months: [
        { month: '2028-03', roomNights: 200, revenue: 20000 },
        { month: '2028-04', roomNights: 210, revenue: 23100.5 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json() as { business: TBusiness; budget: TBudgetsResponse };
    expect(answer.business.version).toBe(business.version + 1);
    expect(answer.budget.months).toEqual([
      { month: '2028-03', roomNights: 200, revenue: 20000 },
      { month: '2028-04', roomNights: 210, revenue: 23100.5 },
    ]);

    // The version read before is stale now: 409, nothing written.
    const stale = await put(2028, { version: business.version, months: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('version_conflict');
    business = answer.business;

    const bad = await put(2028, {
      version: business.version,
      months: [
        { month: '2028-03', roomNights: -1, revenue: 10.123 },
        { month: '2029-01', roomNights: 5, revenue: 5 },
        { month: '2028-13', roomNights: 5, revenue: 5 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(details(bad)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'months.0.roomNights', code: 'too_small' }),
        expect.objectContaining({ path: 'months.0.revenue', code: 'too_many_decimals' }),
        expect.objectContaining({ path: 'months.2.month', code: 'invalid_format_month' }),
      ]),
    );
    // A month of another year, or too far from today, is refused once the format is right.
    const elsewhere = await put(2028, {
      version: business.version,
      months: [{ month: '2029-01', roomNights: 5, revenue: 5 }],
    });
    expect(details(elsewhere)).toEqual([
      {
        path: 'months.0.month',
        code: 'date_out_of_range',
        params: { minimum: '2028-01', maximum: '2028-12' },
      },
    ]);
    const far = await put(2040, {
      version: business.version,
      months: [{ month: '2040-01', roomNights: 5, revenue: 5 }],
    });
    expect(details(far)).toEqual([
      {
        path: 'months.0.month',
        code: 'date_out_of_range',
        params: { minimum: '2023-01', maximum: '2033-12' },
      },
    ]);
    expect((await year2028()).months).toHaveLength(2);

    // Saving the year without April clears April.
    const replaced = await put(2028, {
      version: business.version,
      months: [{ month: '2028-03', roomNights: 200, revenue: 20000 }],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    business = replaced.json().business;
    expect((await year2028()).months).toEqual([
      { month: '2028-03', roomNights: 200, revenue: 20000 },
    ]);

    const trail = await getJson<{ events: TAuditEvent[] }>(
      `${businessesUrl}/${business.uuid}/audit?entity=budget`,
    );
    expect(trail.events.map((e) => [e.action, e.changes])).toEqual([
      ['update', { '2028-04': { before: { roomNights: 210, revenue: 23100.5 }, after: null } }],
      [
        'update',
        {
          '2028-03': { before: null, after: { roomNights: 200, revenue: 20000 } },
          '2028-04': { before: null, after: { roomNights: 210, revenue: 23100.5 } },
        },
      ],
    ]);
  });

  it('imports a CSV all or nothing, naming each bad line and column; a month uploaded again is replaced', async () => {
    const refused = await upload(
      [
        'Month;Room_Nights;Revenue;note',
        '2028-05;250;26000,50;spring',
        '2028-06;-3;1000;',
        '2028/07;100;1000.999;',
        '2028-05;1;1;again',
        '2028-08;;900;',
      ].join('\r\n'),
      business.version,
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(details(refused)).toEqual([
      {
        path: 'file.3.room_nights',
        code: 'too_small',
        params: { minimum: 0, line: 3, column: 'room_nights' },
      },
      { path: 'file.4.month', code: 'invalid_format_month', params: { line: 4, column: 'month' } },
      {
        path: 'file.4.revenue',
        code: 'too_many_decimals',
        params: { maximum: 2, line: 4, column: 'revenue' },
      },
      {
        path: 'file.5.month',
        code: 'duplicate_line',
        params: { first: 2, line: 5, column: 'month' },
      },
      { path: 'file.6.room_nights', code: 'required', params: { line: 6, column: 'room_nights' } },
    ]);
    expect((await year2028()).months).toEqual([
      { month: '2028-03', roomNights: 200, revenue: 20000 },
    ]);

    const missing = await upload('month,revenue\n2028-05,100\n', business.version);
    expect(details(missing)).toEqual([
      { path: 'file', code: 'missing_columns', params: { columns: 'room_nights' } },
    ]);
    const empty = await upload('month,room_nights,revenue\n', business.version);
    expect(details(empty)).toEqual([{ path: 'file', code: 'empty_file' }]);
    const tooFar = await upload('month,room_nights,revenue\n2035-01,1,1\n', business.version);
    expect(details(tooFar)).toEqual([
      {
        path: 'file.2.month',
        code: 'date_out_of_range',
        params: { minimum: '2023-01', maximum: '2033-12', line: 2, column: 'month' },
      },
    ]);

    const imported = await upload(
      'month,room_nights,revenue\n2028-03,180,19000.5\n2028-05,250,26000\n',
      business.version,
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const answer = imported.json() as TBudgetImportResponse;
    expect(answer.months.map((m) => m.month)).toEqual(['2028-03', '2028-05']);
    expect(answer.business.version).toBe(business.version + 1);
    business = answer.business;
    expect((await year2028()).months).toEqual([
      { month: '2028-03', roomNights: 180, revenue: 19000.5 },
      { month: '2028-05', roomNights: 250, revenue: 26000 },
    ]);
    const stale = await upload('month,room_nights,revenue\n2028-06,1,1\n', business.version - 1);
    expect(stale.statusCode).toBe(409);

    const trail = await getJson<{ events: TAuditEvent[] }>(
      `${businessesUrl}/${business.uuid}/audit?entity=budget`,
    );
    expect(trail.events[0]).toMatchObject({
      action: 'import',
      changes: {
        '2028-03': {
          before: { roomNights: 200, revenue: 20000 },
          after: { roomNights: 180, revenue: 19000.5 },
        },
        '2028-05': { before: null, after: { roomNights: 250, revenue: 26000 } },
      },
    });
  });

  it('keeps another tenant and integration tokens out', async () => {
    const other = await createBusiness(t, stranger);
    const months = [{ month: '2028-03', roomNights: 1, revenue: 1 }];
    expect((await put(2028, { version: other.version, months }, owner, other)).statusCode).toBe(
      404,
    );
    expect(
      (await upload('month,room_nights,revenue\n', other.version, owner, other)).statusCode,
    ).toBe(404);
    for (const path of ['?from=2028-01&to=2028-12', '/progress']) {
      const res = await t.app.inject({
        method: 'GET',
        url: url(path, other),
        headers: owner.headers,
      });
      expect(res.statusCode).toBe(404);
    }
    // The stranger's own (empty) budget is theirs alone.
    expect(
      (await getJson<TBudgetsResponse>(url('?from=2028-01&to=2028-12', other), stranger)).months,
    ).toEqual([]);

    const token = await createApiToken(t, owner, business);
    const headers = { authorization: `Bearer ${token.token}` };
    const read = await t.app.inject({ method: 'GET', url: url('/progress'), headers });
    expect(read.statusCode).toBe(403);

    const reversed = await t.app.inject({
      method: 'GET',
      url: url('?from=2028-05&to=2028-01'),
      headers: owner.headers,
    });
    expect(details(reversed)).toEqual([{ path: 'query.to', code: 'range_reversed' }]);
  });

  it('sets a month against its budget: actual to today, the forecast for its end, last year', async () => {
    const march = await getJson<TBudgetProgress>(url('/progress'));
    expect(march).toMatchObject({
      currency: 'EUR',
      month: '2028-03',
      from: '2028-03-01',
      to: '2028-03-31',
      asOf: '2028-03-10',
      budget: { roomNights: 180, revenue: 19000.5 },
      // 3 nights × 2 rooms (600) and tonight (150); the cancelled stay sells nothing.
      actual: { roomNights: 7, revenue: 750 },
      // 2027-03-10 … 13: 4 nights, 400; the night of 2027-03-01 is before 2027-03-03.
      lastYear: { roomNights: 4, revenue: 400 },
    });
    // The forecast: the month on the books (9 room nights, 1 000) plus the rooms the forecast
    // still expects, at the month's rate on the books (1 000 ÷ 9).
    const forecast = await getJson<TForecastResponse>(
      analyticsUrl(business, 'forecast?from=2028-03-01&to=2028-03-31'),
    );
    const expected = forecast.nights.reduce((sum, n) => sum + n.forecast - n.onTheBooks, 0);
    expect(march.forecast.roomNights).toBeCloseTo(9 + expected, 1);
    expect(march.forecast.revenue).toBeCloseTo(1000 + (expected * 1000) / 9, 0);
    expect(march.forecast.roomNights).toBeGreaterThanOrEqual(9);

    // A month over: the forecast is what it sold; one to come: nothing sold yet, no budget.
    const february = await getJson<TBudgetProgress>(url('/progress?month=2028-02'));
    expect(february).toMatchObject({ asOf: '2028-02-29', budget: null });
    expect(february.forecast).toEqual(february.actual);
    const june = await getJson<TBudgetProgress>(url('/progress?month=2028-06'));
    expect(june).toMatchObject({ asOf: null, actual: { roomNights: 0, revenue: 0 } });
  });

  it('totals the budget of several properties over a period, partial months by nights', async () => {
    const other = await createBusiness(t, owner);
    // March 2028 (31 nights): 180 room nights, 19 000.50; May: 250, 26 000.
    const totals = await budgetTotals(
      t.database.db,
      [business.uuid, other.uuid],
      '2028-03-21',
      '2028-05-31',
    );
    expect(totals).toEqual({
      // 11 of March's 31 nights, April without a budget, May whole.
      [business.uuid]: {
        roomNights: Math.round(((180 * 11) / 31 + 250) * 100) / 100,
        revenue: Math.round((1900050 * 11) / 31) / 100 + 26000,
        complete: false,
      },
      [other.uuid]: null,
    });
    expect(await budgetTotals(t.database.db, [business.uuid], '2028-05-01', '2028-05-31')).toEqual({
      [business.uuid]: { roomNights: 250, revenue: 26000, complete: true },
    });
  });
});
