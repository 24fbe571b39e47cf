import type { TBusiness, THoliday, TPriceCell } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessesUrl,
  createBusiness,
  roomInput,
  saveRooms,
  tariffUrl,
} from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';

/**
 * Public holidays from the offline library, the region of a business, the holiday rule in the
 * prices and the one-click season. "Now" is 2026-03-02; the nights priced are in December 2026
 * (25 December is a Friday), far from any lead-time rule, and no weekday moves the price.
 */
const now = new Date('2026-03-02T12:00:00Z');

describe('holidays', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let lisbon: TBusiness;
  let dbl: string;

  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t, { language: 'en' });
    stranger = await createUser(t);
    lisbon = await createBusiness(t, owner, { country: 'PT', timezone: 'Europe/Lisbon' });
    const saved = await saveRooms(t, owner, lisbon, [roomInput({ code: 'DBL', basePrice: 100 })]);
    dbl = saved.tariffConfiguration.roomsTariff[0]!.uuid;
  });
  afterAll(() => t.close());

  const holidaysUrl = (b: { uuid: string }, query: string) =>
    `${businessesUrl}/${b.uuid}/holidays?${query}`;
  const get = (url: string, user: TestUser = owner) =>
    t.app.inject({ method: 'GET', url, headers: user.headers });
  const put = (url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url, headers: owner.headers, payload });
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: owner.headers, payload });

  it('lists the country’s holidays of the nights asked, with their Portuguese names and types', async () => {
    const res = await get(holidaysUrl(lisbon, 'from=2026-06-01&to=2026-12-31'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ country: 'PT', region: null, reason: null });
    const byDate = new Map<string, THoliday>(body.holidays.map((h: THoliday) => [h.date, h]));
    expect(byDate.get('2026-12-25')).toMatchObject({
      id: 'holiday:PT:2026-12-25',
      name: 'Natal',
      // The owner reads English: the library's English name comes along.
      translatedName: 'Christmas Day',
      type: 'public',
    });
    expect(byDate.get('2026-06-10')?.name).toMatch(/^Dia de Portugal/);
    expect(byDate.get('2026-12-24')).toMatchObject({ name: 'Noite de Natal', type: 'observance' });
    // Nothing outside the nights asked (1 January is a holiday too).
    expect([...byDate.keys()].every((d) => d >= '2026-06-01' && d <= '2026-12-31')).toBe(true);
    expect([...byDate.keys()]).toEqual([...byDate.keys()].sort());
  });

  it('adds the region’s own holidays to the country’s, and checks the region against the country', async () => {
    const munich = await createBusiness(t, owner, { country: 'DE', region: 'by' });
    expect(munich.region).toBe('BY');
    const germany = await createBusiness(t, owner, { country: 'DE' });
    const dates = async (b: TBusiness) =>
      (await get(holidaysUrl(b, 'from=2026-01-01&to=2026-01-10')))
        .json()
        .holidays.map((h: THoliday) => h.date);
    // Epiphany (6 January) is a holiday in Bavaria, not in Germany as a whole.
    expect(await dates(munich)).toEqual(['2026-01-01', '2026-01-06']);
    expect(await dates(germany)).toEqual(['2026-01-01']);

    const regions = await get('/api/v1/holidays/regions?country=de');
    expect(regions.json().regions).toContainEqual({ code: 'BY', name: 'Bayern' });

    // Portugal has no region in the library; a region of another country is refused.
    const { version } = (await get(`${businessesUrl}/${lisbon.uuid}`)).json().business;
    const bad = await put(`${businessesUrl}/${lisbon.uuid}`, { region: 'BY', version });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'validation_failed',
      details: [{ path: 'region', code: 'invalid_region' }],
    });
    // A new country without a region drops the old one.
    const moved = await put(`${businessesUrl}/${munich.uuid}`, {
      country: 'FR',
      version: munich.version,
    });
    expect(moved.json().business).toMatchObject({ country: 'FR', region: null });
  });

  it('answers an empty list with its reason for a business without a country', async () => {
    const nowhere = await createBusiness(t, owner, {});
    const res = await get(holidaysUrl(nowhere, 'from=2026-12-01&to=2026-12-31'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ country: null, region: null, holidays: [], reason: 'no_country' });
  });

  it('refuses a bad range naming the field, and another tenant’s business as missing', async () => {
    const reversed = await get(holidaysUrl(lisbon, 'from=2026-12-31&to=2026-01-01'));
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.details[0]).toMatchObject({
      path: 'query.to',
      code: 'range_reversed',
    });
    const long = await get(holidaysUrl(lisbon, 'from=2026-01-01&to=2028-01-03'));
    expect(long.json().error.details[0]).toMatchObject({
      path: 'query.to',
      code: 'range_too_long',
    });
    const missing = await get(holidaysUrl(lisbon, 'to=2026-01-01'));
    expect(missing.json().error.details[0]).toMatchObject({ path: 'query.from', code: 'required' });
    const foreign = await get(holidaysUrl(lisbon, 'from=2026-12-01&to=2026-12-31'), stranger);
    expect(foreign.statusCode).toBe(404);
    const foreignSeason = await t.app.inject({
      method: 'POST',
      url: `${businessesUrl}/${lisbon.uuid}/holidays/season`,
      headers: stranger.headers,
      payload: { date: '2026-12-25' },
    });
    expect(foreignSeason.statusCode).toBe(404);
  });

  it('raises holiday nights by the rule, widened by the nights before, named in the breakdown', async () => {
    // Public holidays +20 %, observances 0 % (left out), and the night before each holiday too.
    const saved = await put(tariffUrl(lisbon, 'settings'), {
      settings: {
        holidayRule: {
          enabled: true,
          adjustments: { public: 20, bank: 0, school: 0, optional: 0, observance: 0 },
          nightsBefore: 1,
          nightsAfter: 0,
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await get(
      `${businessesUrl}/${lisbon.uuid}/prices?from=2026-12-22&to=2026-12-31&roomUuid=${dbl}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const cells = new Map<string, TPriceCell>(
      res.json().prices.map((c: TPriceCell) => [c.date, c]),
    );
    const price = (date: string) => cells.get(date)!.recommendedPrice;
    // 100 × 1.20 = 120 on Christmas and on the night before it (an observance at 0 % itself).
    expect(price('2026-12-25')).toBe(120);
    expect(price('2026-12-24')).toBe(120);
    expect(cells.get('2026-12-24')!.eventId).toBe('holiday:PT:2026-12-25');
    expect(cells.get('2026-12-25')!.breakdown).toEqual([
      expect.objectContaining({
        step: 'event',
        label: 'Natal',
        refId: 'holiday:PT:2026-12-25',
        before: 100,
        after: 120,
      }),
    ]);
    expect(price('2026-12-23')).toBe(100);
    expect(price('2026-12-26')).toBe(100);
    // New Year's Day is next year, out of the range, but its night before is in it.
    expect(price('2026-12-31')).toBe(120);
    expect(cells.get('2026-12-31')!.breakdown[0]!.label).toBe('Ano Novo');
  });

  it('turns a holiday into a one-night season at its type’s percent, and refuses a plain day', async () => {
    const res = await post(`${businessesUrl}/${lisbon.uuid}/holidays/season`, {
      date: '2026-06-10',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().sazonality).toMatchObject({
      startDate: '2026-06-10',
      endDate: '2026-06-10',
      adjustmentType: 'percent',
      value: 20,
      roomUuids: [],
      weekdays: [],
    });
    expect(res.json().sazonality.name).toMatch(/^Dia de Portugal/);
    expect(res.json().business.tariffConfiguration.sazonalities).toHaveLength(1);

    const plain = await post(`${businessesUrl}/${lisbon.uuid}/holidays/season`, {
      date: '2026-06-11',
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error.details[0]).toMatchObject({ path: 'date', code: 'not_a_holiday' });
  });
});
