import { describe, expect, it } from 'vitest';
import { addDays, dayNumber } from './dates';
import {
  backtest,
  bookingCurves,
  forecastErrors,
  forecastHistoryStart,
  forecastNights,
  lastYearNights,
  recentNights,
  shareForecast,
  type BookingCurveRow,
  type BookingCurves,
} from './forecast';

/** What happened to one night's books: rooms added (or removed, negative) `lead` days before it. */
type Move = [lead: number, rooms: number];

/** Booking-curve rows: every night from `from` to `to` with the moves `movesOf(night)` gives. */
function rowsFor(from: string, to: string, movesOf: (night: string) => Move[]): BookingCurveRow[] {
  const rows: BookingCurveRow[] = [];
  for (let night = from; night <= to; night = addDays(night, 1)) {
    const moves = movesOf(night);
    rows.push({ night, leads: moves.map(([lead]) => lead), rooms: moves.map(([, r]) => r) });
  }
  return rows;
}

const ROOMS = 10;
// 2026-06-01 is a Monday.
const AS_OF = '2026-06-01';
const day = (date: string) => dayNumber(date);
/** The forecast of one night as of AS_OF. */
const forecastOf = (curves: BookingCurves, night: string) =>
  forecastNights({ curves, asOf: AS_OF, roomsAvailable: ROOMS, from: night, to: night })[0]!;

describe('bookingCurves', () => {
  // Night A: 3 rooms booked 20 days before, 2 more 5 days before, 1 of them cancelled 2 days
  // before, 1 more booked the day after the night (late entry): final 3 + 2 − 1 + 1 = 5.
  const curves = bookingCurves(
    [
      {
        night: '2026-05-10',
        leads: [5, 20, 2, -1],
        rooms: [2, 3, -1, 1],
      },
    ],
    '2026-01-01',
  );

  it('answers what was on the books as of each lead, and the final', () => {
    const night = day('2026-05-10');
    expect(curves.onTheBooks(night, 30)).toBe(0);
    expect(curves.onTheBooks(night, 20)).toBe(3);
    expect(curves.onTheBooks(night, 6)).toBe(3);
    expect(curves.onTheBooks(night, 5)).toBe(5);
    expect(curves.onTheBooks(night, 2)).toBe(4);
    expect(curves.onTheBooks(night, 0)).toBe(4);
    expect(curves.final(night)).toBe(5);
  });

  it('answers 0 for a night without bookings', () => {
    expect(curves.onTheBooks(day('2026-05-11'), 0)).toBe(0);
    expect(curves.final(day('2026-05-11'))).toBe(0);
    expect(curves.start).toBe(day('2026-01-01'));
  });
});

describe('the nights the model learns from', () => {
  const curves = bookingCurves([], '2025-05-01');

  it('takes last year 364 days back, two weeks either side, only nights already past', () => {
    // Night 2026-06-08 (a Monday) as of 1 June: aligned night 2025-06-09, Mondays around it.
    const nights = lastYearNights(curves, day(AS_OF), day('2026-06-08'));
    expect(nights).toEqual(
      ['2025-05-26', '2025-06-02', '2025-06-09', '2025-06-16', '2025-06-23'].map(day),
    );
    // A night 360 days ahead: its aligned night is 4 days before "as of"; the weeks after it are
    // not known yet.
    const far = addDays(AS_OF, 360);
    expect(lastYearNights(curves, day(AS_OF), day(far))).toEqual(
      [-18, -11, -4].map((d) => day(addDays(AS_OF, d))),
    );
    // 400 days ahead: 364 back is still ahead, so 728 back.
    const farther = addDays(AS_OF, 400);
    expect(lastYearNights(curves, day(AS_OF), day(farther))[2]).toBe(day(addDays(farther, -728)));
  });

  it('takes the last eight nights of the weekday before "as of", none before history starts', () => {
    const recent = recentNights(curves, day(AS_OF), day('2026-06-01'));
    expect(recent).toEqual([7, 14, 21, 28, 35, 42, 49, 56].map((d) => day(AS_OF) - d));
    // Sunday 7 June: the Sunday just before 1 June is 31 May.
    expect(recentNights(curves, day(AS_OF), day('2026-06-07'))[0]).toBe(day('2026-05-31'));
    const young = bookingCurves([], '2026-05-10');
    expect(recentNights(young, day(AS_OF), day('2026-06-01'))).toEqual([
      day('2026-05-25'),
      day('2026-05-18'),
      day('2026-05-11'),
    ]);
  });
});

