import type { TPriceCell } from '@tarifa/contract';
import {
  configurationFor,
  demoRules,
  drawSeason,
  nightDates,
  runSeason,
  scenarios,
  tarifaPolicy,
  type Books,
} from '@tarifa/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingInput, saveBookings } from '../../../test/booking-factories';
import {
  businessesUrl,
  createBusiness,
  saveRooms,
  tariffUrl,
} from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';

/**
 * The revenue bench scores Tarifa's engine inside the simulator (`tarifaPolicy`); these are the
 * same prices the product shows. A simulated season of the base hotel runs to day 100 (14 April
 * 2027) under the demo's rules; the same configuration is saved through the API, the rooms then
 * sold are booked through it, and `GET …/prices` for the next 60 nights answers what the
 * simulator posted that day, cell by cell.
 */
const base = scenarios.find((s) => s.name === 'base')!;
const DAY = 100;
const dates = nightDates(base);
const today = dates[DAY]!;
const now = new Date(`${today}T12:00:00Z`);
/** Prices per season (summer, shoulder, winter, outside) and room type (double, superior). */
const prices = [
  [240, 310],
  [150, 200],
  [100, 130],
  [120, 160],
];
const config = configurationFor(base, prices, demoRules);
const codes = ['DBL', 'SUP'];

/** The simulator's day: the books and what the policy posted. */
function simulatedDay() {
  const draw = drawSeason(base, 11);
  const policy = tarifaPolicy(config)(base, draw);
  let seen: { sold: number[][]; posted: number[][] } | null = null;
  runSeason(base, draw, {
    name: policy.name,
    post(day: number, books: Books) {
      const posted = policy.post(day, books);
      if (day === DAY) {
        seen = {
          sold: books.sold.map((byNight) => Array.from(byNight)),
          posted: posted.map((byNight) => Array.from(byNight)),
        };
      }
      return posted;
    },
  });
  return seen!;
}

describe('Tarifa’s engine in the simulator and in the API', () => {
  let t: TestApp;
  let owner: TestUser;
  let business: { uuid: string };
  let uuids: string[];
  const day = simulatedDay();

  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t);
    business = await createBusiness(t, owner, { timezone: 'Europe/Lisbon' });
    const saved = await saveRooms(
      t,
      owner,
      business,
      config.roomTypes.map((room, r) => ({
        name: base.roomTypes[r]!.id,
        code: codes[r]!,
        rooms: room.rooms,
        basePrice: room.basePrice / 100,
        minPrice: room.minPrice / 100,
        maxPrice: room.maxPrice / 100,
        derivedFrom: null,
      })),
    );
    uuids = codes.map(
      (code) => saved.tariffConfiguration.roomsTariff.find((room) => room.code === code)!.uuid,
    );
    const send = async (method: 'POST' | 'PUT', part: string, payload: object) => {
      const res = await t.app.inject({
        method,
        url: tariffUrl(business, part),
        headers: owner.headers,
        payload,
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    await send('PUT', 'settings', {
      settings: {
        weekdayAdjustments: config.settings.weekdayAdjustments,
        leadTimeRules: config.settings.leadTimeRules,
        rounding: config.settings.rounding,
      },
    });
    for (const season of config.seasons) {
      const r = config.roomTypes.findIndex((room) => room.uuid === season.roomUuids[0]);
      await send('POST', 'sazonalities', {
        sazonality: {
          name: `${season.name} ${codes[r]}`,
          color: '#ff9900',
          startDate: season.startDate,
          endDate: season.endDate,
          weekdays: [],
          roomUuids: [uuids[r]],
          adjustmentType: 'percent',
          value: season.value,
          priority: season.priority,
        },
      });
    }
    await send('POST', 'fluctuation-levels', {
      fluctuationLevel: { name: 'All rooms', roomUuids: [], levels: config.levelGroups[0]!.levels },
    });
    // The rooms sold on the books that day, one booking per room type and night.
    const bookings = day.sold.flatMap((byNight, r) =>
      byNight.flatMap((sold, n) =>
        sold > 0 && n >= DAY
          ? [
              bookingInput({
                roomCode: codes[r]!,
                arrival: dates[n]!,
                departure: n + 1 < dates.length ? dates[n + 1]! : '2028-01-03',
                rooms: sold,
                bookedAt: `${dates[DAY - 1]!}T10:00:00Z`,
                totalAmount: 100 * sold,
              }),
            ]
          : [],
      ),
    );
    expect(bookings.length).toBeGreaterThan(50);
    await saveBookings(t, owner, business, bookings);
  });
  afterAll(() => t.close());

  it('answers, night by night, the prices the simulator posted on the same books', async () => {
    const to = dates[DAY + 59]!;
    const res = await t.app.inject({
      method: 'GET',
      url: `${businessesUrl}/${business.uuid}/prices?from=${today}&to=${to}`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cells = res.json().prices as TPriceCell[];
    expect(cells).toHaveLength(2 * 60);
    const mismatches = cells.flatMap((cell) => {
      const r = uuids.indexOf(cell.roomUuid);
      const n = dates.indexOf(cell.date);
      const simulated = day.posted[r]![n]!;
      const price = cell.override?.price ?? cell.recommendedPrice;
      return price === simulated ? [] : [`${codes[r]} ${cell.date}: ${price} ≠ ${simulated}`];
    });
    expect(mismatches).toEqual([]);
    // The occupancy steps were at work: some nights sold enough to be priced up.
    expect(cells.some((cell) => cell.breakdown.some((entry) => entry.step === 'occupancy'))).toBe(
      true,
    );
  });
});
