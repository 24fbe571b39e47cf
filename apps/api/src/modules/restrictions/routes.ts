import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZClearRestrictionOverridesQuery,
  ZPricesResponse,
  ZRestrictionOverridesBody,
} from '@tarifa/contract';
import { byUuid, errorResponses, routeDoc, sendJson } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { restrictionsService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const doc = routeDoc('prices');

export interface RestrictionsRoutesOptions {
  /** What "now" is; today is its date in the business's time zone (tests fix it). */
  clock?: () => Date;
}

/**
 * `/api/v1/businesses/{uuid}/restrictions/overrides`: stay restrictions set on calendar cells
 * (docs/market.md). Integration tokens read them with the prices; they cannot set them.
 */
export const restrictionsRoutes: FastifyPluginAsyncZod<RestrictionsRoutesOptions> = async (
  app,
  options,
) => {
  const service = restrictionsService(app.database.db, {
    clock: options.clock,
    unitOfWork: app.unitOfWork,
  });
  app.addHook('onRequest', app.authenticate);
  const path = '/v1/businesses/:uuid/restrictions/overrides';

  app.put(
    path,
    {
      config: { access: { action: 'update', subject: 'Price' } },
      schema: {
        ...doc,
        operationId: 'setStayRestrictions',
        summary: 'Set stay restrictions on every night of each range (null clears a field)',
        params: byUuid,
        body: ZRestrictionOverridesBody,
        response: { 200: ZPricesResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await service.setOverrides(requireAuth(request), request.params.uuid, request.body),
      ),
  );

  app.delete(
    path,
    {
      config: { access: { action: 'update', subject: 'Price' } },
      schema: {
        ...doc,
        operationId: 'clearStayRestrictions',
        summary: "Clear the cells' own stay restrictions of a range (one room type, or all)",
        params: byUuid,
        querystring: ZClearRestrictionOverridesQuery,
        response: { 200: ZPricesResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await service.clearOverrides(requireAuth(request), request.params.uuid, request.query),
      ),
  );
};