describe('forecastNights', () => {
  // Every night of the last two years: 4 rooms booked 20 days before it, 2 more 5 days before:
  // 6 rooms in the end, 4 of them on the books 7 days before.
  const steadyWith = (...nights: BookingCurveRow[]) =>
    bookingCurves(
      [
        ...rowsFor(addDays(AS_OF, -730), addDays(AS_OF, -1), () => [
          [20, 4],
          [5, 2],
        ]),
        ...nights,
      ],
      addDays(AS_OF, -730),
    );
  const steady = steadyWith();

  it('blends the methods by hand: a night with more on the books than usual', () => {
    // 8 June (7 days ahead) already has 7 rooms. Last year's and recent nights picked up 2 rooms
    // from 7 days before: 7 + 2 = 9 (both pickups). They sold 2 of their 6 unsold rooms (1/3):
    // 7 + 3 × 1/3 = 8. Last year's nights sold 6, below the 7 on the books: 7. Every method was
    // exact on the learning nights (which looked like the history), so they weigh alike:
    // (9 + 9 + 8 + 7) ÷ 4 = 8.25, with no error to make a band of.
    const curves = steadyWith({ night: '2026-06-08', leads: [10], rooms: [7] });
    const night = forecastOf(curves, '2026-06-08');
    expect(night).toEqual({
      date: '2026-06-08',
      onTheBooks: 7,
      forecast: 8.25,
      low: 8.25,
      high: 8.25,
    });
  });

  it('answers what a past night sold, and a night with nothing booked its usual final', () => {
    const nights = forecastNights({
      curves: steady,
      asOf: AS_OF,
      roomsAvailable: ROOMS,
      from: '2026-05-31',
      to: '2026-06-30',
    });
    expect(nights[0]).toEqual({ date: '2026-05-31', onTheBooks: 6, forecast: 6, low: 6, high: 6 });
    // 30 June, 29 days ahead, nothing booked yet: every method says 6 (fill: 6 of 10 unsold).
    expect(nights[30]).toEqual({ date: '2026-06-30', onTheBooks: 0, forecast: 6, low: 6, high: 6 });
  });

  it('never forecasts more rooms than the business has, nor less than an overbooked night fills', () => {
    const curves = steadyWith(
      { night: '2026-06-02', leads: [30], rooms: [9] },
      { night: '2026-06-03', leads: [30], rooms: [12] },
    );
    const [nine, twelve] = forecastNights({
      curves,
      asOf: AS_OF,
      roomsAvailable: ROOMS,
      from: '2026-06-02',
      to: '2026-06-03',
    });
    expect(nine!.forecast).toBeLessThanOrEqual(ROOMS);
    expect(nine!.high).toBeLessThanOrEqual(ROOMS);
    expect(twelve).toMatchObject({ onTheBooks: 12, forecast: ROOMS, high: ROOMS });
  });

  it('without history, forecasts what is on the books, with every room as the top of its band', () => {
    const curves = bookingCurves([{ night: '2026-06-10', leads: [40], rooms: [3] }], '2026-06-10');
    const night = forecastOf(curves, '2026-06-10');
    expect(night).toEqual({ date: '2026-06-10', onTheBooks: 3, forecast: 3, low: 3, high: ROOMS });
  });
});

