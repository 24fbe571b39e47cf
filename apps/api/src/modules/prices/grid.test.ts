import { cellsOfGrid, type TBusiness, type TPricesGrid } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessesUrl } from '../../../test/business-factories';
import { demoTestApp } from '../../../test/demo-factories';
import type { TestUser } from '../../../test/factories';
import type { TestApp } from '../../../test/helpers';

/**
 * `GET …/prices?shape=grid` (docs/pricing.md, "The grid"): the demo hotel's calendar — seasons,
 * events, bookings, competitors' rates, rate plans, a manual price — laid out by room type and
 * night is the same cells as the default answer once `cellsOfGrid` turns it back, whatever the
 * query, at a small part of the size.
 */
describe('the prices grid', () => {
  let t: TestApp;
  let owner: TestUser;
  let demo: TBusiness;
  const now = new Date('2026-03-02T10:00:00Z');

  beforeAll(async () => {
    ({ t, owner, demo } = await demoTestApp(() => now));
    const room = demo.tariffConfiguration.roomsTariff[0]!;
    const set = await t.app.inject({
      method: 'PUT',
      url: `${businessesUrl}/${demo.uuid}/prices/overrides`,
      headers: owner.headers,
      payload: {
        overrides: [
          { roomUuid: room.uuid, from: '2026-04-10', to: '2026-04-12', price: 99 },
          { roomUuid: room.uuid, from: '2026-05-01', to: '2026-05-01', price: 9999 },
        ],
      },
    });
    expect(set.statusCode, set.body).toBe(200);
  }, 120_000);
  afterAll(() => t.close());

  const get = (query: string) =>
    t.app.inject({
      method: 'GET',
      url: `${businessesUrl}/${demo.uuid}/prices?${query}`,
      headers: owner.headers,
    });

  async function both(query: string) {
    const cells = await get(query);
    expect(cells.statusCode, cells.body).toBe(200);
    const grid = await get(`${query}&shape=grid`);
    expect(grid.statusCode, grid.body).toBe(200);
    return { cells, grid, expanded: cellsOfGrid(grid.json() as TPricesGrid) };
  }

  it('lays out a year of every room type as the same cells, a tenth of the size or less', async () => {
    const { cells, grid, expanded } = await both('from=2026-03-02&to=2027-03-01');
    const list = cells.json().prices;
    expect(list.length).toBe(365 * demo.tariffConfiguration.roomsTariff.length);
    expect(expanded).toEqual(list);
    // What makes the year: manual prices (one out of bounds), seasons, events, competitors.
    expect(list.filter((c: { override: unknown }) => c.override !== null)).toHaveLength(4);
    const laidOut = grid.json() as TPricesGrid;
    expect(laidOut.rooms[0]!.overrides).toContainEqual([60, 9999, true]);
    expect(laidOut.seasons.length).toBeGreaterThan(1);
    expect(laidOut.events.length).toBeGreaterThan(0);
    expect(laidOut.rooms.some((room) => room.market.length > 0)).toBe(true);
    expect(grid.rawPayload.length).toBeLessThanOrEqual(cells.rawPayload.length / 10);
  });

  it('answers a rate plan for some guests, every plan’s rates, and one room type the same way', async () => {
    const room = demo.tariffConfiguration.roomsTariff[1]!;
    for (const query of [
      'from=2026-06-01&to=2026-06-30&ratePlan=nr&guests=1',
      'from=2026-07-01&to=2026-07-14&rates=all&nights=3',
      `from=2026-08-01&to=2026-08-31&roomUuid=${room.uuid}`,
    ]) {
      const { cells, expanded } = await both(query);
      expect(expanded, query).toEqual(cells.json().prices);
      expect(expanded.length, query).toBeGreaterThan(0);
    }
  });

  it('refuses an unknown shape, naming it', async () => {
    const res = await get('from=2026-03-02&to=2026-03-08&shape=columns');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0]).toMatchObject({ path: 'query.shape' });
  });
});
