import { z } from 'zod';
import { dateLimits, isCountry, twoDecimals, ZCurrency, ZDate, ZRoomCode } from './business';
import {
  blankable,
  custom,
  issue,
  optionalQuery,
  int,
  ZIsoDateTime,
  queryInt,
  queryList,
} from './internal';
import { boards, cancellationPolicies } from './rate-plans';

/**
 * Bookings (docs/bookings.md): entered by hand, sent in batches by an integration (tokens.ts), or
 * imported from a CSV file in the background (imports.ts). `bookingLimits` also holds the limits of
 * imports and integration tokens.
 *
 * `…` below is `/api/v1/businesses/{uuid}`. Custom rules are zod `custom` issues with
 * `params: {code}`; the codes are listed in docs/bookings.md and translated by the web app
 * (`validation.<code>`). Rules that need the database (room types of this business, the
 * business's currency) are checked by the API and reported with the same `details` shape.
 */

// ---------------------------------------------------------------------------------------------
// Limits and vocabularies
// ---------------------------------------------------------------------------------------------

export const bookingLimits = {
  /** Bookings in one `POST …/bookings`. */
  batchMax: 5000,
  pageSizeMax: 100,
  /** Nights of one stay. */
  nightsMax: 365,
  /** Rooms of one booking. */
  roomsMax: 1000,
  /** Adults (at least 1), and children, of one booking. */
  guestsMax: 20,
  externalIdMax: 100,
  /** Channel and segment labels. */
  labelMax: 60,
  guestNameMax: 200,
  searchMax: 100,
  /** The highest total of one booking, in the business currency. */
  totalMax: 10_000_000,
  /** An import file. */
  importMaxBytes: 100 * 1024 * 1024,
  /** Row errors kept and answered per import (the count of rejected rows is exact). */
  importErrorsMax: 1000,
  /** Bytes of the file a preview reads. */
  previewBytes: 64 * 1024,
  /** Rows a preview answers as samples. */
  previewSampleRows: 20,
  /** `GET …/imports` answers this many, newest first. */
  recentImports: 20,
  tokenNameMax: 80,
  /** Live (not revoked) integration tokens per business. */
  tokensMax: 20,
} as const;

export const bookingStatuses = ['confirmed', 'cancelled', 'no_show'] as const;
export type TBookingStatus = (typeof bookingStatuses)[number];

/** Channels the entry form suggests; any label up to 60 characters is accepted. */
export const suggestedChannels = [
  'Booking.com',
  'Expedia',
  'Direct',
  'Phone',
  'Travel agent',
] as const;
/** Segments the entry form suggests; any label up to 60 characters is accepted. */
export const suggestedSegments = ['Leisure', 'Business', 'Groups', 'Corporate'] as const;

export const bookingSortFields = [
  'arrival',
  'departure',
  'bookedAt',
  'totalAmount',
  'createdAt',
] as const;
export type TBookingSortField = (typeof bookingSortFields)[number];

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

/** Optional free text: trimmed; absent, `null` or `''` is stored as null. */
const optionalLabel = (max: number) => blankable(z.string().max(max));

