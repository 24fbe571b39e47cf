import { z } from 'zod';
import {
  currencySchema,
  dateSchema,
  hasAtMostTwoDecimals,
  isCountry,
  roomCodeSchema,
} from './business';

/**
 * Bookings (DESIGN.md §2 and §5, docs/bookings.md): entered by hand, sent in batches by an
 * integration, or imported from a CSV file in the background; and the integration tokens that
 * let another system send them.
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
  /** Adults, and children, of one booking. */
  guestsMax: 100,
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
export type BookingStatus = (typeof bookingStatuses)[number];

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
export type BookingSortField = (typeof bookingSortFields)[number];

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

function custom(code: string, extra: Record<string, string | number | boolean> = {}) {
  return { params: { code, ...extra } };
}

/**
 * An optional field that may arrive blank: forms send empty inputs, CSV files empty cells. Absent,
 * `null`, `''` and whitespace all mean "not given" (null); anything else must pass `schema`.
 */
const blankable = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .pipe(schema.nullable());

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
export const bookingCountrySchema = z
  .string()
  .trim()
  .refine((v) => normalizeCountry(v) !== undefined, {
    message: 'Not an ISO 3166-1 country code',
    ...custom('invalid_country'),
  })
  .transform((v) => normalizeCountry(v)!);

const isoDateTimePattern =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date `YYYY-MM-DD`. */
export function isCalendarDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * An instant as ISO 8601 with its offset (`2025-03-01T14:30:00Z`, `…+01:00`), or a bare date
 * (`2025-03-01`), which the API reads as midnight in the business's time zone.
 */
export const instantSchema = z
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
  );

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The booking total: 0 or more, at most 2 decimals. */
export const bookingTotalSchema = z
  .number()
  .min(0)
  .max(bookingLimits.totalMax)
  .refine(hasAtMostTwoDecimals, {
    message: 'Use at most 2 decimals',
    ...custom('too_many_decimals', { maximum: 2 }),
  });

// ---------------------------------------------------------------------------------------------
// Bookings
// ---------------------------------------------------------------------------------------------

const isoDateTime = z.iso.datetime({ offset: true });

/** A booking as the API answers it. Money in the business currency; dates `YYYY-MM-DD`. */
export const bookingSchema = z.object({
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
  bookedAt: isoDateTime,
  /** Set when (and only when) the status is `cancelled`. */
  cancelledAt: isoDateTime.nullable(),
  /** For all rooms and nights. */
  totalAmount: z.number(),
  currency: z.string(),
  channel: z.string().nullable(),
  segment: z.string().nullable(),
  /** ISO 3166-1 alpha-2. */
  country: z.string().nullable(),
  guestName: z.string().nullable(),
  /** The CSV import that last wrote it, if any. */
  importId: z.uuid().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Booking = z.infer<typeof bookingSchema>;

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
export const bookingInputSchema = z
  .object({
    externalId: optionalLabel(bookingLimits.externalIdMax),
    roomUuid: blankable(z.uuid()),
    roomCode: blankable(roomCodeSchema),
    arrival: dateSchema,
    departure: dateSchema,
    rooms: z.number().int().min(1).max(bookingLimits.roomsMax).default(1),
    adults: z.number().int().min(0).max(bookingLimits.guestsMax).default(2),
    children: z.number().int().min(0).max(bookingLimits.guestsMax).default(0),
    status: z.enum(bookingStatuses).default('confirmed'),
    bookedAt: blankable(instantSchema),
    cancelledAt: blankable(instantSchema),
    totalAmount: bookingTotalSchema,
    currency: blankable(currencySchema),
    channel: optionalLabel(bookingLimits.labelMax),
    segment: optionalLabel(bookingLimits.labelMax),
    country: blankable(bookingCountrySchema),
    guestName: optionalLabel(bookingLimits.guestNameMax),
  })
  .superRefine((b, ctx) => {
    if (!b.roomUuid && !b.roomCode) {
      ctx.addIssue({
        code: 'custom',
        path: ['roomUuid'],
        message: 'Give the room type by roomUuid or by roomCode',
        params: { code: 'required' },
      });
    }
    if (b.departure <= b.arrival) {
      ctx.addIssue({
        code: 'custom',
        path: ['departure'],
        message: 'The departure must be after the arrival',
        params: { code: 'range_reversed' },
      });
    } else if (daysBetween(b.arrival, b.departure) > bookingLimits.nightsMax) {
      ctx.addIssue({
        code: 'custom',
        path: ['departure'],
        message: `A stay has at most ${bookingLimits.nightsMax} nights`,
        params: { code: 'stay_too_long', maximum: bookingLimits.nightsMax },
      });
    }
    if (
      b.status === 'cancelled' &&
      b.bookedAt &&
      b.cancelledAt &&
      // Bare dates compare at their midnight in UTC here; the API checks again in the business's zone.
      Date.parse(b.cancelledAt.length === 10 ? `${b.cancelledAt}T23:59:59Z` : b.cancelledAt) <
        Date.parse(b.bookedAt.length === 10 ? `${b.bookedAt}T00:00:00Z` : b.bookedAt)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['cancelledAt'],
        message: 'A booking cannot be cancelled before it was made',
        params: { code: 'before_booked' },
      });
    }
  });
