import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZRateRuleChangeEnvelope,
  ZRateRuleChangesResponse,
  ZRateRuleDecisionBody,
} from '@tarifa/contract';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { rateRulesService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const byChange = byUuid.extend({ id: z.uuid() });
const doc = routeDoc('rate-plans');

export interface RateRulesRoutesOptions {
  /** What "now" is (tests fix it). */
  clock?: () => Date;
}

/**
 * `/api/v1/businesses/{uuid}/rate-rule-changes*` (docs/rate-plans.md, "Changing the rules"): the
 * edits of the rate rules waiting for the owner, and the latest decided. Integration tokens with
 * the `prices` scope read them; deciding is a user's.
 */
export const rateRulesRoutes: FastifyPluginAsyncZod<RateRulesRoutesOptions> = async (
  app,
  options,
) => {
  const service = rateRulesService(app.database.db, {
    clock: options.clock,
    unitOfWork: app.unitOfWork,
  });
  app.addHook('onRequest', app.authenticate);
  const base = '/v1/businesses/:uuid/rate-rule-changes';

  app.get(
    base,
    {
      config: { access: { action: 'read', subject: 'PriceChange' } },
      schema: {
        ...doc,
        operationId: 'listRateRuleChanges',
        summary: 'The change of the rate rules waiting for a decision, then the latest decided',
        params: byUuid,
        response: { 200: ZRateRuleChangesResponse, ...errors },
      },
    },
    async (request) => ({
      rateRuleChanges: await service.list(requireAuth(request), request.params.uuid),
    }),
  );

  for (const [decision, summary] of [
    ['approve', 'Approve a change of the rate rules: the nights it reaches are republished'],
    ['reject', 'Reject a change of the rate rules: they are put back as published'],
  ] as const) {
    app.post(
      `${base}/:id/${decision}`,
      {
        config: { access: { action: 'update', subject: 'PriceChange' } },
        schema: {
          ...doc,
          operationId: `${decision}RateRuleChange`,
          summary,
          params: byChange,
          body: ZRateRuleDecisionBody,
          response: { 200: ZRateRuleChangeEnvelope, ...errors },
        },
      },
      async (request) => ({
        rateRuleChange: await service[decision](
          requireAuth(request),
          request.params.uuid,
          request.params.id,
          request.body,
        ),
      }),
    );
  }
};
