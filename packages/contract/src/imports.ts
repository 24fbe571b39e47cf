import { z } from 'zod';
import { blankable, issue, optionalQuery, ZIsoDateTime } from './internal';

/**
 * CSV imports of bookings (`…/bookings/import`, `…/imports`, docs/bookings.md): a file is read in
 * the background and its rows become bookings; `…` is `/api/v1/businesses/{uuid}`. Row errors use
 * the same codes as the bookings' field details.
 */

export const importFormats = ['tarifa', 'hotel-booking-demand'] as const;
export type TImportFormat = (typeof importFormats)[number];

/** `atomic`: any bad row fails the import, nothing stored. `skip_invalid`: the valid rows are. */
export const importModes = ['atomic', 'skip_invalid'] as const;
export type TImportMode = (typeof importModes)[number];

export const importStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export type TImportStatusValue = (typeof importStatuses)[number];

/**
 * Tarifa's own CSV, one booking a row; `guest_name` and what was sold (`rate_plan`, `board`,
 * `cancellation_policy`) are optional extra columns.
 */
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
  'rate_plan',
  'board',
  'cancellation_policy',
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
const ZBooleanField = z
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
export const ZImportOptions = z
  .object({
    // Through a string first, so a missing format is `required` rather than `invalid_option`.
    format: z.string().trim().pipe(z.enum(importFormats)),
    hotel: blankable(z.string().max(200)),
    mode: optionalQuery(z.enum(importModes)).transform((v) => v ?? 'atomic'),
    createMissingRooms: ZBooleanField,
  })
  .superRefine((o, ctx) => {
    if (o.format === 'hotel-booking-demand' && !o.hotel) {
      issue(ctx, ['hotel'], 'required', 'Choose the hotel of the file to import');
    }
  });
export type TImportOptionsInput = z.input<typeof ZImportOptions>;

export const ZImportAccepted = z.object({ importId: z.uuid() });
export type TImportAccepted = z.infer<typeof ZImportAccepted>;

/**
 * A bad row: `row` is its number in the file counting the header as row 1 (what a spreadsheet
 * shows); `column` the file's column at fault (null when the row as a whole is); `code` stable
 * for translation (docs/bookings.md), `message` in English.
 */
export const ZImportRowError = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});
export type TImportRowError = z.infer<typeof ZImportRowError>;

/**
 * Why an import failed as a whole: `invalid_rows` (atomic mode and bad rows: see `errors`),
 * `missing_columns` {columns}, `empty_file`, `not_csv`, `interrupted` (the server stopped while it
 * ran; nothing was stored), `rooms_changed` (room types were removed meanwhile), `internal`.
 */
export const ZImportFailure = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
export type TImportFailure = z.infer<typeof ZImportFailure>;

export const ZImportSummary = z.object({
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
  failure: ZImportFailure.nullable(),
  createdAt: ZIsoDateTime,
  startedAt: ZIsoDateTime.nullable(),
  finishedAt: ZIsoDateTime.nullable(),
});
export type TImportSummary = z.infer<typeof ZImportSummary>;

/** `GET …/imports/{importId}`: the summary and the first 1 000 bad rows, in file order. */
export const ZImportStatus = ZImportSummary.extend({
  errors: z.array(ZImportRowError),
});
export type TImportStatus = z.infer<typeof ZImportStatus>;

/** `GET …/imports`: the 20 most recent imports of the business, newest first (without errors). */
export const ZImportsList = z.object({ imports: z.array(ZImportSummary) });
export type TImportsList = z.infer<typeof ZImportsList>;

/**
 * `POST …/bookings/import/preview` (multipart: `file`, optional `format`): what the import wizard
 * shows before importing, read from the first 64 KB of the file only — so `hotels` and
 * `roomCodes` list the values seen in that part, not necessarily all of the file's.
 */
export const ZImportPreview = z.object({
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
export type TImportPreview = z.infer<typeof ZImportPreview>;

/** The downloadable error report of an import: CSV `row,column,code,message` with a header. */
export function importErrorsToCsv(errors: readonly TImportRowError[]): string {
  const cell = (v: string | number | null) => {
    const s = v === null ? '' : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = errors.map((e) => [e.row, e.column, e.code, e.message].map(cell).join(','));
  return ['row,column,code,message', ...lines].join('\r\n') + '\r\n';
}
