import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZPortfolioCopyBody,
  ZPortfolioCopyResponse,
  ZPortfolioQuery,
  ZPortfolioResponse,
} from '@tarifa/contract';
import { errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { portfolioCopy } from './copy';
import { portfolioService } from './service';

const errors = errorResponses(400, 401, 403, 404);
const doc = routeDoc('portfolio');

export interface PortfolioRoutesOptions {
  /** What "now" is (tests fix it). */
  clock?: () => Date;
}

/**
 * `/api/v1/portfolio*` (docs/portfolio.md): the signed-in owner's properties side by side, and a
 * setting copied from one of them to others. A user's only: no integration-token scope reaches it.
 */
export const portfolioRoutes: FastifyPluginAsyncZod<PortfolioRoutesOptions> = async (
  app,
  options,
) => {
  const service = portfolioService(app.database.db, { clock: options.clock });
  const copy = portfolioCopy(app.database.db, {
    clock: options.clock,
    unitOfWork: app.unitOfWork,
  });
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/v1/portfolio',
    {
      schema: {
        ...doc,
        operationId: 'getPortfolio',
        summary:
          'The caller’s properties for the nights `from`…`to` (≤ 366): figures, last year, budget, pending changes, alerts, totals per currency',
        querystring: ZPortfolioQuery,
        response: { 200: ZPortfolioResponse, ...errors },
      },
    },
    async (request) => service.overview(requireAuth(request), request.query),
  );

  for (const [path, operationId, summary, work] of [
    [
      '/v1/portfolio/copy/preview',
      'previewPortfolioCopy',
      'What copying a setting (seasons, occupancy levels, rate plans, stay restrictions) of one property would change in each target, and its effect on prices; saves nothing',
      copy.preview,
    ],
    [
      '/v1/portfolio/copy',
      'copyPortfolioSetting',
      'Copy a setting of one property to others: each target all or nothing, in its own log; the result per target',
      copy.copy,
    ],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          ...doc,
          operationId,
          summary,
          body: ZPortfolioCopyBody,
          response: { 200: ZPortfolioCopyResponse, ...errors },
        },
      },
      async (request) => work(requireAuth(request), request.body),
    );
  }
};
