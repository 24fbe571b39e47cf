import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBusinessEnvelope,
  ZRatePlanBody,
  ZRatePlanEnvelope,
  ZRatePlansResponse,
  ZVersionQuery,
} from '@tarifa/contract';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { ratePlansService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const byRatePlan = byUuid.extend({ ratePlanUuid: z.uuid() });
const doc = routeDoc('rate-plans');

/**
 * `/api/v1/businesses/{uuid}/rate-plans*`: the property's rate plans (docs/rate-plans.md) — list,
 * create, replace, delete. Every route needs a caller: the list, its owner or an integration token
 * with the `prices` scope; a change, its owner.
 */
export const ratePlansRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = ratePlansService(app.database.db, { unitOfWork: app.unitOfWork });
  app.addHook('onRequest', app.authenticate);
  const base = '/v1/businesses/:uuid/rate-plans';

  app.get(
    base,
    {
      // An integration token with the `prices` scope reads them (a channel sells rate plans).
      config: { access: { action: 'read', subject: 'Price' } },
      schema: {
        ...doc,
        operationId: 'listRatePlans',
        summary: 'Rate plans: the base first, then each parent before the plans derived from it',
        params: byUuid,
        response: { 200: ZRatePlansResponse, ...errors },
      },
    },
    async (request) => ({
      ratePlans: await service.list(requireAuth(request), request.params.uuid),
    }),
  );

  app.post(
    base,
    {
      config: { access: { action: 'create', subject: 'Pricing' } },
      schema: {
        ...doc,
        operationId: 'createRatePlan',
        summary: 'Add a rate plan derived from the base or another plan',
        params: byUuid,
        body: ZRatePlanBody,
        response: { 201: ZRatePlanEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await service.create(requireAuth(request), request.params.uuid, request.body);
      return reply.status(201).send(answer);
    },
  );

  app.put(
    `${base}/:ratePlanUuid`,
    {
      config: { access: { action: 'update', subject: 'Pricing' } },
      schema: {
        ...doc,
        operationId: 'replaceRatePlan',
        summary: 'Replace a rate plan (the base plan keeps no parent, adjustment or bounds)',
        params: byRatePlan,
        body: ZRatePlanBody,
        response: { 200: ZRatePlanEnvelope, ...errors },
      },
    },
    async (request) =>
      service.update(
        requireAuth(request),
        request.params.uuid,
        request.params.ratePlanUuid,
        request.body,
      ),
  );

  app.delete(
    `${base}/:ratePlanUuid`,
    {
      config: { access: { action: 'delete', subject: 'Pricing' } },
      schema: {
        ...doc,
        operationId: 'deleteRatePlan',
        summary: 'Delete a rate plan no other derives from (never the base plan)',
        params: byRatePlan,
        querystring: ZVersionQuery,
        response: { 200: ZBusinessEnvelope, ...errors },
      },
    },
    async (request) => ({
      business: await service.remove(
        requireAuth(request),
        request.params.uuid,
        request.params.ratePlanUuid,
        request.query.version,
      ),
    }),
  );
};
