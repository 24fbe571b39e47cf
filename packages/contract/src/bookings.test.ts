import { describe, expect, it } from 'vitest';
import { ZBookingFields, ZBookingsBatchBody, ZBookingsQuery, normalizeCountry } from './bookings';
import { isCountry } from './business';
import { importErrorsToCsv, ZImportOptions } from './imports';
import { toFieldIssues } from './errors';

const issues = (result: { success: boolean; error?: unknown }) =>
  result.success ? [] : toFieldIssues(result.error as never);

const booking = (overrides: Record<string, unknown> = {}) => ({
  roomCode: 'dbl',
  arrival: '2025-07-01',
  departure: '2025-07-04',
  totalAmount: 300,
  ...overrides,
});

describe('ZBookingFields', () => {
  it('fills the defaults and upper-cases the room code', () => {
    const parsed = ZBookingFields.parse(booking({ channel: '  Direct ', guestName: '' }));
    expect(parsed).toMatchObject({
      roomCode: 'DBL',
      rooms: 1,
      adults: 2,
      children: 0,
      status: 'confirmed',
      channel: 'Direct',
      guestName: null,
    });
  });

  it('names the field of each broken rule with its code', () => {
    const result = ZBookingFields.safeParse({
      arrival: '2025-07-04',
      departure: '2025-07-04',
      totalAmount: 10.005,
      rooms: 0,
      country: 'XX',
      bookedAt: 'yesterday',
    });
    expect(issues(result).map((i) => [i.path, i.code])).toEqual(
      expect.arrayContaining([
        ['roomUuid', 'required'],
        ['departure', 'range_reversed'],
        ['totalAmount', 'too_many_decimals'],
        ['rooms', 'too_small'],
        ['country', 'invalid_country'],
        ['bookedAt', 'invalid_format'],
      ]),
    );
  });

  it('refuses stays over a year and cancellations before the booking', () => {
    const long = ZBookingFields.safeParse(booking({ departure: '2026-07-02' }));
    expect(issues(long)).toMatchObject([
      { path: 'departure', code: 'stay_too_long', params: { maximum: 365 } },
    ]);
    const early = ZBookingFields.safeParse(
      booking({
        status: 'cancelled',
        bookedAt: '2025-05-02T10:00:00Z',
        cancelledAt: '2025-05-01T09:00:00+01:00',
      }),
    );
    expect(issues(early)).toMatchObject([{ path: 'cancelledAt', code: 'before_booked' }]);
  });

  it('takes instants with an offset or bare dates, never local times or impossible dates', () => {
    for (const ok of ['2025-03-01', '2025-03-01T10:00:00Z', '2025-03-01T10:00+01:00']) {
      expect(ZBookingFields.safeParse(booking({ bookedAt: ok })).success).toBe(true);
    }
    for (const bad of ['2025-03-01T10:00:00', '2025-02-30', '2025-02-30T10:00:00Z']) {
      expect(ZBookingFields.safeParse(booking({ bookedAt: bad })).success).toBe(false);
    }
  });
});

describe('ZBookingsBatchBody', () => {
  it('names a repeated externalId at its own index', () => {
    const result = ZBookingsBatchBody.safeParse({
      bookings: [
        booking({ externalId: 'A' }),
        booking({ externalId: 'B' }),
        booking({ externalId: 'A' }),
      ],
    });
    expect(issues(result)).toMatchObject([{ path: 'bookings.2.externalId', code: 'duplicate' }]);
  });

  it('takes at most 5 000 bookings', () => {
    const result = ZBookingsBatchBody.safeParse({
      bookings: Array.from({ length: 5001 }, () => booking()),
    });
    expect(issues(result)).toMatchObject([{ path: 'bookings', code: 'too_many' }]);
  });
});

describe('ZBookingsQuery', () => {
  it('reads comma-separated or repeated statuses and drops blank parameters', () => {
    expect(
      ZBookingsQuery.parse({ status: 'confirmed, no_show', search: '', page: '2' }),
    ).toMatchObject({ status: ['confirmed', 'no_show'], search: undefined, page: 2 });
    expect(ZBookingsQuery.parse({ status: ['cancelled', 'confirmed'] }).status).toEqual([
      'cancelled',
      'confirmed',
    ]);
  });

  it('refuses a reversed range', () => {
    const result = ZBookingsQuery.safeParse({ from: '2025-02-01', to: '2025-01-31' });
    expect(issues(result)).toMatchObject([{ path: 'to', code: 'range_reversed' }]);
  });
});

describe('ZImportOptions', () => {
  it('needs the hotel for the dataset format and reads multipart booleans', () => {
    expect(issues(ZImportOptions.safeParse({ format: 'hotel-booking-demand' }))).toMatchObject([
      { path: 'hotel', code: 'required' },
    ]);
    expect(
      ZImportOptions.parse({ format: 'tarifa', createMissingRooms: 'true', mode: '' }),
    ).toMatchObject({ mode: 'atomic', createMissingRooms: true });
  });
});

describe('normalizeCountry', () => {
  it('answers alpha-2 for alpha-2 and alpha-3 codes, and every alpha-2 it answers is real', () => {
    expect(normalizeCountry('prt')).toBe('PT');
    expect(normalizeCountry('GBR')).toBe('GB');
    expect(normalizeCountry('cn')).toBe('CN');
    expect(normalizeCountry('TMP')).toBe('TL');
    expect(normalizeCountry('NULL')).toBeUndefined();
    expect(normalizeCountry('ZZZ')).toBeUndefined();
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    let known = 0;
    for (const a of letters)
      for (const b of letters)
        for (const c of letters) {
          const alpha2 = normalizeCountry(a + b + c);
          if (alpha2 === undefined) continue;
          known++;
          expect(isCountry(alpha2), `${a}${b}${c} → ${alpha2}`).toBe(true);
        }
    expect(known).toBe(250);
  });
});

describe('importErrorsToCsv', () => {
  it('quotes cells that need it', () => {
    expect(
      importErrorsToCsv([
        { row: 3, column: 'arrival', code: 'invalid_format', message: 'Use "YYYY-MM-DD", please' },
        { row: 9, column: null, code: 'duplicate', message: 'Twice' },
      ]),
    ).toBe(
      'row,column,code,message\r\n3,arrival,invalid_format,"Use ""YYYY-MM-DD"", please"\r\n9,,duplicate,Twice\r\n',
    );
  });
});