describe('backtest', () => {
  // Until P, nights sold 4 rooms booked 40 days before; from P on, 2 more rooms 10 days before.
  // As of 1 June, P 300 days earlier: every back-tested night (the 90 before 1 June, each
  // forecast 30 days before it) has its last year's nights before P and its recent nights after.
  const P = addDays(AS_OF, -300);
  const start = addDays(AS_OF, -700);
  const moves = (night: string): Move[] =>
    night < P
      ? [[40, 4]]
      : [
          [40, 4],
          [10, 2],
        ];
  const curves = bookingCurves(rowsFor(start, addDays(AS_OF, -1), moves), start);

  it('scores the model and the seasonal-naive baseline on the 90 nights before "as of"', () => {
    // Thirty days before, 4 rooms are on the books. Last year's pickup, fill and final all say
    // 4 (last year picked up nothing after 40 days); the recent pickup says 6. On the learning
    // nights (sold 6) the first three missed by 2 (squared error 4) and the recent pickup by 0
    // (counted as 0.25): weights 1/4, 1/4, 4, 1/4 → (3 × 4/4 + 6 × 4) ÷ 4.75 = 27/4.75.
    const forecast = 27 / 4.75;
    const accuracy = backtest(curves, AS_OF, ROOMS);
    expect(accuracy.nights).toBe(90);
    expect(accuracy.mape).toBeCloseTo((6 - forecast) / 6, 12);
    expect(accuracy.bias).toBeCloseTo((forecast - 6) / 6, 12);
    // The baseline: the same night 364 days earlier sold 4 of the 6.
    expect(accuracy.baselineMape).toBeCloseTo(1 / 3, 12);
    expect(accuracy.baselineBias).toBeCloseTo(-1 / 3, 12);
  });

  it('gives the same band to a night ahead: ± the error the learning nights had', () => {
    const night = addDays(AS_OF, 30);
    const curvesAhead = bookingCurves(
      [...rowsFor(start, addDays(AS_OF, -1), moves), { night, leads: [40], rooms: [4] }],
      start,
    );
    const forecast = 27 / 4.75;
    const answer = forecastOf(curvesAhead, night);
    expect(answer.forecast).toBeCloseTo(forecast, 12);
    expect(answer.low).toBeCloseTo(forecast - (6 - forecast), 12);
    expect(answer.high).toBeCloseTo(6, 12);
  });

  it('is reproducible and scores nothing without a year of history', () => {
    expect(backtest(curves, AS_OF, ROOMS)).toEqual(backtest(curves, AS_OF, ROOMS));
    const young = bookingCurves(
      rowsFor('2026-01-01', '2026-05-31', () => [[5, 3]]),
      '2026-01-01',
    );
    expect(backtest(young, AS_OF, ROOMS)).toEqual({
      nights: 0,
      mape: null,
      bias: null,
      baselineMape: null,
      baselineBias: null,
    });
  });

  it('reads no further back than forecastHistoryStart says', () => {
    // Cutting the history just before that night changes nothing.
    const from = forecastHistoryStart(AS_OF, addDays(AS_OF, 30));
    const cut = bookingCurves(rowsFor(from, addDays(AS_OF, -1), moves), start);
    expect(backtest(cut, AS_OF, ROOMS)).toEqual(backtest(curves, AS_OF, ROOMS));
    const ahead = { asOf: AS_OF, roomsAvailable: ROOMS, from: AS_OF, to: addDays(AS_OF, 30) };
    expect(forecastNights({ curves: cut, ...ahead })).toEqual(forecastNights({ curves, ...ahead }));
  });
});

describe('forecastErrors', () => {
  it('averages the relative errors, leaves out nights that sold nothing, biases on the totals', () => {
    expect(
      forecastErrors([
        { forecast: 12, actual: 10 },
        { forecast: 15, actual: 20 },
        { forecast: 3, actual: 0 },
      ]),
    ).toEqual({ nights: 2, mape: (0.2 + 0.25) / 2, bias: (12 + 15 - 30) / 30 });
    expect(forecastErrors([])).toEqual({ nights: 0, mape: null, bias: null });
  });
});

describe('shareForecast', () => {
  it('gives the rooms still to sell to the room types by their unsold rooms', () => {
    // Forecast 17.6 → 18 rooms; 10 on the books, so 8 more over 4 + 2 + 4 = 10 unsold rooms:
    // 3.2, 1.6, 3.2 → 3, 1, 3 and the one left to the largest remainder (1.6).
    expect(
      shareForecast(
        [
          { rooms: 10, onTheBooks: 6 },
          { rooms: 4, onTheBooks: 2 },
          { rooms: 6, onTheBooks: 2 },
        ],
        17.6,
      ),
    ).toEqual([9, 4, 5]);
  });

  it('keeps the books when nothing more is expected, and never passes a room type’s rooms', () => {
    const rooms = [
      { rooms: 5, onTheBooks: 5 },
      { rooms: 5, onTheBooks: 1 },
    ];
    expect(shareForecast(rooms, 6)).toEqual([5, 1]);
    expect(shareForecast(rooms, 12)).toEqual([5, 5]);
    expect(shareForecast([{ rooms: 3, onTheBooks: 4 }], 3)).toEqual([4]);
  });
});
