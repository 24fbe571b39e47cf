import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZFirstPriceListResponse,
  ZPriceChangeDecisionBody,
  ZPriceChangeDecisionResponse,
  ZPriceChangesExportQuery,
  ZPriceChangesPage,
  ZPriceChangesQuery,
  ZPriceChangesSummary,
  ZPriceChangesSummaryQuery,
  ZPublishedPricesExportQuery,
} from '@tarifa/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { attachment } from '../../lib/csv-writer';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { priceChangesService, type CsvExport } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const doc = routeDoc('price-changes');
/** A CSV file (`text/csv`, UTF-8 with a byte-order mark), streamed as it is read. */
const csvResponse = z.string().describe('CSV file (text/csv; charset=utf-8, with a BOM)');
/** The CSV is sent as it is; error answers (objects) as JSON. */
const asIs = () => (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data));

const sendCsv = (reply: FastifyReply, file: CsvExport) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', attachment(file.filename))
    .send(file.body);

export interface PriceChangesRoutesOptions {
  /** What "now" is (tests fix it). */
  clock?: () => Date;
}

/**
 * `/api/v1/businesses/{uuid}/price-changes*` and `…/prices/export.csv` (docs/price-changes-api.md):
 * the log of price changes, their approval, and the CSV exports. Integration tokens with the
 * `prices` scope read them; deciding is a user's.
 */
export const priceChangesRoutes: FastifyPluginAsyncZod<PriceChangesRoutesOptions> = async (
  app,
  options,
) => {
  const service = priceChangesService(app.database.db, {
    clock: options.clock,
    unitOfWork: app.unitOfWork,
  });
  app.addHook('onRequest', app.authenticate);
  const base = '/v1/businesses/:uuid/price-changes';

  app.get(
    base,
    {
      config: { access: { action: 'read', subject: 'PriceChange' } },
      schema: {
        ...doc,
        operationId: 'listPriceChanges',
        summary:
          'Price changes by status, room type, nights and reason step (or moved `since`), a page at a time',
        params: byUuid,
        querystring: ZPriceChangesQuery,
        response: { 200: ZPriceChangesPage, ...errors },
      },
    },
    async (request) => service.list(requireAuth(request), request.params.uuid, request.query),
  );

  app.get(
    `${base}/summary`,
    {
      config: { access: { action: 'read', subject: 'PriceChange' } },
      schema: {
        ...doc,
        operationId: 'summarizePriceChanges',
        summary:
          'How many changes the filters match, and how many are manual prices outside their room type’s bounds',
        params: byUuid,
        querystring: ZPriceChangesSummaryQuery,
        response: { 200: ZPriceChangesSummary, ...errors },
      },
    },
    async (request) => service.summary(requireAuth(request), request.params.uuid, request.query),
  );

  app.get(
    `${base}/first-list`,
    {
      config: { access: { action: 'read', subject: 'PriceChange' } },
      schema: {
        ...doc,
        operationId: 'getFirstPriceList',
        summary:
          'The first price list: the pending changes while none was ever decided (null otherwise)',
        params: byUuid,
        response: { 200: ZFirstPriceListResponse, ...errors },
      },
    },
    async (request) => service.firstList(requireAuth(request), request.params.uuid),
  );

  for (const [action, decide] of [
    ['approve', service.approve],
    ['reject', service.reject],
  ] as const) {
    app.post(
      `${base}/${action}`,
      {
        config: { access: { action: 'update', subject: 'PriceChange' } },
        schema: {
          ...doc,
          operationId: `${action}PriceChanges`,
          summary:
            action === 'approve'
              ? 'Approve the changes listed (`ids`) or matched (`filter`): pending and rejected ones'
              : 'Reject the changes listed (`ids`) or matched (`filter`): pending and undelivered approved ones',
          params: byUuid,
          body: ZPriceChangeDecisionBody,
          response: { 200: ZPriceChangeDecisionResponse, ...errors },
        },
      },
      async (request) => decide(requireAuth(request), request.params.uuid, request.body),
    );
  }

  app.get(
    `${base}/export.csv`,
    {
      config: { access: { action: 'read', subject: 'PriceChange' } },
      schema: {
        ...doc,
        operationId: 'exportPriceChanges',
        summary: 'Every price change the filters select, as CSV',
        params: byUuid,
        querystring: ZPriceChangesExportQuery,
        response: { 200: csvResponse, ...errors },
      },
      serializerCompiler: asIs,
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await service.exportChanges(requireAuth(request), request.params.uuid, request.query),
      ),
  );

  app.get(
    '/v1/businesses/:uuid/prices/export.csv',
    {
      config: { access: { action: 'read', subject: 'Price' } },
      schema: {
        ...routeDoc('prices'),
        operationId: 'exportPrices',
        summary: 'The published price list of nights `from`…`to` (≤ 731), as CSV',
        params: byUuid,
        querystring: ZPublishedPricesExportQuery,
        response: { 200: csvResponse, ...errors },
      },
      serializerCompiler: asIs,
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await service.exportPublished(requireAuth(request), request.params.uuid, request.query),
      ),
  );
};
