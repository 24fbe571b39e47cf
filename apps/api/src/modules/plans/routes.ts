import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZChoosePlanBody,
  ZErrorBody,
  ZPlansResponse,
  ZSubscriptionResponse,
} from '@tarifa/contract';
import { errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { noPayment, type PaymentProvider } from './payments';
import { plansService } from './service';

const doc = routeDoc('plans');

export interface PlansRoutesOptions {
  /** Where a paid plan is paid (`noPayment` until a real provider is plugged in). */
  payments?: PaymentProvider;
}

/**
 * `/api/v1/plans` (public: the pricing page is read before signing up) and
 * `/api/v1/subscription`, the signed-in user's plan (docs/plans.md).
 */
export const plansRoutes: FastifyPluginAsyncZod<PlansRoutesOptions> = async (app, options) => {
  const service = plansService({ db: app.database.db, payments: options.payments ?? noPayment });

  app.get(
    '/v1/plans',
    {
      schema: {
        tags: doc.tags,
        operationId: 'listPlans',
        summary: 'The plans on offer: prices, limits and features (public)',
        response: { 200: ZPlansResponse },
      },
    },
    async () => ({ plans: service.list() }),
  );

  app.get(
    '/v1/subscription',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        operationId: 'getSubscription',
        summary: "The signed-in user's plan and billing interval",
        response: { 200: ZSubscriptionResponse, 401: ZErrorBody, 403: ZErrorBody },
      },
    },
    async (request) => ({ subscription: await service.subscription(requireAuth(request)) }),
  );

  app.put(
    '/v1/subscription',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        operationId: 'changeSubscription',
        summary:
          'Choose a plan (no payment is taken today); refused with 403 `plan_required` when the account already uses more than it allows',
        body: ZChoosePlanBody,
        response: { 200: ZSubscriptionResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ subscription: await service.choose(requireAuth(request), request.body) }),
  );
};
