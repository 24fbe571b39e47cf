import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  budgetLimits,
  ZBudgetEnvelope,
  ZBudgetImportQuery,
  ZBudgetImportResponse,
  ZBudgetProgress,
  ZBudgetProgressQuery,
  ZBudgetsQuery,
  ZBudgetsResponse,
  ZBudgetYear,
  ZBudgetYearBody,
  ZErrorBody,
} from '@tarifa/contract';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { readFileUpload } from '../../lib/uploads';
import { requireAuth } from '../../plugins/auth';
import { budgetsService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const doc = routeDoc('budgets');

export interface BudgetsRoutesOptions {
  /** What "now" is; today is its date in the business's time zone (tests fix it). */
  clock?: () => Date;
}

/**
 * `/api/v1/businesses/{uuid}/budgets*` (docs/budgets.md): the monthly budget — read, a year
 * replaced, a CSV imported — and a month against it. Read like the analytics, by a signed-in user
 * who reaches the business (no integration-token scope lists them: a token is 403); changed by its
 * owner, with the business's `version`.
 */
export const budgetsRoutes: FastifyPluginAsyncZod<BudgetsRoutesOptions> = async (app, options) => {
  const service = budgetsService(app.database.db, {
    unitOfWork: app.unitOfWork,
    clock: options.clock,
  });
  app.addHook('onRequest', app.authenticate);
  await app.register(multipart);
  const base = '/v1/businesses/:uuid/budgets';

  app.get(
    base,
    {
      config: { access: { action: 'read', subject: 'Analytics' } },
      schema: {
        ...doc,
        operationId: 'listBudgets',
        summary: 'The budgeted months `from`…`to` (YYYY-MM, at most 60): room nights and revenue',
        params: byUuid,
        querystring: ZBudgetsQuery,
        response: { 200: ZBudgetsResponse, ...errors },
      },
    },
    async (request) => service.list(requireAuth(request), request.params.uuid, request.query),
  );

  app.get(
    `${base}/progress`,
    {
      config: { access: { action: 'read', subject: 'Analytics' } },
      schema: {
        ...doc,
        operationId: 'getBudgetProgress',
        summary:
          'A month (default: this one) against its budget: actual so far, forecast at its end, last year',
        params: byUuid,
        querystring: ZBudgetProgressQuery,
        response: { 200: ZBudgetProgress, ...errors },
      },
    },
    async (request) => service.progress(requireAuth(request), request.params.uuid, request.query),
  );

  app.put(
    `${base}/:year`,
    {
      config: { access: { action: 'update', subject: 'Analytics' } },
      schema: {
        ...doc,
        operationId: 'replaceBudgetYear',
        summary:
          "Replace a year's budget: the months given are set, the others of the year cleared",
        params: byUuid.extend({ year: ZBudgetYear }),
        body: ZBudgetYearBody,
        response: { 200: ZBudgetEnvelope, ...errors },
      },
    },
    async (request) =>
      service.saveYear(
        requireAuth(request),
        request.params.uuid,
        request.params.year,
        request.body,
      ),
  );

  app.post(
    `${base}/import`,
    {
      config: { access: { action: 'update', subject: 'Analytics' } },
      schema: {
        ...doc,
        operationId: 'importBudget',
        summary:
          'Import a budget CSV (multipart field "file", ≤ 64 KB: month, room_nights, revenue); its months replace theirs',
        consumes: ['multipart/form-data'],
        params: byUuid,
        querystring: ZBudgetImportQuery,
        response: { 200: ZBudgetImportResponse, ...errors, 413: ZErrorBody },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      // Another tenant's business is 404 before its upload is read.
      await service.assertWritable(caller, request.params.uuid);
      const bytes = await readFileUpload(request, {
        maxBytes: budgetLimits.csvMaxBytes,
        tooLargeMessage: 'A budget CSV must be at most 64 KB',
      });
      return service.importCsv(caller, request.params.uuid, request.query.version, bytes);
    },
  );
};
