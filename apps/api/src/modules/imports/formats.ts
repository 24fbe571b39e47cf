import {
  ZBookingFields,
  bookingLimits,
  describeIssue,
  hotelBookingDemandRequiredColumns,
  normalizeCountry,
  tarifaCsvRequiredColumns,
  type TBoard,
  type TBookingStatus,
  type TCancellationPolicy,
  type TImportFormat,
  type TBookingFields,
} from '@tarifa/contract';
import { toBookingValues, type BookingValues, type BusinessContext } from '../bookings/mapping';
import { zonedMidnight } from '../../lib/zoned-time';
import { isStorableText } from '../../lib/text';

/**
 * The two CSV formats (Tarifa's own, and the public "Hotel booking demand" dataset; see
 * docs/bookings.md), row by row: a row becomes a booking ready to stage, is
 * skipped (another hotel of the dataset), or is rejected with the columns at fault.
 */

/** A valid row, in stored units; the room type is still the file's code. */
export interface StagedRow extends BookingValues {
  /** Line of the file (the header is line 1). */
  row: number;
  roomCode: string;
}

export interface RowError {
  column: string | null;
  code: string;
  message: string;
}

export type RowResult =
  { kind: 'row'; row: StagedRow } | { kind: 'skip' } | { kind: 'error'; errors: RowError[] };

export interface Header {
  columns: string[];
  index: Map<string, number>;
}

/** Header names are compared trimmed and in lower case. */
export function readHeader(fields: string[]): Header {
  const columns = fields.map((f) => f.trim().toLowerCase());
  const index = new Map<string, number>();
  columns.forEach((name, i) => {
    if (!index.has(name)) index.set(name, i);
  });
  return { columns, index };
}

const requiredColumns: Record<TImportFormat, readonly string[]> = {
  tarifa: tarifaCsvRequiredColumns,
  'hotel-booking-demand': hotelBookingDemandRequiredColumns,
};

export const missingColumns = (format: TImportFormat, header: Header) =>
  requiredColumns[format].filter((name) => !header.index.has(name));

/** The format whose required columns the header has (the dataset first: it is the stricter). */
export function guessFormat(header: Header): TImportFormat | null {
  if (missingColumns('hotel-booking-demand', header).length === 0) return 'hotel-booking-demand';
  if (missingColumns('tarifa', header).length === 0) return 'tarifa';
  return null;
}

/** The column holding room codes in a format. */
export const roomCodeColumn: Record<TImportFormat, string> = {
  tarifa: 'room_code',
  'hotel-booking-demand': 'reserved_room_type',
};

/** Empty cells, `NA` and `NULL` (any case) mean "missing", in both formats. */
export function isMissing(value: string | undefined): boolean {
  if (value === undefined || value === '') return true;
  if (value.length > 4) return false;
  const upper = value.toUpperCase();
  return upper === 'NA' || upper === 'NULL';
}

export interface FormatContext extends BusinessContext {
  /** The `hotel` value to keep (hotel-booking-demand). */
  hotel: string | null;
}

export type RowMapper = (fields: string[], line: number) => RowResult;

export function rowMapper(format: TImportFormat, header: Header, ctx: FormatContext): RowMapper {
  const mapper =
    format === 'tarifa' ? tarifaRows(header, ctx) : hotelBookingDemandRows(header, ctx);
  return (fields, line) => {
    const errors = unreadableCells(fields, header);
    return errors.length ? { kind: 'error', errors } : mapper(fields, line);
  };
}

/**
 * Cells no booking may hold, in any format: a NUL character, a lone surrogate, or U+FFFD — what
 * the UTF-8 decoder puts in place of bytes that are not UTF-8 (the file is read as UTF-8). Such a
 * row is a bad row (`invalid_text` on each column at fault), never stored altered.
 */
function unreadableCells(fields: string[], header: Header): RowError[] {
  const errors: RowError[] = [];
  fields.forEach((value, i) => {
    if (isStorableText(value) && !value.includes('\ufffd')) return;
    errors.push({
      column: header.columns[i] ?? null,
      code: 'invalid_text',
      message: 'Contains a character that is not allowed (NUL, or bytes that are not UTF-8)',
    });
  });
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Tarifa CSV: the API's own rules (the contract's booking schema), column by column.
// ---------------------------------------------------------------------------------------------

