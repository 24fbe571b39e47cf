import { describe, expect, it } from 'vitest';
import { drawSeason, type Request, type SeasonDraw } from './draw';
import { fixedPolicy } from './policies';
import { optimumPolicy } from './programs';
import { runSeason, type Booking, type Books, type Policy } from './run';
import type { Scenario } from './scenario';
import { scenarios } from './scenarios';

const base = scenarios.find((s) => s.name === 'base')!;

/** Two rooms of one type over five nights, booked up to three days ahead. */
const tiny: Scenario = {
  ...base,
  name: 'tiny',
  nights: 5,
  bookingWindow: 3,
  roomTypes: [{ id: 'room', rooms: 2, priceFactor: 1, share: 1 }],
  seasons: [],
};

/** A request of the tiny hotel; nothing cancelled, everyone comes, unless said. */
function request(
  day: number,
  arrival: number,
  nights: number,
  wtp: number,
  more: Partial<Request> = {},
): Request {
  return { day, roomType: 0, arrival, nights, wtp, cancelDay: null, noShow: false, ...more };
}

const drawOf = (requests: Request[]): SeasonDraw => ({
  levels: new Float64Array(tiny.nights).fill(1),
  requests,
});

/** Posts `prices` every day and keeps the books it was shown (the runner updates them). */
function posting(prices: number[]): Policy & { books?: Books } {
  const posted = [Float64Array.from(prices)];
  const policy: Policy & { books?: Books } = {
    name: 'posting',
    post(_, books) {
      policy.books = books;
      return posted;
    },
  };
  return policy;
}

describe('runSeason', () => {
  it('books a request only with a room free on every night and the price within its means', () => {
    const policy = posting([100, 100, 100, 100, 100]);
    const outcome = runSeason(
      tiny,
      drawOf([
        request(-3, 0, 2, 120), // books nights 0–1
        request(-2, 1, 2, 90), // cannot pay 100 a night
        request(-2, 1, 1, 150, { cancelDay: -1 }), // books night 1, which is full, until day −1
        request(-2, 0, 3, 200), // night 1 is full: refused
        request(0, 1, 3, 100), // night 1 free again; pays exactly what it would
        request(1, 2, 1, 150, { cancelDay: 1 }), // books night 2 and cancels the same day
        request(1, 4, 1, 300, { noShow: true }), // books, never comes
        request(2, 2, 1, 150), // night 2 has a room again
        request(2, 4, 1, 300), // the last room of night 4
        request(3, 4, 1, 300), // the no-show's room is not sold again
      ]),
      policy,
    );
    const { sold, bookings } = policy.books!;
    expect([...sold[0]!]).toEqual([1, 2, 2, 1, 2]);
    const made = (b: Booking) => [b.day, b.arrival, b.nights, b.cancelledDay];
    expect(bookings.map(made)).toEqual([
      [-3, 0, 2, null],
      [-2, 1, 1, -1],
      [0, 1, 3, null],
      [1, 2, 1, 1],
      [1, 4, 1, null],
      [2, 2, 1, null],
      [2, 4, 1, null],
    ]);
    // Paying: 2 + 3 + 1 + 1 nights at 100; the cancelled and the no-show pay nothing.
    expect(outcome).toEqual({
      revenue: 700,
      roomNights: 7,
      occupancy: 7 / 10,
      adr: 100,
      bookings: 7,
      cancelled: 2,
    });
  });

  it('charges the sum of the posted prices of the stay, which is what must fit the budget', () => {
    const policy = posting([80, 130, 100, 100, 100]);
    // 80 + 130 = 210 = 2 × 105: booked, though the second night alone costs more than 105.
    const outcome = runSeason(
      tiny,
      drawOf([request(-1, 0, 2, 105), request(-1, 1, 1, 129)]),
      policy,
    );
    expect(policy.books!.bookings).toHaveLength(1);
    expect(policy.books!.bookings[0]!.pricePerNight).toBe(105);
    expect(outcome.revenue).toBe(210);
  });

  it('gives an ADR of the fixed price when one price is all there is', () => {
    const oneRoomType: Scenario = {
      ...base,
      roomTypes: [{ id: 'double', rooms: 14, priceFactor: 1, share: 1 }],
      seasons: [],
    };
    const draw = drawSeason(oneRoomType, 5);
    const outcome = runSeason(oneRoomType, draw, fixedPolicy([[120]])(oneRoomType, draw));
    expect(outcome.roomNights).toBeGreaterThan(1000);
    expect(outcome.adr).toBeCloseTo(120, 9);
    expect(outcome.revenue).toBeCloseTo(120 * outcome.roomNights, 6);
  });

  it('earns the same on the same seed and something else on another', () => {
    const revenue = (seed: number) => {
      const draw = drawSeason(base, seed);
      return runSeason(base, draw, optimumPolicy(base, draw)).revenue;
    };
    expect(revenue(11)).toBe(revenue(11));
    expect(revenue(12)).not.toBe(revenue(11));
  });
});
