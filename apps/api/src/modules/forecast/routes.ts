import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZForecastQuery,
  ZForecastResponse,
  ZInsightsQuery,
  ZInsightsResponse,
} from '@tarifa/contract';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { gates, requirePlan } from '../../plugins/entitlements';
import { forecastService } from './service';

const errors = errorResponses(400, 401, 403, 404);
const doc = routeDoc('analytics');

export interface ForecastRoutesOptions {
  /** What "now" is; today is its date in the business's time zone (tests fix it). */
  clock?: () => Date;
}

/**
 * `/api/v1/businesses/{uuid}/analytics/{forecast,insights}` (docs/forecast.md): the owner's
 * figures, read with a session. No integration-token scope lists them, so a token is refused
 * with 403 whatever its scopes.
 */
export const forecastRoutes: FastifyPluginAsyncZod<ForecastRoutesOptions> = async (
  app,
  options,
) => {
  const service = forecastService(app.database.db, { clock: options.clock });
  app.addHook('onRequest', app.authenticate);
  const base = '/v1/businesses/:uuid/analytics';

  app.get(
    `${base}/forecast`,
    {
      config: { access: { action: 'read', subject: 'Analytics' } },
      preHandler: requirePlan(app.database.db, gates.forecast),
      schema: {
        ...doc,
        operationId: 'getForecast',
        summary:
          'Rooms on the books and forecast for every night `from`…`to` as of `asOf`, with the accuracy of the forecast against the seasonal-naive baseline',
        params: byUuid,
        querystring: ZForecastQuery,
        response: { 200: ZForecastResponse, ...errors },
      },
    },
    async (request) => service.forecast(requireAuth(request), request.params.uuid, request.query),
  );

  app.get(
    `${base}/insights`,
    {
      config: { access: { action: 'read', subject: 'Analytics' } },
      schema: {
        ...doc,
        operationId: 'listInsights',
        summary:
          'Nights `from`…`to` (default today and the 89 after it) that deserve attention, with their evidence and a suggested action',
        params: byUuid,
        querystring: ZInsightsQuery,
        response: { 200: ZInsightsResponse, ...errors },
      },
    },
    async (request) => service.insights(requireAuth(request), request.params.uuid, request.query),
  );
};