/** ISO 3166-1 alpha-3 → alpha-2, for files that use three-letter codes (the public dataset does). */
const alpha3 =
  'AFG:AF ALA:AX ALB:AL DZA:DZ ASM:AS AND:AD AGO:AO AIA:AI ATA:AQ ATG:AG ARG:AR ARM:AM ABW:AW ' +
  'AUS:AU AUT:AT AZE:AZ BHS:BS BHR:BH BGD:BD BRB:BB BLR:BY BEL:BE BLZ:BZ BEN:BJ BMU:BM BTN:BT ' +
  'BOL:BO BES:BQ BIH:BA BWA:BW BVT:BV BRA:BR IOT:IO BRN:BN BGR:BG BFA:BF BDI:BI CPV:CV KHM:KH ' +
  'CMR:CM CAN:CA CYM:KY CAF:CF TCD:TD CHL:CL CHN:CN CXR:CX CCK:CC COL:CO COM:KM COG:CG COD:CD ' +
  'COK:CK CRI:CR CIV:CI HRV:HR CUB:CU CUW:CW CYP:CY CZE:CZ DNK:DK DJI:DJ DMA:DM DOM:DO ECU:EC ' +
  'EGY:EG SLV:SV GNQ:GQ ERI:ER EST:EE SWZ:SZ ETH:ET FLK:FK FRO:FO FJI:FJ FIN:FI FRA:FR GUF:GF ' +
  'PYF:PF ATF:TF GAB:GA GMB:GM GEO:GE DEU:DE GHA:GH GIB:GI GRC:GR GRL:GL GRD:GD GLP:GP GUM:GU ' +
  'GTM:GT GGY:GG GIN:GN GNB:GW GUY:GY HTI:HT HMD:HM VAT:VA HND:HN HKG:HK HUN:HU ISL:IS IND:IN ' +
  'IDN:ID IRN:IR IRQ:IQ IRL:IE IMN:IM ISR:IL ITA:IT JAM:JM JPN:JP JEY:JE JOR:JO KAZ:KZ KEN:KE ' +
  'KIR:KI PRK:KP KOR:KR KWT:KW KGZ:KG LAO:LA LVA:LV LBN:LB LSO:LS LBR:LR LBY:LY LIE:LI LTU:LT ' +
  'LUX:LU MAC:MO MDG:MG MWI:MW MYS:MY MDV:MV MLI:ML MLT:MT MHL:MH MTQ:MQ MRT:MR MUS:MU MYT:YT ' +
  'MEX:MX FSM:FM MDA:MD MCO:MC MNG:MN MNE:ME MSR:MS MAR:MA MOZ:MZ MMR:MM NAM:NA NRU:NR NPL:NP ' +
  'NLD:NL NCL:NC NZL:NZ NIC:NI NER:NE NGA:NG NIU:NU NFK:NF MKD:MK MNP:MP NOR:NO OMN:OM PAK:PK ' +
  'PLW:PW PSE:PS PAN:PA PNG:PG PRY:PY PER:PE PHL:PH PCN:PN POL:PL PRT:PT PRI:PR QAT:QA REU:RE ' +
  'ROU:RO RUS:RU RWA:RW BLM:BL SHN:SH KNA:KN LCA:LC MAF:MF SPM:PM VCT:VC WSM:WS SMR:SM STP:ST ' +
  'SAU:SA SEN:SN SRB:RS SYC:SC SLE:SL SGP:SG SXM:SX SVK:SK SVN:SI SLB:SB SOM:SO ZAF:ZA SGS:GS ' +
  'SSD:SS ESP:ES LKA:LK SDN:SD SUR:SR SJM:SJ SWE:SE CHE:CH SYR:SY TWN:TW TJK:TJ TZA:TZ THA:TH ' +
  'TLS:TL TGO:TG TKL:TK TON:TO TTO:TT TUN:TN TUR:TR TKM:TM TCA:TC TUV:TV UGA:UG UKR:UA ARE:AE ' +
  'GBR:GB USA:US UMI:UM URY:UY UZB:UZ VUT:VU VEN:VE VNM:VN VGB:VG VIR:VI WLF:WF ESH:EH YEM:YE ' +
  'ZMB:ZM ZWE:ZW TMP:TL';
let alpha3Map: Map<string, string> | undefined;

/**
 * A guest's country as ISO 3166-1 alpha-2 (`PT`), from alpha-2 or alpha-3 (`PRT`) in any case;
 * undefined when it is neither.
 */
export function normalizeCountry(code: string): string | undefined {
  const upper = code.trim().toUpperCase();
  if (upper.length === 2) return isCountry(upper) ? upper : undefined;
  if (upper.length !== 3) return undefined;
  alpha3Map ??= new Map(alpha3.split(' ').map((pair) => pair.split(':') as [string, string]));
  return alpha3Map.get(upper);
}

/** Country of the guest: alpha-2 or alpha-3, answered as alpha-2. */
export const ZBookingCountry = z
  .string()
  .trim()
  .refine((v) => normalizeCountry(v) !== undefined, {
    message: 'Not an ISO 3166-1 country code',
    ...custom('invalid_country'),
  })
  .transform((v) => normalizeCountry(v)!);

/** Hours 00–23, minutes and seconds 00–59, offsets up to ±14:00 (`T25:61`, `T24:00` refused). */
const isoDateTimePattern =
  /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-](0\d|1[0-4]):?[0-5]\d)$/i;
const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date `YYYY-MM-DD`. */
export function isCalendarDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Instants the app accepts: from 1900-01-01 to 2200-12-31 (UTC), the range of `ZDate`. */
const instantLimits = {
  min: Date.parse(`${dateLimits.min}T00:00:00Z`),
  max: Date.parse(`${dateLimits.max}T23:59:59.999Z`),
};

/**
 * An instant as ISO 8601 with its offset (`2025-03-01T14:30:00Z`, `…+01:00`), or a bare date
 * (`2025-03-01`), which the API reads as midnight in the business's time zone. Both between
 * 1900-01-01 and 2200-12-31 (`date_out_of_range`), like every date.
 */
