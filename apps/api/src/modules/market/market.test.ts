import type { TBusiness, TCompetitor, TPriceCell } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { createBusiness, roomInput, saveRooms, tariffUrl } from '../../../test/business-factories';
import { multipartBody, tokensUrl } from '../../../test/booking-factories';

/**
 * Competitors, their rates and the market step against figures worked out by hand. "Now" is
 * 2026-03-02 12:00 UTC (Lisbon: today is the 2nd); rates are fresh for 7 days. The double (DBL,
 * 100.00 in 60…250) is compared with the competitors' `Double` rooms:
 *
 * - 2026-07-06: Alfa 150, Beta 140, Gama 170 for `Double` and 160 for `Double Deluxe` (both mapped:
 *   the lowest counts, 160), Delta 300 but observed a month ago (stale, ignored). Median of
 *   140/150/160 = 150, low 140, high 160, 3 competitors → band [135, 165] moves 100 to 135.
 * - 2026-07-07: Alfa 150, Beta 140 only → 2 competitors, fewer than 3: left alone at 100.
 */
const now = new Date('2026-03-02T12:00:00Z');
const fresh = '2026-03-01T10:00:00Z';
const N1 = '2026-07-06';
const N2 = '2026-07-07';

describe('market API', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let business: TBusiness;
  let dbl: string;
  const competitors: Record<string, TCompetitor> = {};

  const url = (rest: string, b: { uuid: string } = business) =>
    `/api/v1/businesses/${b.uuid}/${rest}`;
  const call = (
    user: { headers: Record<string, string> },
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: object,
  ) => t.app.inject({ method, url: path, headers: user.headers, payload });
  const importCsv = (
    csv: string,
    query = '',
    user: { headers: Record<string, string> } = owner,
  ) => {
    const body = multipartBody({}, [{ content: csv, filename: 'rates.csv' }]);
    return t.app.inject({
      method: 'POST',
      url: url(`competitor-rates/import${query}`),
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const cellOf = async (date: string): Promise<TPriceCell> => {
    const res = await call(owner, 'GET', url(`prices?from=${date}&to=${date}&roomUuid=${dbl}`));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().prices[0];
  };

  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t);
    stranger = await createUser(t);
    business = await createBusiness(t, owner, { timezone: 'Europe/Lisbon' });
    const saved = await saveRooms(t, owner, business, [roomInput({ code: 'DBL', basePrice: 100 })]);
    dbl = saved.tariffConfiguration.roomsTariff[0]!.uuid;
    const settings = await call(owner, 'PUT', tariffUrl(business, 'settings'), {
      settings: {
        market: {
          enabled: true,
          belowPercent: 10,
          abovePercent: 10,
          minCompetitors: 3,
          maxAgeDays: 7,
        },
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
  });
  afterAll(() => t.close());

  describe('competitors', () => {
    it('creates, lists and edits competitors with their category mappings', async () => {
      for (const [name, categories] of [
        ['Alfa', ['Double']],
        ['Beta', ['double']],
        ['Gama', ['Double', 'Double Deluxe']],
        ['Delta', ['Double']],
      ] as const) {
        const res = await call(owner, 'POST', url('competitors'), {
          name,
          url: `https://${name.toLowerCase()}.example`,
          stars: 3,
          roomMappings: categories.map((category) => ({ category, roomUuid: dbl })),
        });
        expect(res.statusCode, res.body).toBe(201);
        competitors[name] = res.json().competitor;
      }
      const edited = await call(owner, 'PUT', url(`competitors/${competitors.Alfa!.uuid}`), {
        name: 'Alfa Hotel',
        stars: 4,
        roomMappings: [{ category: 'Double', roomUuid: dbl }],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().competitor).toMatchObject({ name: 'Alfa Hotel', url: null, stars: 4 });
      const list = await call(owner, 'GET', url('competitors'));
      expect(list.json().competitors.map((c: TCompetitor) => c.name)).toEqual([
        'Alfa Hotel',
        'Beta',
        'Delta',
        'Gama',
      ]);
    });

    it('refuses bad fields by name, an unknown room type, and a competitor of another tenant', async () => {
      const bad = await call(owner, 'POST', url('competitors'), {
        name: ' ',
        url: 'ftp://files.example',
        stars: 6,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('validation_failed');
      expect(
        bad
          .json()
          .error.details.map((d: { path: string }) => d.path)
          .sort(),
      ).toEqual(['name', 'stars', 'url']);
      const unknownRoom = await call(owner, 'POST', url('competitors'), {
        name: 'Épsilon',
        roomMappings: [{ category: 'Double', roomUuid: crypto.randomUUID() }],
      });
      expect(unknownRoom.statusCode).toBe(400);
      expect(unknownRoom.json().error.details).toMatchObject([
        { path: 'roomMappings.0.roomUuid', code: 'unknown_room' },
      ]);
      expect((await call(stranger, 'GET', url('competitors'))).statusCode).toBe(404);
      const theirs = await createBusiness(t, stranger);
      const elsewhere = await call(
        stranger,
        'PUT',
        url(`competitors/${competitors.Beta!.uuid}`, theirs),
        { name: 'Taken' },
      );
      expect(elsewhere.statusCode).toBe(404);
      expect((await call(owner, 'GET', url('competitors'))).json().competitors).toHaveLength(4);
    });
  });

  describe('importing rates from a CSV', () => {
    const header = 'competitor,category,date,price,sold_out,observed_at';
    const good = [
      `Alfa Hotel,Double,${N1},150,,${fresh}`,
      `beta,Double,${N1},140,false,${fresh}`,
      `Gama,Double,${N1},170,,${fresh}`,
      `Gama,Double Deluxe,${N1},160,,${fresh}`,
      `Delta,Double,${N1},300,,2026-02-01T10:00:00Z`,
      `Alfa Hotel,Double,${N2},150,,${fresh}`,
      `Beta,Double,${N2},140,,${fresh}`,
      `Gama,Double,${N2},,true,${fresh}`,
    ];

    it('writes nothing when a row is bad (all or nothing), naming each bad row and column', async () => {
      const bad = [
        `Alfa Hotel,Double,2026-02-30,150,,`,
        `Zeta,Double,${N1},99,,`,
        `Beta,Double,${N1},99.999,,`,
      ];
      const res = await importCsv([header, ...good, ...bad].join('\n'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        total: 11,
        written: 0,
        rejected: 3,
        failure: { code: 'invalid_rows' },
        errors: [
          { row: 10, column: 'date', code: 'invalid_date' },
          { row: 11, column: 'competitor', code: 'unknown_competitor' },
          { row: 12, column: 'price', code: 'invalid_price' },
        ],
      });
      const rates = await call(owner, 'GET', url(`competitor-rates?from=${N1}&to=${N2}`));
      expect(rates.json().rates).toEqual([]);
    });

    it('refuses a file holding a NUL or bytes that are not UTF-8, naming the line, and writes nothing', async () => {
      // Past the first 4 KB, where the file was once taken for CSV and the NUL reached the insert.
      const filler = Array.from({ length: 80 }, () => good[0]!);
      const nul = await importCsv(
        [header, ...filler, `Alfa Hotel,Dou\u0000ble,${N1},150,,`].join('\n'),
      );
      expect(nul.statusCode, nul.body).toBe(400);
      expect(nul.json().error.details).toEqual([
        expect.objectContaining({ path: 'file', code: 'invalid_text', params: { line: 82 } }),
      ]);
      const latin1 = Buffer.concat([
        Buffer.from(`${header}\n${good[0]}\n`),
        Buffer.from([0x43, 0x61, 0x73, 0x61, 0xe9, 0x2c]), // "Casaé," in Latin-1
        Buffer.from(`Double,${N1},150,,\n`),
      ]);
      const body = multipartBody({}, [{ content: latin1, filename: 'rates.csv' }]);
      const broken = await t.app.inject({
        method: 'POST',
        url: url('competitor-rates/import'),
        headers: { ...owner.headers, ...body.headers },
        payload: body.payload,
      });
      expect(broken.statusCode, broken.body).toBe(400);
      expect(broken.json().error.details[0]).toMatchObject({ path: 'file', params: { line: 3 } });
      const rates = await call(owner, 'GET', url(`competitor-rates?from=${N1}&to=${N2}`));
      expect(rates.json().rates).toEqual([]);
    });

    it('writes the valid rows when asked to skip the bad ones, creating a missing competitor if asked', async () => {
      const res = await importCsv(
        [header, ...good, `Alfa Hotel,Double,2026-02-30,150,,`, `Zeta,Suite,${N1},99,,`].join('\n'),
        '?mode=skip_invalid&createCompetitors=true',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        total: 10,
        written: 9,
        ignored: 0,
        rejected: 1,
        createdCompetitors: ['Zeta'],
        failure: null,
      });
      const rates = (await call(owner, 'GET', url(`competitor-rates?from=${N1}&to=${N1}`))).json()
        .rates as { competitor: string; price: number; stale: boolean; roomUuids: string[] }[];
      expect(rates).toHaveLength(6);
      expect(rates.find((r) => r.competitor === 'Delta')).toMatchObject({
        price: 300,
        stale: true,
      });
      expect(rates.find((r) => r.competitor === 'Zeta')).toMatchObject({ roomUuids: [] });
    });

    it('keeps the newer observation of a cell and ignores an older one', async () => {
      const older = await importCsv(
        [header, `Beta,Double,${N1},90,,2026-02-28T10:00:00Z`].join('\n'),
      );
      expect(older.json()).toMatchObject({ written: 0, ignored: 1 });
      const beta = (await call(owner, 'GET', url(`competitor-rates?from=${N1}&to=${N1}`)))
        .json()
        .rates.find((r: { competitor: string }) => r.competitor === 'Beta');
      expect(beta).toMatchObject({ price: 140, observedAt: '2026-03-01T10:00:00.000Z' });
    });
  });

  describe('the market step in the prices', () => {
    it('moves a price into the band around the median of the fresh rates, naming it', async () => {
      const cell = await cellOf(N1);
      expect(cell.recommendedPrice).toBe(135);
      expect(cell.market).toEqual({
        median: 150,
        low: 140,
        high: 160,
        competitors: 3,
        step: 'moved',
      });
      expect(cell.breakdown).toEqual([
        expect.objectContaining({
          step: 'market',
          before: 100,
          after: 135,
          market: { median: 150, competitors: 3 },
        }),
      ]);
      const chart = await call(owner, 'GET', url(`market?from=${N1}&to=${N2}`));
      expect(chart.json().nights).toEqual([
        { roomUuid: dbl, date: N1, median: 150, low: 140, high: 160, competitors: 3, price: 135 },
        { roomUuid: dbl, date: N2, median: 145, low: 140, high: 150, competitors: 2, price: 100 },
      ]);
    });

    it('leaves a night with fewer competitors than the minimum alone', async () => {
      const cell = await cellOf(N2);
      expect(cell.recommendedPrice).toBe(100);
      expect(cell.breakdown).toEqual([]);
      expect(cell.market).toMatchObject({ competitors: 2, step: 'too_few_competitors' });
    });
  });

  describe('pushing rates with an integration token', () => {
    const tokenWith = async (scopes: string[]) => {
      const res = await call(owner, 'POST', tokensUrl(business), {
        name: scopes.join('+'),
        scopes,
      });
      expect(res.statusCode, res.body).toBe(201);
      return { headers: { authorization: `Bearer ${res.json().token}` } };
    };

    it('takes rates from a token with the market scope and refuses one without it', async () => {
      const market = await tokenWith(['market']);
      const bookings = await tokenWith(['bookings', 'prices']);
      const rate = {
        competitorUuid: competitors.Delta!.uuid,
        category: 'Double',
        date: N2,
        price: 200,
        observedAt: '2026-03-02T09:00:00Z',
      };
      const refused = await call(bookings, 'PUT', url('competitor-rates'), { rates: [rate] });
      expect(refused.statusCode).toBe(403);
      const bad = await call(market, 'PUT', url('competitor-rates'), {
        rates: [rate, { ...rate, competitorUuid: crypto.randomUUID() }],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details).toMatchObject([
        { path: 'rates.1.competitorUuid', code: 'unknown_competitor' },
      ]);
      const res = await call(market, 'PUT', url('competitor-rates'), { rates: [rate] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ written: 1, ignored: 0 });
      // A third competitor on the 7th: 140/150/200, median 150 → 100 is raised to 135.
      expect((await cellOf(N2)).recommendedPrice).toBe(135);
    });

    it('lets a token import rates for listed competitors only, never create one', async () => {
      const market = await tokenWith(['market']);
      const csv = (name: string) =>
        // A category no room type follows: the market figures of the tests after stay as they are.
        ['competitor,category,date,price', `${name},Penthouse,${N2},180`].join('\n');
      const creating = await importCsv(csv('Omega'), '?createCompetitors=true', market);
      expect(creating.statusCode, creating.body).toBe(403);
      const listed = await call(owner, 'GET', url('competitors'));
      expect(listed.json().competitors.map((c: TCompetitor) => c.name)).not.toContain('Omega');
      const known = await importCsv(csv('Alfa Hotel'), '', market);
      expect(known.statusCode, known.body).toBe(200);
      expect(known.json()).toMatchObject({ written: 1, rejected: 0 });
      // The owner's import keeps the name rule of the owner's own call.
      const long = await importCsv(
        csv('x'.repeat(121)),
        '?createCompetitors=true&mode=skip_invalid',
      );
      expect(long.json()).toMatchObject({
        written: 0,
        createdCompetitors: [],
        errors: [{ row: 2, column: 'competitor', code: 'too_long' }],
      });
    });

    it('answers 404 for another business, whatever the scope', async () => {
      const res = await call(stranger, 'GET', url(`market?from=${N1}&to=${N1}`));
      expect(res.statusCode).toBe(404);
    });
  });

  describe('deleting a competitor', () => {
    it('removes its rates, and the market figures follow', async () => {
      const res = await call(owner, 'DELETE', url(`competitors/${competitors.Gama!.uuid}`));
      expect(res.statusCode, res.body).toBe(204);
      const rates = (await call(owner, 'GET', url(`competitor-rates?from=${N1}&to=${N2}`))).json()
        .rates as { competitor: string }[];
      expect(rates.some((r) => r.competitor === 'Gama')).toBe(false);
      // 6 July: Alfa 150 and Beta 140 are left (Delta is stale): too few to move the price.
      expect((await cellOf(N1)).market).toMatchObject({ competitors: 2, median: 145 });
    });
  });
});