export type BookingInput = z.input<typeof bookingInputSchema>;
export type ParsedBookingInput = z.output<typeof bookingInputSchema>;

/**
 * `POST …/bookings`: up to 5 000 bookings, upserted by `externalId` (a booking without one is
 * always new). All or nothing: one invalid booking answers 400 naming `bookings.<index>.<field>`
 * and nothing is stored. An `externalId` may appear only once in a call.
 */
export const bookingsBatchBodySchema = z.object({
  bookings: z
    .array(bookingInputSchema)
    .max(bookingLimits.batchMax)
    .superRefine((bookings, ctx) => {
      const seen = new Set<string>();
      bookings.forEach((booking, i) => {
        if (!booking.externalId) return;
        if (seen.has(booking.externalId)) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'externalId'],
            message: 'Another booking of this call has this externalId',
            params: { code: 'duplicate' },
          });
        }
        seen.add(booking.externalId);
      });
    }),
});
export type BookingsBatchBody = z.input<typeof bookingsBatchBodySchema>;

export const bookingsBatchResultSchema = z.object({
  inserted: z.number().int(),
  updated: z.number().int(),
});
export type BookingsBatchResult = z.infer<typeof bookingsBatchResultSchema>;

/** `PUT …/bookings/{id}`: the whole booking (fields left out take their defaults). */
export const updateBookingBodySchema = bookingInputSchema;
export type UpdateBookingBody = BookingInput;

export const bookingEnvelopeSchema = z.object({ booking: bookingSchema });
export type BookingEnvelope = z.infer<typeof bookingEnvelopeSchema>;

/**
 * `DELETE …/bookings/{id}`: cancels (status `cancelled`, `cancelledAt` now, answers `{booking}`);
 * `?purge=true` deletes the booking for good (answers 204).
 */
export const deleteBookingQuerySchema = z.object({
  purge: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** An optional query parameter: blank counts as absent. */
const optionalQuery = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(schema.optional());

/** Statuses as `a,b` or repeated (`status=a&status=b`), or an array from a client. */
const statusListSchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => {
    const list = (Array.isArray(v) ? v : v === undefined ? [] : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean);
    return list.length ? list : undefined;
  })
  .pipe(z.array(z.enum(bookingStatuses)).optional());

/**
 * `GET …/bookings`: stays overlapping [from, to] (nights from `from` to `to`, both included: a
 * booking is listed when arrival ≤ to and departure > from), any of the `status` values
 * (comma-separated or repeated), `search` in externalId and guest name, exact `channel`, one room
 * type; `page` from 1, `pageSize` 1–100; sorted by `sort` then `order`.
 */
export const bookingsQuerySchema = z
  .object({
    from: optionalQuery(dateSchema),
    to: optionalQuery(dateSchema),
    status: statusListSchema,
    search: optionalQuery(z.string().trim().max(bookingLimits.searchMax)),
    channel: optionalQuery(z.string().trim().max(bookingLimits.labelMax)),
    roomUuid: optionalQuery(z.uuid()),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(bookingLimits.pageSizeMax).default(20),
    sort: z.enum(bookingSortFields).default('arrival'),
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The end is before the start',
        params: { code: 'range_reversed' },
      });
    }
  });
export type BookingsQuery = z.input<typeof bookingsQuerySchema>;

export const bookingsPageSchema = z.object({
  bookings: z.array(bookingSchema),
  total: z.number().int(),
});
export type BookingsPage = z.infer<typeof bookingsPageSchema>;

/** `GET …/bookings/facets`: the values in use, for the filters (sorted, case-sensitive). */
export const bookingFacetsSchema = z.object({
  channels: z.array(z.string()),
  segments: z.array(z.string()),
  countries: z.array(z.string()),
});
export type BookingFacets = z.infer<typeof bookingFacetsSchema>;

