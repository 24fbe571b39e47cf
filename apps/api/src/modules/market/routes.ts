import multipart from '@fastify/multipart';
import {
  marketLimits,
  ZCompetitorBody,
  ZCompetitorEnvelope,
  ZCompetitorRates,
  ZCompetitorRatesBody,
  ZCompetitorRatesImportQuery,
  ZCompetitorRatesImportResult,
  ZCompetitorRatesResult,
  ZCompetitorsList,
  ZErrorBody,
  ZMarketRangeQuery,
} from '@tarifa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { readFileUpload } from '../../lib/uploads';
import { requireAuth } from '../../plugins/auth';
import { gates, requirePlan } from '../../plugins/entitlements';
import { marketService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const byCompetitor = byUuid.extend({ competitorUuid: z.uuid() });
const doc = routeDoc('market');

export interface MarketRoutesOptions {
  /** What "now" is (tests fix it): the age of rates and today's date. */
  clock?: () => Date;
}

/**
 * `/api/v1/businesses/{uuid}/competitors[/{competitorUuid}]` and `…/competitor-rates[/import]`
 * (docs/market.md; the chart `…/market` is analytics'): a Pro feature (403 `plan_required` on Starter). Reached with a
 * session, or with an integration token holding the `market` scope.
 */
export const marketRoutes: FastifyPluginAsyncZod<MarketRoutesOptions> = async (app, options) => {
  const service = marketService(app.database.db, {
    clock: options.clock,
    unitOfWork: app.unitOfWork,
  });
  app.addHook('onRequest', app.authenticate);
  await app.register(multipart);
  const preHandler = requirePlan(app.database.db, gates.market);
  const business = '/v1/businesses/:uuid';
  const competitors = `${business}/competitors`;
  const rates = `${business}/competitor-rates`;

  app.get(
    competitors,
    {
      config: { access: { action: 'read', subject: 'Competitor' } },
      preHandler,
      schema: {
        ...doc,
        operationId: 'listCompetitors',
        summary: 'The competitors the business watches, by name',
        params: byUuid,
        response: { 200: ZCompetitorsList, ...errors },
      },
    },
    async (request) => ({
      competitors: await service.list(requireAuth(request), request.params.uuid),
    }),
  );

  app.post(
    competitors,
    {
      config: { access: { action: 'create', subject: 'Competitor' } },
      preHandler,
      schema: {
        ...doc,
        operationId: 'createCompetitor',
        summary: 'Add a competitor (name, url, stars, category → room type mappings)',
        params: byUuid,
        body: ZCompetitorBody,
        response: { 201: ZCompetitorEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const competitor = await service.create(
        requireAuth(request),
        request.params.uuid,
        request.body,
      );
      return reply.status(201).send({ competitor });
    },
  );

  app.put(
    `${competitors}/:competitorUuid`,
    {
      config: { access: { action: 'update', subject: 'Competitor' } },
      preHandler,
      schema: {
        ...doc,
        operationId: 'replaceCompetitor',
        summary: 'Replace a competitor',
        params: byCompetitor,
        body: ZCompetitorBody,
        response: { 200: ZCompetitorEnvelope, ...errors },
      },
    },
    async (request) => ({
      competitor: await service.update(
        requireAuth(request),
        request.params.uuid,
        request.params.competitorUuid,
        request.body,
      ),
    }),
  );

  app.delete(
    `${competitors}/:competitorUuid`,
    {
      config: { access: { action: 'delete', subject: 'Competitor' } },
      preHandler,
      schema: {
        ...doc,
        operationId: 'deleteCompetitor',
        summary: 'Delete a competitor and its rates',
        params: byCompetitor,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(
        requireAuth(request),
        request.params.uuid,
        request.params.competitorUuid,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    rates,
    {
      config: { access: { action: 'read', subject: 'CompetitorRate' } },
      preHandler,
      schema: {
        ...doc,
        operationId: 'listCompetitorRates',
        summary: 'Observed rates of the nights from `from` to `to` (≤ 731), with their age',
        params: byUuid,
        querystring: ZMarketRangeQuery,
        response: { 200: ZCompetitorRates, ...errors },
      },
    },
    async (request) => service.rates(requireAuth(request), request.params.uuid, request.query),
  );

  app.put(
    rates,
    {
      config: { access: { action: 'update', subject: 'CompetitorRate' } },
      preHandler,
      // 5 000 rates of JSON are about 1 MB, the app's default limit.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        ...doc,
        operationId: 'storeCompetitorRates',
        summary: 'Store up to 5 000 observed rates, all or nothing (a newer observation wins)',
        params: byUuid,
        body: ZCompetitorRatesBody,
        response: { 200: ZCompetitorRatesResult, ...errors, 413: ZErrorBody },
      },
    },
    async (request) => service.pushRates(requireAuth(request), request.params.uuid, request.body),
  );

  app.post(
    `${rates}/import`,
    {
      config: { access: { action: 'create', subject: 'CompetitorRate' } },
      preHandler,
      schema: {
        ...doc,
        operationId: 'importCompetitorRates',
        summary:
          'Import a CSV of rates (multipart: file ≤ 5 MB; ?mode=atomic|skip_invalid&createCompetitors)',
        consumes: ['multipart/form-data'],
        params: byUuid,
        querystring: ZCompetitorRatesImportQuery,
        response: {
          200: ZCompetitorRatesImportResult,
          ...errors,
          413: ZErrorBody,
          415: ZErrorBody,
        },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      // Someone else's business is refused before its upload is read.
      await service.assertReachable(caller, request.params.uuid);
      const file = await readFileUpload(request, {
        maxBytes: marketLimits.importMaxBytes,
        tooLargeMessage: 'A rates file must be at most 5 MB',
      });
      return service.importRates(caller, request.params.uuid, file, request.query);
    },
  );
};