/** Wire field → the Tarifa CSV column it comes from. */
const tarifaColumnOf: Record<string, string> = {
  externalId: 'external_id',
  roomUuid: 'room_code',
  roomCode: 'room_code',
  arrival: 'arrival',
  departure: 'departure',
  rooms: 'rooms',
  adults: 'adults',
  children: 'children',
  status: 'status',
  bookedAt: 'booked_at',
  cancelledAt: 'cancelled_at',
  totalAmount: 'total_amount',
  currency: 'currency',
  channel: 'channel',
  segment: 'segment',
  country: 'country',
  guestName: 'guest_name',
  ratePlanCode: 'rate_plan',
  board: 'board',
  cancellationPolicy: 'cancellation_policy',
};

const integerPattern = /^[+-]?\d+$/;
const decimalPattern = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** A number cell as a number when it is one; otherwise the text, for the schema to refuse. */
const numberCell = (value: string | undefined, pattern: RegExp) =>
  value === undefined ? undefined : pattern.test(value) ? Number(value) : value;

/** `Canceled`, `no-show`, `No Show`… as the API's statuses. */
function statusCell(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const normal = value.toLowerCase().replace(/[\s-]+/g, '_');
  return normal === 'canceled' ? 'cancelled' : normal;
}

function tarifaRows(header: Header, ctx: FormatContext): RowMapper {
  const cells = Object.fromEntries(
    Object.values(tarifaColumnOf).map((column) => [column, header.index.get(column)]),
  ) as Record<string, number | undefined>;

  return (fields, line) => {
    const cell = (column: string) => {
      const i = cells[column];
      const value = i === undefined ? undefined : fields[i];
      return isMissing(value) ? undefined : value;
    };
    const externalId = cell('external_id');
    if (externalId === undefined) {
      return {
        kind: 'error',
        errors: [
          {
            column: 'external_id',
            code: 'required',
            message: 'Every row of a Tarifa file needs its external_id',
          },
        ],
      };
    }
    const parsed = ZBookingFields.safeParse(
      {
        externalId,
        roomCode: cell('room_code'),
        arrival: cell('arrival'),
        departure: cell('departure'),
        rooms: numberCell(cell('rooms'), integerPattern),
        adults: numberCell(cell('adults'), integerPattern),
        children: numberCell(cell('children'), integerPattern),
        status: statusCell(cell('status')),
        bookedAt: cell('booked_at'),
        cancelledAt: cell('cancelled_at'),
        totalAmount: numberCell(cell('total_amount'), decimalPattern),
        currency: cell('currency'),
        channel: cell('channel'),
        segment: cell('segment'),
        country: cell('country'),
        guestName: cell('guest_name'),
        ratePlanCode: cell('rate_plan'),
        board: cell('board')?.toUpperCase(),
        cancellationPolicy: cell('cancellation_policy')?.toLowerCase(),
      },
      { reportInput: true },
    );
    if (!parsed.success) {
      const errors: RowError[] = [];
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const column = tarifaColumnOf[String(issue.path[0])] ?? null;
        const key = column ?? '';
        if (seen.has(key)) continue; // one error per column is enough to fix it
        seen.add(key);
        errors.push({ column, code: describeIssue(issue).code, message: issue.message });
      }
      return { kind: 'error', errors };
    }
    return fromInput(parsed.data, line, ctx, tarifaColumnOf);
  };
}

function fromInput(
  input: TBookingFields,
  line: number,
  ctx: FormatContext,
  columnOf: Record<string, string>,
): RowResult {
  const { values, issues } = toBookingValues(input, ctx);
  if (issues.length) {
    return {
      kind: 'error',
      errors: issues.map((issue) => ({
        column: columnOf[issue.field] ?? null,
        code: issue.code,
        message: issue.message,
      })),
    };
  }
  return { kind: 'row', row: { ...values, row: line, roomCode: input.roomCode! } };
}

// ---------------------------------------------------------------------------------------------
// "Hotel booking demand" (Antonio, de Almeida & Nunes, 2019): its columns mapped to a
// booking (docs/bookings.md), written out for speed (the benchmark's 120 000 rows go through here).
// ---------------------------------------------------------------------------------------------

const monthNumbers = new Map<string, number>();
[
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
].forEach((name, i) => {
  monthNumbers.set(name, i);
  monthNumbers.set(name.slice(0, 3), i);
  monthNumbers.set(String(i + 1), i);
  monthNumbers.set(String(i + 1).padStart(2, '0'), i);
});

/** `meal`: SC (self catering) and Undefined are no meal package, room only. */
const meals = new Map<string, TBoard>([
  ['bb', 'BB'],
  ['hb', 'HB'],
  ['fb', 'FB'],
  ['sc', 'RO'],
  ['undefined', 'RO'],
]);