export const ZInstant = z
  .string()
  .trim()
  .refine(
    (v) =>
      isoDatePattern.test(v)
        ? isCalendarDate(v)
        : isoDateTimePattern.test(v) &&
          isCalendarDate(v.slice(0, 10)) &&
          !Number.isNaN(Date.parse(v)),
    {
      message: 'Use an ISO 8601 date-time with its offset, or YYYY-MM-DD',
      ...custom('invalid_format', { format: 'datetime' }),
    },
  )
  .refine(
    (v) => {
      const at = Date.parse(isoDatePattern.test(v) ? `${v}T00:00:00Z` : v);
      // A malformed value was reported above; only a well-formed one can be out of range.
      return Number.isNaN(at) || (at >= instantLimits.min && at <= instantLimits.max);
    },
    {
      message: `Use a moment from ${dateLimits.min} to ${dateLimits.max}`,
      ...custom('date_out_of_range', { minimum: dateLimits.min, maximum: dateLimits.max }),
      abort: true,
    },
  );

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The booking total: 0 or more, at most 2 decimals. */
export const ZBookingTotal = twoDecimals(z.number().min(0).max(bookingLimits.totalMax));

// ---------------------------------------------------------------------------------------------
// Bookings
// ---------------------------------------------------------------------------------------------

