import { bookingLimits, type TImportFormat, type TImportRowError } from '@tarifa/contract';
import type { CsvRecord } from '../../lib/csv-reader';
import { failures, ImportFailure } from './failures';
import {
  missingColumns,
  readHeader,
  roomCodeColumn,
  rowMapper,
  type RowError,
  type StagedRow,
} from './formats';
import type { ImportProgress, ImportRow } from './repository';
import { RoomStats } from './rooms';

/**
 * The checks of an import's records, in the order of the file (docs/bookings.md): the first is
 * the header (a missing column fails the import), each next one a row, mapped to a booking in
 * the business's time zone and currency, or rejected (its errors kept, up to the limit) or
 * skipped. A row may not repeat an earlier row's `external_id`; its room type must exist, unless
 * the import creates the missing ones (`newRooms`: what each one learns from its rows).
 */
export function rowChecker(
  job: ImportRow,
  business: { timezone: string; currency: string },
  /** The business's room types, code → uuid. */
  rooms: ReadonlyMap<string, string>,
  progress: ImportProgress,
  now: Date,
  /** Whether the business keeps its guests' names (docs/privacy.md): off, rows keep none. */
  { keepGuestNames }: { keepGuestNames: boolean },
) {
  const format = job.format as TImportFormat;
  const roomColumn = roomCodeColumn[format];
  const newRooms = new Map<string, RoomStats>();
  const seenExternalIds = new Set<string>();
  let mapper: ReturnType<typeof rowMapper> | undefined;

  /** A bad row: counted, its errors kept while there is room for them. */
  const reject = (line: number, errors: RowError[]) => {
    progress.rejected++;
    for (const error of errors) {
      if (progress.errors.length < bookingLimits.importErrorsMax) {
        progress.errors.push({ row: line, ...error } satisfies TImportRowError);
      }
    }
  };

  function readHeaderOf(record: CsvRecord) {
    const header = readHeader(record.fields);
    const missing = missingColumns(format, header);
    if (missing.length) throw new ImportFailure(failures.missingColumns(missing), false);
    mapper = rowMapper(format, header, {
      timeZone: business.timezone,
      currency: business.currency,
      now,
      hotel: job.hotel,
    });
  }

  /** The row's errors beyond its own cells: a repeated `external_id`, an unknown room type. */
  function conflictsOf(row: StagedRow): RowError[] {
    if (row.externalId !== null) {
      if (seenExternalIds.has(row.externalId)) {
        return [
          {
            column: 'external_id',
            code: 'duplicate',
            message: `external_id ${row.externalId} is already on an earlier row`,
          },
        ];
      }
      seenExternalIds.add(row.externalId);
    }
    if (!newRooms.has(row.roomCode) && !rooms.has(row.roomCode)) {
      if (!job.createMissingRooms) {
        return [
          {
            column: roomColumn,
            code: 'unknown_room',
            message: `No room type with code ${row.roomCode} in this business`,
          },
        ];
      }
      newRooms.set(row.roomCode, new RoomStats());
    }
    return [];
  }

  return {
    newRooms,
    reject,
    /** Whether the file had a header (a first record). */
    get started() {
      return mapper !== undefined;
    },

    /** Checks the next record: the booking of a valid row, else undefined. */
    check(record: CsvRecord): StagedRow | undefined {
      if (!mapper) {
        readHeaderOf(record);
        return undefined;
      }
      progress.processed++;
      const result = mapper(record.fields, record.line);
      if (result.kind === 'skip') {
        progress.skipped++;
        return undefined;
      }
      if (result.kind === 'error') {
        reject(record.line, result.errors);
        return undefined;
      }
      const errors = conflictsOf(result.row);
      if (errors.length) {
        reject(record.line, errors);
        return undefined;
      }
      newRooms.get(result.row.roomCode)?.add(result.row);
      return keepGuestNames ? result.row : { ...result.row, guestName: null };
    },
  };
}
export type RowChecker = ReturnType<typeof rowChecker>;
