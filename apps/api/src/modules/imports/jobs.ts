import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { fileStore } from '../../core/files/store';
import { Interrupted, LeaseLost, type JobHandler } from '../../core/jobs';
import type { UnitOfWork } from '../../core/unit-of-work';
import { withTransaction, type Database } from '../../db/client';
import type { StoredImportFailure } from '../../db/schema';
import { importNotices } from './notices';
import { importRunsRepository, type ImportProgress } from './repository';
import { failures, ImportFailure } from './failures';
import { runImport } from './runner';
import { openStaging } from './staging';

/** The job type that runs one import; its payload names the `imports` row. */
export const IMPORT_JOB = 'imports.run';

export interface ImportJobPayload {
  importId: string;
}

declare module '../../core/jobs/registry' {
  interface JobPayloads {
    [IMPORT_JOB]: ImportJobPayload;
  }
}

/**
 * The import job (docs/jobs.md): the `imports` row is the import's record and progress; running
 * it is a job of the shared mechanism, attempted once (an interrupted import is failed, not
 * retried: the user imports the file again). Whatever the outcome, the job ends with the row
 * saying it, the staged rows gone and the upload removed.
 */
export function importJob(deps: {
  database: Database;
  unitOfWork: Pick<UnitOfWork, 'flushIn'>;
  log: FastifyBaseLogger;
}): JobHandler<ImportJobPayload> {
  const { database, log } = deps;
  const runs = importRunsRepository(database.db);
  const files = fileStore(database.db);
  const removeFile = (fileId: string | null) =>
    files
      .remove(fileId)
      .catch((err: unknown) => log.warn({ err, fileId }, 'removing an import file'));

  return {
    async run({ importId }, ctx) {
      const job = await runs.start(importId, ctx.owner);
      if (!job) return; // failed meanwhile (its job was abandoned before it ran)
      const progress: ImportProgress = {
        total: null,
        processed: 0,
        rejected: 0,
        skipped: 0,
        errors: [],
      };
      const controller = new AbortController();
      const stop = () => controller.abort(ctx.signal.reason);
      ctx.signal.addEventListener('abort', stop);
      const report = async () => {
        if (!(await runs.progress(job.id, ctx.owner, progress))) {
          controller.abort(new LeaseLost());
        }
      };
      const beat = setInterval(() => {
        report().catch((err: unknown) => log.warn({ err, importId }, 'import progress'));
      }, 1_000);
      const started = performance.now();
      try {
        const result = await runImport(job, {
          db: database.db,
          unitOfWork: deps.unitOfWork,
          owner: ctx.owner,
          session: (options) => openStaging(database, job, ctx.connection, options),
          progress,
          signal: controller.signal,
          report,
          now: ctx.now,
        });
        log.info(
          {
            importId,
            ...result,
            rows: progress.processed,
            ms: Math.round(performance.now() - started),
          },
          'import succeeded',
        );
      } catch (err) {
        const reason = controller.signal.reason as unknown;
        if (err instanceof LeaseLost || reason instanceof LeaseLost) {
          log.warn({ importId }, 'import lease lost: another process declared it dead');
          return;
        }
        let failure: StoredImportFailure;
        let keep = true;
        if (err instanceof ImportFailure) {
          failure = err.failure;
          keep = err.keepProgress;
        } else if (reason instanceof Interrupted) {
          failure = failures.interrupted();
        } else {
          log.error({ err, importId }, 'import failed unexpectedly');
          failure = failures.internal();
        }
        await withTransaction(database.db, async (tx) => {
          const ended = await importRunsRepository(tx).finish(job.id, ctx.owner, {
            status: 'failed',
            failure,
            inserted: 0,
            updated: 0,
            ...(keep ? progress : { total: progress.total }),
          });
          if (ended) await importNotices.failed(tx, job, failure, keep ? progress.rejected : 0);
        }).catch((e: unknown) => log.error({ err: e, importId }, 'recording a failure'));
        log.info({ importId, failure: failure.code }, 'import failed');
      } finally {
        clearInterval(beat);
        ctx.signal.removeEventListener('abort', stop);
        await removeFile(job.fileId);
      }
    },

    /** Its process died mid-import: the import is failed, its staged rows and upload removed. */
    async onAbandoned({ importId }) {
      const failure = failures.interrupted();
      const row = await withTransaction(database.db, async (tx) => {
        const abandoned = await importRunsRepository(tx).abandon(importId, failure);
        if (abandoned) await importNotices.failed(tx, abandoned, failure, 0);
        return abandoned;
      });
      log.warn({ importId }, 'import interrupted (its process stopped): marked failed');
      await runs.clearStaged(importId);
      if (row) await removeFile(row.fileId);
    },
  };
}

/** The imports module on the app's job mechanism (called once, from app.ts): the import job. */
export function registerImportJobs(app: FastifyInstance) {
  app.jobs.register(IMPORT_JOB, {
    // An owner waits for it on screen: never behind recomputations or deliveries.
    lane: 'interactive',
    ...importJob({
      database: app.database,
      unitOfWork: app.unitOfWork,
      log: app.log.child({ module: 'imports' }),
    }),
  });
}
