import { Readable } from 'node:stream';
import {
  bookingLimits,
  ZImportOptions,
  toFieldIssues,
  type TImportFormat,
  type TImportPreview,
  type TImportStatus,
  type TImportSummary,
} from '@tarifa/contract';
import type { JobRunner } from '../../core/jobs';
import { roomTypesRepository } from '../../core/room-types';
import { withTransaction, type Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { actorOf, reachBusiness, type Caller } from '../../core/tenancy';
import { detectDelimiter, readCsv } from '../../lib/csv-reader';
import { guessFormat, isMissing, missingColumns, readHeader, roomCodeColumn } from './formats';
import { IMPORT_JOB } from './jobs';
import { importsRepository, type ImportRow } from './repository';
import type { ReceivedFile, UploadStore } from './uploads';

function toSummary(row: ImportRow): TImportSummary {
  return {
    id: row.id,
    status: row.status as TImportSummary['status'],
    format: row.format as TImportSummary['format'],
    mode: row.mode as TImportSummary['mode'],
    hotel: row.hotel,
    createMissingRooms: row.createMissingRooms,
    fileName: row.fileName,
    fileSize: row.fileSize,
    total: row.total,
    processed: row.processed,
    inserted: row.inserted,
    updated: row.updated,
    rejected: row.rejected,
    skipped: row.skipped,
    createdRooms: row.createdRooms,
    failure: row.failure ?? null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt ? row.startedAt.toISOString() : null,
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

export const toImportStatus = (row: ImportRow): TImportStatus => ({
  ...toSummary(row),
  errors: row.errors,
});

/**
 * CSV imports of a business (docs/bookings.md): queued as jobs (`imports.run`), previewed
 * for the wizard, and their status.
 */
export function importsService(
  db: Db,
  deps: { uploads: UploadStore; jobs: Pick<JobRunner, 'enqueue' | 'kick'> },
) {
  const reach = (caller: Caller, businessUuid: string) => reachBusiness(db, caller, businessUuid);

  return {
    /** 404 unless the caller reaches the business (checked before an upload is read). */
    assertReachable: async (caller: Caller, businessUuid: string) => {
      await reach(caller, businessUuid);
    },

    /**
     * Queues the import of an uploaded file with the multipart fields; answers its id. Bad
     * fields answer 400 (naming them) and the file is removed.
     */
    async enqueue(
      caller: Caller,
      businessUuid: string,
      file: ReceivedFile | undefined,
      fields: Record<string, string>,
    ): Promise<string> {
      let importId: string;
      try {
        const business = await reach(caller, businessUuid);
        const parsed = ZImportOptions.safeParse(fields, { reportInput: true });
        const issues = parsed.success ? [] : toFieldIssues(parsed.error);
        if (!file) {
          issues.unshift({
            path: 'file',
            code: 'required',
            message: 'Send the CSV in the multipart field "file"',
          });
        }
        if (issues.length || !parsed.success) throw AppError.validation(issues);
        const options = parsed.data;
        // The record and its job, together: a queued import always has a job to run it.
        importId = await withTransaction(db, async (tx) => {
          const { id } = await importsRepository(tx, business.uuid).insert({
            createdBy: actorOf(caller),
            format: options.format,
            mode: options.mode,
            hotel: options.format === 'hotel-booking-demand' ? (options.hotel ?? null) : null,
            createMissingRooms: options.createMissingRooms,
            fileName: file!.name,
            fileSize: file!.size,
            fileId: file!.id,
          });
          await deps.jobs.enqueue(
            tx,
            IMPORT_JOB,
            { importId: id },
            { maxAttempts: 1, businessUuid: business.uuid },
          );
          return id;
        });
      } catch (err) {
        if (file) await deps.uploads.remove(file.id);
        throw err;
      }
      deps.jobs.kick();
      return importId;
    },

    async get(caller: Caller, businessUuid: string, importId: string): Promise<TImportStatus> {
      const business = await reach(caller, businessUuid);
      const row = await importsRepository(db, business.uuid).find(importId);
      if (!row) throw AppError.notFound('Import');
      return toImportStatus(row);
    },

    async recent(caller: Caller, businessUuid: string): Promise<TImportSummary[]> {
      const business = await reach(caller, businessUuid);
      const rows = await importsRepository(db, business.uuid).recent(bookingLimits.recentImports);
      return rows.map(toSummary);
    },

    /**
     * What the wizard shows from the first bytes of a file: columns, the format they match, the
     * hotels and room codes seen (in that part only), and the first rows.
     */
    async preview(
      caller: Caller,
      businessUuid: string,
      sample: { bytes: Buffer; truncated: boolean },
      format: TImportFormat | undefined,
    ): Promise<TImportPreview> {
      const business = await reach(caller, businessUuid);
      let text = sample.bytes.toString('utf8');
      // The last line of a cut sample is likely cut too.
      if (sample.truncated) text = text.slice(0, Math.max(0, text.lastIndexOf('\n') + 1));
      if (text.indexOf('\u0000') !== -1) {
        throw new AppError('unsupported_media_type', 'This is not a CSV text file', [
          { path: 'file', code: 'invalid_csv', message: 'Not a CSV text file' },
        ]);
      }
      let delimiter: TImportPreview['delimiter'] = ',';
      const records: string[][] = [];
      for await (const batch of readCsv(Readable.from([text]), {
        onHeaderLine: (line) => (delimiter = detectDelimiter(line)),
      })) {
        for (const record of batch) records.push(record.fields);
      }
      const [headerFields, ...rows] = records;
      if (!headerFields) {
        throw AppError.field('file', 'empty_file', 'The file is empty');
      }
      const header = readHeader(headerFields);
      const formatGuess = guessFormat(header);
      const chosen = format ?? formatGuess;
      const cell = (fields: string[], name: string) => {
        const i = header.index.get(name);
        const value = i === undefined ? undefined : fields[i];
        return isMissing(value) ? undefined : value;
      };

      const hotels: string[] = [];
      if (header.index.has('hotel')) {
        for (const fields of rows) {
          const hotel = cell(fields, 'hotel');
          if (hotel && !hotels.includes(hotel)) hotels.push(hotel);
        }
      }
      const roomColumn = chosen
        ? roomCodeColumn[chosen]
        : ['room_code', 'reserved_room_type'].find((c) => header.index.has(c));
      const codes = new Map<string, number>();
      if (roomColumn) {
        for (const fields of rows) {
          const code = cell(fields, roomColumn)?.toUpperCase();
          if (code) codes.set(code, (codes.get(code) ?? 0) + 1);
        }
      }
      const known = new Map(
        (await roomTypesRepository(db, business.uuid).liveRoomTypes()).map((r) => [r.code, r.uuid]),
      );
      return {
        formatGuess,
        delimiter,
        columns: header.columns,
        missingColumns: chosen ? missingColumns(chosen, header) : [],
        hotels,
        sampleRows: rows
          .slice(0, bookingLimits.previewSampleRows)
          .map((fields) =>
            Object.fromEntries(header.columns.map((name, i) => [name, fields[i] ?? ''])),
          ),
        sampledRows: rows.length,
        truncated: sample.truncated,
        roomCodes: [...codes.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([code, count]) => ({ code, knownRoomUuid: known.get(code) ?? null, rows: count })),
      };
    },
  };
}
export type ImportsService = ReturnType<typeof importsService>;
