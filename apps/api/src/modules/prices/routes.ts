import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZClearOverridesQuery,
  ZOverridesBody,
  ZPricePreviewBody,
  ZPricePreviewResponse,
  ZPricesGrid,
  ZPricesQuery,
  ZPricesResponse,
} from '@tarifa/contract';
import { z } from 'zod';
import { byUuid, errorResponses, routeDoc, sendJson } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { requirePlan } from '../../plugins/entitlements';
import { previewChangeGate } from '../businesses/plan-gates';
import { pricesService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const doc = routeDoc('prices');

/**
 * A year of calendar is thousands of cells: `GET …/prices` writes its JSON straight from the
 * engine's cells (`wire.ts`) instead of checking them again against their schema (which stays in
 * the OpenAPI document). Its error answers are written as they are; their bodies come from the one
 * error handler.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

export interface PricesRoutesOptions {
  /** What "now" is; today is its date in the business's time zone (tests fix it). */
  clock?: () => Date;
}

/**
 * `/api/v1/businesses/{uuid}/prices*`: the recommended prices, the owner's manual prices and the
 * preview of a configuration change (docs/pricing.md, "Prices API"). Every route needs a caller;
 * integration tokens may read the prices of their business.
 */
export const pricesRoutes: FastifyPluginAsyncZod<PricesRoutesOptions> = async (app, options) => {
  const service = pricesService(app.database.db, {
    clock: options.clock,
    unitOfWork: app.unitOfWork,
  });
  app.addHook('onRequest', app.authenticate);
  const base = '/v1/businesses/:uuid/prices';

  app.get(
    base,
    {
      config: { access: { action: 'read', subject: 'Price' } },
      schema: {
        ...doc,
        operationId: 'listPrices',
        summary:
          'Prices of every room type (or one) on every night from `from` to `to` (≤ 731); `shape=grid` lays them out by room type and night',
        params: byUuid,
        querystring: ZPricesQuery,
        response: { 200: z.union([ZPricesResponse, ZPricesGrid]), ...errors },
      },
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      const json = await service.pricesJson(
        requireAuth(request),
        request.params.uuid,
        request.query,
      );
      return sendJson(reply, json);
    },
  );

  app.put(
    `${base}/overrides`,
    {
      config: { access: { action: 'update', subject: 'Price' } },
      schema: {
        ...doc,
        operationId: 'setManualPrices',
        summary: 'Set manual prices on every night of each range (all or nothing)',
        params: byUuid,
        body: ZOverridesBody,
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
    `${base}/overrides`,
    {
      config: { access: { action: 'update', subject: 'Price' } },
      schema: {
        ...doc,
        operationId: 'clearManualPrices',
        summary: 'Clear the manual prices of a range (one room type, or all without roomUuid)',
        params: byUuid,
        querystring: ZClearOverridesQuery,
        response: { 200: ZPricesResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await service.clearOverrides(requireAuth(request), request.params.uuid, request.query),
      ),
  );

  app.post(
    `${base}/preview`,
    {
      config: { access: { action: 'update', subject: 'Price' } },
      // A change is previewed only if the plan would let it be saved (the same gate as the call).
      preHandler: requirePlan(app.database.db, previewChangeGate),
      schema: {
        ...doc,
        operationId: 'previewPrices',
        summary: 'What a tariff-configuration change would do to the prices (saves nothing)',
        params: byUuid,
        body: ZPricePreviewBody,
        response: { 200: ZPricePreviewResponse, ...errors },
      },
    },
    async (request) => service.preview(requireAuth(request), request.params.uuid, request.body),
  );
};
