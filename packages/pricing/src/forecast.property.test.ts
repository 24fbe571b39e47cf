import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayNumber } from './dates';
import { bookingCurves, forecastNights, shareForecast, type BookingCurveRow } from './forecast';

const START = '2025-01-01';

/** A booking: its night (days after START), rooms, and the leads it was booked and maybe cancelled at. */
const booking = (nights: number) =>
  fc.record({
    night: fc.integer({ min: 0, max: nights - 1 }),
    rooms: fc.integer({ min: 1, max: 3 }),
    booked: fc.integer({ min: 0, max: 60 }),
    cancelled: fc.option(fc.integer({ min: -1, max: 60 })),
  });

/** Booking-curve rows of a random history (the database's aggregation, done by hand). */
const history = fc.integer({ min: 30, max: 500 }).chain((nights) =>
  fc.record({
    nights: fc.constant(nights),
    bookings: fc.array(booking(nights), { maxLength: 400 }),
    rooms: fc.integer({ min: 1, max: 25 }),
    asOf: fc.integer({ min: 0, max: nights }),
    ahead: fc.integer({ min: 0, max: 40 }),
  }),
);

function rowsOf(
  bookings: { night: number; rooms: number; booked: number; cancelled: number | null }[],
) {
  const byNight = new Map<number, Map<number, number>>();
  const add = (night: number, lead: number, rooms: number) => {
    const leads = byNight.get(night) ?? new Map<number, number>();
    byNight.set(night, leads.set(lead, (leads.get(lead) ?? 0) + rooms));
  };
  for (const b of bookings) {
    add(b.night, b.booked, b.rooms);
    // A cancellation comes after the booking (a smaller lead).
    if (b.cancelled !== null) add(b.night, Math.min(b.cancelled, b.booked), -b.rooms);
  }
  return [...byNight].map(([night, leads]): BookingCurveRow => ({
    night: addDays(START, night),
    leads: [...leads.keys()],
    rooms: [...leads.values()],
  }));
}

describe('forecast properties', () => {
  it('lies between what is on the books and every room, inside its band, the same every time', () => {
    fc.assert(
      fc.property(history, ({ nights, bookings, rooms, asOf, ahead }) => {
        const curves = bookingCurves(rowsOf(bookings), START);
        const input = {
          curves,
          asOf: addDays(START, asOf),
          roomsAvailable: rooms,
          from: addDays(START, Math.max(0, asOf - 3)),
          to: addDays(START, Math.min(nights, asOf + ahead)),
        };
        const answer = forecastNights(input);
        for (const night of answer) {
          expect(night.low).toBeLessThanOrEqual(night.forecast);
          expect(night.forecast).toBeLessThanOrEqual(night.high);
          if (dayNumber(night.date) < dayNumber(input.asOf)) continue;
          expect(night.forecast).toBeGreaterThanOrEqual(Math.min(night.onTheBooks, rooms));
          expect(night.high).toBeLessThanOrEqual(Math.max(rooms, night.forecast));
          expect(night.forecast).toBeLessThanOrEqual(rooms);
          expect(night.low).toBeGreaterThanOrEqual(0);
        }
        expect(forecastNights(input)).toEqual(answer);
      }),
      { numRuns: 150 },
    );
  });

  it('shares a forecast among room types without losing or inventing rooms', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            rooms: fc.integer({ min: 1, max: 20 }),
            onTheBooks: fc.integer({ min: 0, max: 22 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.double({ min: 0, max: 150, noNaN: true }),
        (roomTypes, forecast) => {
          const sold = shareForecast(roomTypes, forecast);
          const booked = roomTypes.reduce((sum, r) => sum + r.onTheBooks, 0);
          const unsold = roomTypes.reduce((sum, r) => sum + Math.max(0, r.rooms - r.onTheBooks), 0);
          const total = sold.reduce((a, b) => a + b, 0);
          expect(total).toBe(booked + Math.min(unsold, Math.max(0, Math.round(forecast) - booked)));
          sold.forEach((rooms, r) => {
            expect(Number.isInteger(rooms)).toBe(true);
            expect(rooms).toBeGreaterThanOrEqual(roomTypes[r]!.onTheBooks);
            expect(rooms).toBeLessThanOrEqual(
              Math.max(roomTypes[r]!.rooms, roomTypes[r]!.onTheBooks),
            );
          });
        },
      ),
    );
  });
});
