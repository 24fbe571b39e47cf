import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody, ZHealth, ZReady, type TFieldIssue } from '@tarifa/contract';
import { AppError } from '../../lib/errors';

/**
 * `GET /api/health`, liveness: 200 when the database answers, 503 `service_unavailable` when it
 * does not. `GET /api/ready`, readiness (docs/deployment.md): 200 when this instance should take
 * traffic — the database answers, every migration has run, the job runner works — else 503 naming
 * what is not ready; from the moment the server begins to stop, every request answers 503.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        operationId: 'getHealth',
        summary: "Liveness, database reachability and the event loop's delay",
        response: { 200: ZHealth, 503: ZErrorBody },
      },
    },
    async (request) => {
      try {
        await app.database.ping();
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        throw new AppError('service_unavailable', 'The database is not reachable');
      }
      return {
        status: 'ok' as const,
        database: app.database.kind,
        version: app.appVersion,
        eventLoopDelayMs: app.eventLoopDelay(),
      };
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        operationId: 'getReady',
        summary: 'Readiness: database reachable, migrations done, job runner working',
        response: { 200: ZReady, 503: ZErrorBody },
      },
    },
    async (request) => {
      const waiting: TFieldIssue[] = [];
      const migrated = await app.database.migrated().catch((err: unknown) => {
        request.log.error({ err }, 'readiness: database unreachable');
        waiting.push({
          path: 'database',
          code: 'unreachable',
          message: 'The database does not answer',
        });
        return true;
      });
      if (!migrated) {
        waiting.push({
          path: 'migrations',
          code: 'pending',
          message: 'Migrations have not all run',
        });
      }
      if (!app.jobsReady()) {
        waiting.push({ path: 'jobs', code: 'stopped', message: 'The job runner is not working' });
      }
      if (waiting.length > 0) {
        throw new AppError('service_unavailable', 'This instance is not ready', waiting);
      }
      return { status: 'ready' as const, database: app.database.kind, version: app.appVersion };
    },
  );
};