// ---------------------------------------------------------------------------------------------
// CSV imports
// ---------------------------------------------------------------------------------------------

export const importFormats = ['tarifa', 'hotel-booking-demand'] as const;
export type ImportFormat = (typeof importFormats)[number];

/** `atomic`: any bad row fails the import, nothing stored. `skip_invalid`: the valid rows are. */
export const importModes = ['atomic', 'skip_invalid'] as const;
export type ImportMode = (typeof importModes)[number];

export const importStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ImportStatusValue = (typeof importStatuses)[number];

/** DESIGN.md §5: Tarifa's own CSV; `guest_name` is an optional extra column. */
export const tarifaCsvColumns = [
  'external_id',
  'room_code',
  'arrival',
  'departure',
  'rooms',
  'adults',
  'children',
  'status',
  'booked_at',
  'cancelled_at',
  'total_amount',
  'currency',
  'channel',
  'segment',
  'country',
  'guest_name',
] as const;
/** A Tarifa file without one of these is refused as a whole (`missing_columns`). */
export const tarifaCsvRequiredColumns = [
  'external_id',
  'room_code',
  'arrival',
  'departure',
  'total_amount',
] as const;

/** The public "Hotel booking demand" dataset (Antonio, de Almeida & Nunes, 2019): 32 columns. */
export const hotelBookingDemandColumns = [
  'hotel',
  'is_canceled',
  'lead_time',
  'arrival_date_year',
  'arrival_date_month',
  'arrival_date_week_number',
  'arrival_date_day_of_month',
  'stays_in_weekend_nights',
  'stays_in_week_nights',
  'adults',
  'children',
  'babies',
  'meal',
  'country',
  'market_segment',
  'distribution_channel',
  'is_repeated_guest',
  'previous_cancellations',
  'previous_bookings_not_canceled',
  'reserved_room_type',
  'assigned_room_type',
  'booking_changes',
  'deposit_type',
  'agent',
  'company',
  'days_in_waiting_list',
  'customer_type',
  'adr',
  'required_car_parking_spaces',
  'total_of_special_requests',
  'reservation_status',
  'reservation_status_date',
] as const;
/** The columns the import reads; a file without one of them is refused as a whole. */
export const hotelBookingDemandRequiredColumns = [
  'hotel',
  'lead_time',
  'arrival_date_year',
  'arrival_date_month',
  'arrival_date_day_of_month',
  'stays_in_weekend_nights',
  'stays_in_week_nights',
  'adults',
  'reserved_room_type',
  'adr',
  'reservation_status',
  'reservation_status_date',
] as const;