/** `deposit_type` as the cancellation terms it implies. */
const depositTypes = new Map<string, TCancellationPolicy>([
  ['no deposit', 'flexible'],
  ['refundable', 'refundable_deposit'],
  ['non refund', 'non_refundable'],
]);

const reservationStatuses: Record<string, TBookingStatus> = {
  'check-out': 'confirmed',
  checkout: 'confirmed',
  canceled: 'cancelled',
  cancelled: 'cancelled',
  'no-show': 'no_show',
  noshow: 'no_show',
};

const roomCodePattern = /^[A-Za-z0-9._-]{1,20}$/;
const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;
const DAY = 86_400_000;

/** A whole number ≥ 0 written with digits only (no sign, no decimals), or -1. */
function wholeNumber(text: string): number {
  if (text.length === 0 || text.length > 9) return -1;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/**
 * Per-file caches of the date work (a file spans a few hundred distinct days, the rows number in
 * the hundreds of thousands): day number → `YYYY-MM-DD`, and → midnight in the business's zone.
 */
function dayCaches(timeZone: string) {
  const dates = new Map<number, string>();
  const midnights = new Map<number, Date>();
  const date = (day: number) => {
    let text = dates.get(day);
    if (text === undefined) dates.set(day, (text = new Date(day * DAY).toISOString().slice(0, 10)));
    return text;
  };
  const midnight = (day: number) => {
    let instant = midnights.get(day);
    if (instant === undefined) midnights.set(day, (instant = zonedMidnight(date(day), timeZone)));
    return instant;
  };
  return { date, midnight };
}

function hotelBookingDemandRows(header: Header, ctx: FormatContext): RowMapper {
  const at = (name: string) => header.index.get(name);
  const col = {
    hotel: at('hotel')!,
    lead: at('lead_time')!,
    year: at('arrival_date_year')!,
    month: at('arrival_date_month')!,
    day: at('arrival_date_day_of_month')!,
    weekend: at('stays_in_weekend_nights')!,
    week: at('stays_in_week_nights')!,
    adults: at('adults')!,
    children: at('children'),
    babies: at('babies'),
    country: at('country'),
    segment: at('market_segment'),
    channel: at('distribution_channel'),
    room: at('reserved_room_type')!,
    meal: at('meal'),
    deposit: at('deposit_type'),
    adr: at('adr')!,
    status: at('reservation_status')!,
    statusDate: at('reservation_status_date')!,
  };
  const hotel = (ctx.hotel ?? '').trim().toLowerCase();
  const maxTotalMinor = bookingLimits.totalMax * 100;
  const days = dayCaches(ctx.timeZone);
  const countries = new Map<string, string | null>();
  const countryOf = (text: string) => {
    let code = countries.get(text);
    if (code === undefined) countries.set(text, (code = normalizeCountry(text) ?? null));
    return code;
  };

  return (fields, line) => {
    const hotelText = fields[col.hotel];
    if (hotelText === undefined || (hotelText !== ctx.hotel && hotelText.toLowerCase() !== hotel)) {
      return { kind: 'skip' };
    }
    const value = (i: number | undefined) => {
      const v = i === undefined ? undefined : fields[i];
      return isMissing(v) ? undefined : v;
    };

    let errors: RowError[] | undefined;
    const fail = (column: string, code: string, message: string) =>
      (errors ??= []).push({ column, code, message });
    const count = (i: number | undefined, column: string, required: boolean) => {
      const v = value(i);
      if (v === undefined) {
        if (required) fail(column, 'required', 'Missing');
        return 0;
      }
      const n = wholeNumber(v);
      if (n < 0) fail(column, 'invalid_type', 'Expected a whole number, 0 or more');
      return n < 0 ? 0 : n;
    };

    const year = count(col.year, 'arrival_date_year', true);
    const monthText = value(col.month);
    const month = monthText === undefined ? undefined : monthNumbers.get(monthText.toLowerCase());
    if (month === undefined) {
      fail('arrival_date_month', 'invalid_option', 'Expected a month name in English');
    }
    const dayOfMonth = count(col.day, 'arrival_date_day_of_month', true);
    let arrivalDay = 0;
    if (month !== undefined && !errors) {
      const instant = Date.UTC(year, month, dayOfMonth);
      const check = new Date(instant);
      if (
        year < 1900 ||
        check.getUTCMonth() !== month ||
        check.getUTCDate() !== dayOfMonth ||
        check.getUTCFullYear() !== year
      ) {
        fail('arrival_date_day_of_month', 'invalid_format', 'Not a calendar date');
      }
      arrivalDay = instant / DAY;
    }
    const nights =
      count(col.weekend, 'stays_in_weekend_nights', true) +
      count(col.week, 'stays_in_week_nights', true);
    if (nights === 0 && !errors) {
      fail('stays_in_week_nights', 'no_nights', 'A stay needs at least one night');
    } else if (nights > bookingLimits.nightsMax) {
      fail('stays_in_week_nights', 'stay_too_long', 'A stay has at most 365 nights');
    }
    // NA takes the API's defaults (2 adults, no children); other counts are kept as the file has
    // them, 0 adults included (the public file has a few hundred such rows).
    const adults = value(col.adults) === undefined ? 2 : count(col.adults, 'adults', true);
    const children = count(col.children, 'children', false) + count(col.babies, 'babies', false);
    const lead = count(col.lead, 'lead_time', true);

    const room = value(col.room);
    if (room === undefined) fail('reserved_room_type', 'required', 'Missing');
    else if (!roomCodePattern.test(room)) {
      fail('reserved_room_type', 'invalid_format', 'Use letters, digits, - _ or .');
    }

    const adrText = value(col.adr);
    let adrMinor = 0;
    if (adrText === undefined) fail('adr', 'required', 'Missing');
    else if (!decimalPattern.test(adrText)) fail('adr', 'invalid_type', 'Expected a number');
    else if (Number(adrText) < 0) fail('adr', 'too_small', 'The rate cannot be negative');
    else adrMinor = Math.round(Number(adrText) * 100);

    const mealText = value(col.meal);
    const board = mealText === undefined ? 'RO' : meals.get(mealText.toLowerCase());
    if (!board) fail('meal', 'invalid_option', 'Expected BB, HB, FB, SC or Undefined');
    const depositText = value(col.deposit);
    const cancellationPolicy =
      depositText === undefined ? 'flexible' : depositTypes.get(depositText.toLowerCase());
    if (!cancellationPolicy) {
      fail('deposit_type', 'invalid_option', 'Expected No Deposit, Refundable or Non Refund');
    }

    const statusText = value(col.status);
    const status = statusText ? reservationStatuses[statusText.toLowerCase()] : undefined;
    if (!status) {
      fail('reservation_status', 'invalid_option', 'Expected Check-Out, Canceled or No-Show');
    }
    const statusDate = value(col.statusDate);
    let cancelledDay = 0;
    if (status === 'cancelled') {
      const parsed = statusDate && isoDatePattern.test(statusDate) ? Date.parse(statusDate) : NaN;
      // Date.parse takes 2016-02-30 for 1 March: only a date that reads back the same is one.
      if (Number.isNaN(parsed) || days.date(parsed / DAY) !== statusDate) {
        fail('reservation_status_date', 'invalid_format', 'Expected the date as YYYY-MM-DD');
      } else cancelledDay = parsed / DAY;
    }
    const totalAmountMinor = adrMinor * nights;
    if (totalAmountMinor > maxTotalMinor) fail('adr', 'too_big', 'The total is too large');

    if (errors) return { kind: 'error', errors };

    const bookedAt = days.midnight(arrivalDay - lead);
    let cancelledAt: Date | null = null;
    if (status === 'cancelled') {
      cancelledAt = days.midnight(cancelledDay);
      // The dataset dates both to the day: a same-day cancellation is not before the booking.
      if (cancelledAt < bookedAt) cancelledAt = bookedAt;
    }
    const countryText = value(col.country);
    const channel = value(col.channel);
    const segment = value(col.segment);
    return {
      kind: 'row',
      row: {
        row: line,
        roomCode: room!.toUpperCase(),
        externalId: null,
        arrival: days.date(arrivalDay),
        departure: days.date(arrivalDay + nights),
        rooms: 1,
        adults,
        children,
        status: status!,
        bookedAt,
        cancelledAt,
        totalAmountMinor,
        currency: ctx.currency,
        channel: channel ? channel.slice(0, bookingLimits.labelMax) : null,
        segment: segment ? segment.slice(0, bookingLimits.labelMax) : null,
        country: countryText ? countryOf(countryText) : null,
        guestName: null,
        ratePlanCode: null,
        board: board!,
        cancellationPolicy: cancellationPolicy!,
      },
    };
  };
}
