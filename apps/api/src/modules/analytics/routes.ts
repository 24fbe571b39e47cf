import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDailyQuery,
  ZDailyResponse,
  ZKpisQuery,
  ZMarketRangeQuery,
  ZMarketResponse,
  ZKpisResponse,
  ZPaceQuery,
  ZPaceResponse,
  ZPickupQuery,
  ZPickupResponse,
  ZSalesQuery,
  ZSalesResponse,
} from '@tarifa/contract';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { gates, requirePlan, type Gate } from '../../plugins/entitlements';
import { marketChart } from './market-chart';
import { analyticsService } from './service';

const errors = errorResponses(400, 401, 403, 404);
const doc = routeDoc('analytics');
const marketDoc = routeDoc('market');

export interface AnalyticsRoutesOptions {
  /** What "now" is; today is its date in the business's time zone (tests fix it). */
  clock?: () => Date;
}

/**
 * `/api/v1/businesses/{uuid}/analytics/{kpis,daily,sales,pace,pickup}` (docs/analytics.md): the
 * owner's figures, read with a session. No integration-token scope lists them, so a token is
 * refused with 403 whatever its scopes.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<AnalyticsRoutesOptions> = async (
  app,
  options,
) => {
  const service = analyticsService(app.database.db, { clock: options.clock });
  app.addHook('onRequest', app.authenticate);
  const gated = (gate: Gate) => requirePlan(app.database.db, gate, { clock: options.clock });
  const base = '/v1/businesses/:uuid/analytics';

  app.get(
    `${base}/kpis`,
    {
      config: { access: { action: 'read', subject: 'Analytics' } },
      schema: {
        ...doc,
        operationId: 'getKpis',
        summary: 'Totals of the nights `from`…`to` (≤ 1 096), and of last year with `compare`',
        params: byUuid,
        querystring: ZKpisQuery,
        response: { 200: ZKpisResponse, ...errors },
      },
    },
    async (request) => service.kpis(requireAuth(request), request.params.uuid, request.query),
  );

  app.get(
    `${base}/daily`,
    {
      config: { access: { action: 'read', subject: 'Analytics' } },
      preHandler: gated(gates.nightsWindow),
      schema: {
        ...doc,
        operationId: 'getDailyAnalytics',
        summary:
          'Every night `from`…`to` (≤ 1 096): rooms, revenue, occupancy, ADR, RevPAR, prices',
        params: byUuid,
        querystring: ZDailyQuery,
        response: { 200: ZDailyResponse, ...errors },
      },
    },
    async (request) => service.daily(requireAuth(request), request.params.uuid, request.query),
  );

  app.get(
    `${base}/sales`,
    {
      config: { access: { action: 'read', subject: 'Analytics' } },
      preHandler: gated(gates.sales),
      schema: {
        ...doc,
        operationId: 'getSales',
        summary: 'Room nights, revenue and bookings of `from`…`to` grouped by `groupBy`',
        params: byUuid,
        querystring: ZSalesQuery,
        response: { 200: ZSalesResponse, ...errors },
      },
    },
    async (request) => service.sales(requireAuth(request), request.params.uuid, request.query),
  );

  app.get(
    `${base}/pace`,
    {
      config: { access: { action: 'read', subject: 'Analytics' } },
      preHandler: gated(gates.pace),
      schema: {
        ...doc,
        operationId: 'getPace',
        summary: 'The booking curve of a stay period, 365 … 0 days before, against last year',
        params: byUuid,
        querystring: ZPaceQuery,
        response: { 200: ZPaceResponse, ...errors },
      },
    },
    async (request) => service.pace(requireAuth(request), request.params.uuid, request.query),
  );

  app.get(
    `${base}/pickup`,
    {
      config: { access: { action: 'read', subject: 'Analytics' } },
      preHandler: gated(gates.nightsWindow),
      schema: {
        ...doc,
        operationId: 'getPickup',
        summary: 'Per stay night, rooms and revenue picked up in the `days` days up to `asOf`',
        params: byUuid,
        querystring: ZPickupQuery,
        response: { 200: ZPickupResponse, ...errors },
      },
    },
    async (request) => service.pickup(requireAuth(request), request.params.uuid, request.query),
  );

  // The market chart: drawn from the engine's cells, so composed here above market and pricing
  // inputs; a Pro feature documented with the market's routes, reached as they are.
  const chart = marketChart(app.database.db, options.clock);
  app.get(
    '/v1/businesses/:uuid/market',
    {
      config: { access: { action: 'read', subject: 'Market' } },
      preHandler: gated(gates.market),
      schema: {
        ...marketDoc,
        operationId: 'getMarket',
        summary: "Per room type and night: the market's median, lowest, highest and Tarifa's price",
        params: byUuid,
        querystring: ZMarketRangeQuery,
        response: { 200: ZMarketResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => chart(requireAuth(request), request.params.uuid, request.query),
  );
};
