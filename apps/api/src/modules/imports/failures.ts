import type { StoredImportFailure } from '../../db/schema';

/** An import that cannot go on: the job fails with this code and message. */
export class ImportFailure extends Error {
  constructor(
    readonly failure: StoredImportFailure,
    /** The counts and errors so far are worth keeping (a file with bad rows). */
    readonly keepProgress = true,
  ) {
    super(failure.message);
    this.name = 'ImportFailure';
  }
}

export const failures = {
  invalidRows: (rejected: number): StoredImportFailure => ({
    code: 'invalid_rows',
    message: `${rejected} row(s) are not valid; in atomic mode nothing was imported`,
    params: { rejected },
  }),
  missingColumns: (columns: string[]): StoredImportFailure => ({
    code: 'missing_columns',
    message: `The file has no column ${columns.join(', ')}`,
    params: { columns: columns.join(', ') },
  }),
  emptyFile: (): StoredImportFailure => ({ code: 'empty_file', message: 'The file is empty' }),
  notCsv: (message: string): StoredImportFailure => ({ code: 'not_csv', message }),
  interrupted: (): StoredImportFailure => ({
    code: 'interrupted',
    message: 'The server stopped while importing; nothing was stored. Import the file again.',
  }),
  roomsChanged: (): StoredImportFailure => ({
    code: 'rooms_changed',
    message: 'Room types were removed during the import; nothing was stored. Import it again.',
  }),
  businessGone: (): StoredImportFailure => ({
    code: 'business_gone',
    message: 'The business was deleted during the import',
  }),
  internal: (): StoredImportFailure => ({
    code: 'internal',
    message: 'The import failed unexpectedly; nothing was stored',
  }),
};
