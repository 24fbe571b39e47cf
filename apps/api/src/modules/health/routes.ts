import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody, ZHealth } from '@tarifa/contract';
import { AppError } from '../../lib/errors';

/** `GET /api/health`: 200 when the database answers, 503 `service_unavailable` when it does not. */
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
};