/** A booking as the API answers it. Money in the business currency; dates `YYYY-MM-DD`. */
export const ZBooking = z.object({
  id: z.uuid(),
  /** The id the booking has in the system it came from; unique in the business when given. */
  externalId: z.string().nullable(),
  roomUuid: z.uuid(),
  /** Code and name of the room type, to show without another call. */
  roomCode: z.string(),
  roomName: z.string(),
  arrival: z.string(),
  /** After arrival; the guest leaves that morning (nights = departure − arrival). */
  departure: z.string(),
  nights: z.number().int(),
  rooms: z.number().int(),
  adults: z.number().int(),
  children: z.number().int(),
  status: z.enum(bookingStatuses),
  bookedAt: ZIsoDateTime,
  /** Set when (and only when) the status is `cancelled`. */
  cancelledAt: ZIsoDateTime.nullable(),
  /** For all rooms and nights. */
  totalAmount: z.number(),
  currency: z.string(),
  channel: z.string().nullable(),
  segment: z.string().nullable(),
  /** ISO 3166-1 alpha-2. */
  country: z.string().nullable(),
  guestName: z.string().nullable(),
  /** The code of the rate plan it was sold under; null when not known. */
  ratePlanCode: z.string().nullable(),
  board: z.enum(boards),
  cancellationPolicy: z.enum(cancellationPolicies),
  /** The CSV import that last wrote it, if any. */
  importId: z.uuid().nullable(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TBooking = z.infer<typeof ZBooking>;

/**
 * One booking as a form, an integration or a CSV row sends it (`POST …/bookings` items, `PUT
 * …/bookings/{id}`). Unknown keys (and the read-only `id`, `nights`, `roomName`, timestamps…) are
 * ignored, so a client can send back what it received.
 *
 * - The room type by `roomUuid` or by `roomCode` (case-insensitive); `roomUuid` wins if both
 *   are sent.
 * - `bookedAt` defaults to the moment of the call, or midnight of the arrival day if that is
 *   earlier (a past stay entered later was not booked after it).
 * - `cancelledAt` only counts for `cancelled` bookings (ignored otherwise); when a booking is
 *   cancelled without it, the same default as `bookedAt` applies.
 * - `currency`, when sent, must be the business's.
 */
export const ZBookingFields = z
  .object({
    externalId: optionalLabel(bookingLimits.externalIdMax),
    roomUuid: blankable(z.uuid()),
    roomCode: blankable(ZRoomCode),
    arrival: ZDate,
    departure: ZDate,
    rooms: int(1, bookingLimits.roomsMax).default(1),
    adults: int(1, bookingLimits.guestsMax).default(2),
    children: int(0, bookingLimits.guestsMax).default(0),
    status: z.enum(bookingStatuses).default('confirmed'),
    bookedAt: blankable(ZInstant),
    cancelledAt: blankable(ZInstant),
    totalAmount: ZBookingTotal,
    currency: blankable(ZCurrency),
    channel: optionalLabel(bookingLimits.labelMax),
    segment: optionalLabel(bookingLimits.labelMax),
    country: blankable(ZBookingCountry),
    guestName: optionalLabel(bookingLimits.guestNameMax),
    /**
     * The rate plan's code, as the rate plans write it (letters, digits, `-`, `_` or `.`, upper
     * case; e.g. `BAR`); null: not known.
     */
    ratePlanCode: blankable(ZRoomCode.transform((v) => v.toUpperCase())),
    board: z.enum(boards).default('RO'),
    cancellationPolicy: z.enum(cancellationPolicies).default('flexible'),
  })
  .superRefine((b, ctx) => {
    if (!b.roomUuid && !b.roomCode) {
      issue(ctx, ['roomUuid'], 'required', 'Give the room type by roomUuid or by roomCode');
    }
    if (b.departure <= b.arrival) {
      issue(ctx, ['departure'], 'range_reversed', 'The departure must be after the arrival');
    } else if (daysBetween(b.arrival, b.departure) > bookingLimits.nightsMax) {
      issue(
        ctx,
        ['departure'],
        'stay_too_long',
        `A stay has at most ${bookingLimits.nightsMax} nights`,
        { maximum: bookingLimits.nightsMax },
      );
    }
    if (
      b.status === 'cancelled' &&
      b.bookedAt &&
      b.cancelledAt &&
      // Bare dates compare at their midnight in UTC here; the API checks again in the business's zone.
      Date.parse(b.cancelledAt.length === 10 ? `${b.cancelledAt}T23:59:59Z` : b.cancelledAt) <
        Date.parse(b.bookedAt.length === 10 ? `${b.bookedAt}T00:00:00Z` : b.bookedAt)
    ) {
      issue(
        ctx,
        ['cancelledAt'],
        'before_booked',
        'A booking cannot be cancelled before it was made',
      );
    }
  })
  .meta({
    example: { roomCode: 'DBL', arrival: '2026-07-01', departure: '2026-07-04', totalAmount: 360 },
  });
export type TBookingFieldsInput = z.input<typeof ZBookingFields>;
export type TBookingFields = z.output<typeof ZBookingFields>;

/**
 * `POST …/bookings`: up to 5 000 bookings, upserted by `externalId` (a booking without one is
 * always new). All or nothing: one invalid booking answers 400 naming `bookings.<index>.<field>`
 * and nothing is stored. An `externalId` may appear only once in a call.
 */
export const ZBookingsBatchBody = z.object({
  bookings: z
    .array(ZBookingFields)
    .max(bookingLimits.batchMax)
    .superRefine((bookings, ctx) => {
      const seen = new Set<string>();
      bookings.forEach((booking, i) => {
        if (!booking.externalId) return;
        if (seen.has(booking.externalId)) {
          issue(
            ctx,
            [i, 'externalId'],
            'duplicate',
            'Another booking of this call has this externalId',
          );
        }
        seen.add(booking.externalId);
      });
    }),
});
export type TBookingsBatchBodyInput = z.input<typeof ZBookingsBatchBody>;

export const ZBookingsBatchResult = z.object({
  inserted: z.number().int(),
  updated: z.number().int(),
});
export type TBookingsBatchResult = z.infer<typeof ZBookingsBatchResult>;

/** `PUT …/bookings/{id}`: the whole booking (fields left out take their defaults). */
export const ZUpdateBookingBody = ZBookingFields;
export type TUpdateBookingBodyInput = TBookingFieldsInput;

export const ZBookingEnvelope = z.object({ booking: ZBooking });
export type TBookingEnvelope = z.infer<typeof ZBookingEnvelope>;

/**
 * `DELETE …/bookings/{id}`: cancels (status `cancelled`, `cancelledAt` now, answers `{booking}`);
 * `?purge=true` deletes the booking for good (answers 204).
 */
export const ZDeleteBookingQuery = z.object({
  purge: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** Statuses as `a,b` or repeated (`status=a&status=b`), or an array from a client. */
const ZStatusList = queryList(z.enum(bookingStatuses));

/**
 * `GET …/bookings`: stays overlapping [from, to] (nights from `from` to `to`, both included: a
 * booking is listed when arrival ≤ to and departure > from), any of the `status` values
 * (comma-separated or repeated), `search` in externalId and guest name, exact `channel`, one room
 * type; `page` from 1, `pageSize` 1–100; sorted by `sort` then `order`.
 */
export const ZBookingsQuery = z
  .object({
    from: optionalQuery(ZDate),
    to: optionalQuery(ZDate),
    status: ZStatusList,
    search: optionalQuery(z.string().trim().max(bookingLimits.searchMax)),
    channel: optionalQuery(z.string().trim().max(bookingLimits.labelMax)),
    roomUuid: optionalQuery(z.uuid()),
    page: queryInt(1).default(1),
    pageSize: queryInt(1, bookingLimits.pageSizeMax).default(20),
    sort: z.enum(bookingSortFields).default('arrival'),
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from) {
      issue(ctx, ['to'], 'range_reversed', 'The end is before the start');
    }
  });
export type TBookingsQueryInput = z.input<typeof ZBookingsQuery>;

export const ZBookingsPage = z.object({
  bookings: z.array(ZBooking),
  total: z.number().int(),
});
export type TBookingsPage = z.infer<typeof ZBookingsPage>;

/** `GET …/bookings/facets`: the values in use, for the filters (sorted, case-sensitive). */
export const ZBookingFacets = z.object({
  channels: z.array(z.string()),
  segments: z.array(z.string()),
  countries: z.array(z.string()),
});
export type TBookingFacets = z.infer<typeof ZBookingFacets>;
