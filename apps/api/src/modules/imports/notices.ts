import { notifyOwner } from '../../core/notifications';
import type { Executor } from '../../db/client';
import type { StoredImportFailure } from '../../db/schema';
import type { ImportRow } from './repository';

/**
 * What the owner of the business is told when an import ends (docs/notifications.md), written in
 * the transaction that records the end, so an import is announced once and only once it is over.
 */
export const importNotices = {
  finished: (
    tx: Executor,
    job: Pick<ImportRow, 'id' | 'businessUuid' | 'fileName'>,
    imported: number,
  ) =>
    notifyOwner(tx, job.businessUuid, {
      kind: 'import_finished',
      params: { imported, fileName: job.fileName, importId: job.id },
    }),

  failed: (
    tx: Executor,
    job: Pick<ImportRow, 'id' | 'businessUuid' | 'fileName'>,
    failure: StoredImportFailure,
    errors: number,
  ) =>
    notifyOwner(tx, job.businessUuid, {
      kind: 'import_failed',
      params: { errors, reason: failure.code, fileName: job.fileName, importId: job.id },
    }),
};