/** A multipart checkbox: `true`/`false` (also `1`/`0`, `on`/`off`), absent or blank is false. */
const booleanField = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v))
  .pipe(z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off', ''])]).optional())
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/**
 * The fields of `POST …/bookings/import` (multipart, next to the `file` part, in any order).
 * `hotel` is required for `hotel-booking-demand`: the value of its `hotel` column to keep (rows of
 * other hotels are counted as `skipped`); it is ignored for `tarifa`.
 */
export const importOptionsSchema = z
  .object({
    // Through a string first, so a missing format is `required` rather than `invalid_option`.
    format: z.string().trim().pipe(z.enum(importFormats)),
    hotel: blankable(z.string().max(200)),
    mode: optionalQuery(z.enum(importModes)).transform((v) => v ?? 'atomic'),
    createMissingRooms: booleanField,
  })
  .superRefine((o, ctx) => {
    if (o.format === 'hotel-booking-demand' && !o.hotel) {
      ctx.addIssue({
        code: 'custom',
        path: ['hotel'],
        message: 'Choose the hotel of the file to import',
        params: { code: 'required' },
      });
    }
  });
export type ImportOptions = z.input<typeof importOptionsSchema>;

export const importAcceptedSchema = z.object({ importId: z.uuid() });
export type ImportAccepted = z.infer<typeof importAcceptedSchema>;

/**
 * A bad row: `row` is its number in the file counting the header as row 1 (what a spreadsheet
 * shows); `column` the file's column at fault (null when the row as a whole is); `code` stable
 * for translation (docs/bookings.md), `message` in English.
 */
export const importRowErrorSchema = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/**
 * Why an import failed as a whole: `invalid_rows` (atomic mode and bad rows: see `errors`),
 * `missing_columns` {columns}, `empty_file`, `not_csv`, `interrupted` (the server stopped while it
 * ran; nothing was stored), `rooms_changed` (room types were removed meanwhile), `internal`.
 */
export const importFailureSchema = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
export type ImportFailure = z.infer<typeof importFailureSchema>;

export const importSummarySchema = z.object({
  id: z.uuid(),
  status: z.enum(importStatuses),
  format: z.enum(importFormats),
  mode: z.enum(importModes),
  hotel: z.string().nullable(),
  createMissingRooms: z.boolean(),
  fileName: z.string(),
  fileSize: z.number().int(),
  /** Data rows in the file; null until the file has been counted (early in `running`). */
  total: z.number().int().nullable(),
  /** Rows read so far: inserted + updated + rejected + skipped once finished. */
  processed: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  /** Bad rows (all of them; `errors` keeps the first 1 000). */
  rejected: z.number().int(),
  /** Rows of another hotel (`hotel-booking-demand`). */
  skipped: z.number().int(),
  /** Codes of the room types the import created (`createMissingRooms`). */
  createdRooms: z.array(z.string()),
  failure: importFailureSchema.nullable(),
  createdAt: isoDateTime,
  startedAt: isoDateTime.nullable(),
  finishedAt: isoDateTime.nullable(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** `GET …/imports/{importId}`: the summary and the first 1 000 bad rows, in file order. */
export const importStatusSchema = importSummarySchema.extend({
  errors: z.array(importRowErrorSchema),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** `GET …/imports`: the 20 most recent imports of the business, newest first (without errors). */
export const importsListSchema = z.object({ imports: z.array(importSummarySchema) });
export type ImportsList = z.infer<typeof importsListSchema>;

/**
 * `POST …/bookings/import/preview` (multipart: `file`, optional `format`): what the import wizard
 * shows before importing, read from the first 64 KB of the file only — so `hotels` and
 * `roomCodes` list the values seen in that part, not necessarily all of the file's.
 */
export const importPreviewSchema = z.object({
  /** The format the columns match, or null. */
  formatGuess: z.enum(importFormats).nullable(),
  delimiter: z.enum([',', ';', '\t']),
  /** Header names as found (trimmed, lower case). */
  columns: z.array(z.string()),
  /** Required columns of the format (given or guessed) that the header lacks. */
  missingColumns: z.array(z.string()),
  /** Distinct values of the `hotel` column in the sample, in order of appearance. */
  hotels: z.array(z.string()),
  /** The first rows, as column → raw value. */
  sampleRows: z.array(z.record(z.string(), z.string())),
  /** Data rows read in the sample. */
  sampledRows: z.number().int(),
  /** The file is longer than the part read. */
  truncated: z.boolean(),
  /** Room codes of the sample (`room_code` or `reserved_room_type`), upper case. */
  roomCodes: z.array(
    z.object({ code: z.string(), knownRoomUuid: z.uuid().nullable(), rows: z.number().int() }),
  ),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** The downloadable error report of an import: CSV `row,column,code,message` with a header. */
export function importErrorsToCsv(errors: readonly ImportRowError[]): string {
  const cell = (v: string | number | null) => {
    const s = v === null ? '' : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = errors.map((e) => [e.row, e.column, e.code, e.message].map(cell).join(','));
  return ['row,column,code,message', ...lines].join('\r\n') + '\r\n';
}

// ---------------------------------------------------------------------------------------------
// Integration tokens
// ---------------------------------------------------------------------------------------------

/** Every integration token starts with this, so it is recognisable (and scannable) anywhere. */
export const integrationTokenPrefix = 'trf_';

export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first characters of the token (`trf_` and 8 more), to tell tokens apart. */
  prefix: z.string(),
  createdAt: isoDateTime,
  lastUsedAt: isoDateTime.nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** `POST …/tokens`. */
export const createApiTokenBodySchema = z.object({
  name: z.string().trim().min(1).max(bookingLimits.tokenNameMax),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBodySchema>;

/** 201 of `POST …/tokens`: `token` is the secret, shown this once and never again. */
export const createdApiTokenSchema = z.object({ token: z.string(), apiToken: apiTokenSchema });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

/** `GET …/tokens`: the live tokens, newest first. */
export const apiTokensSchema = z.object({ apiTokens: z.array(apiTokenSchema) });
export type ApiTokens = z.infer<typeof apiTokensSchema>;

// ---------------------------------------------------------------------------------------------
// Demo mode
// ---------------------------------------------------------------------------------------------

/**
 * `GET /api/demo` (public): whether this server holds the demo account, and its credentials for
 * the login page to show.
 */
export const demoInfoSchema = z.object({
  enabled: z.boolean(),
  email: z.string().optional(),
  password: z.string().optional(),
});
export type DemoInfo = z.infer<typeof demoInfoSchema>;
