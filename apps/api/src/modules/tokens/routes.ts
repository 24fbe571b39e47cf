import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiTokens, ZCreateApiTokenBody, ZCreatedApiToken } from '@tarifa/contract';
import { z } from 'zod';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { gates, requirePlan } from '../../plugins/entitlements';
import { tokensService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const doc = routeDoc('tokens');

/** `/api/v1/businesses/{uuid}/tokens[/{id}]`: integration tokens (docs/bookings.md). */
export const tokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = tokensService(app.database.db, { clock: app.clock, unitOfWork: app.unitOfWork });
  app.addHook('onRequest', app.authenticate);
  const base = '/v1/businesses/:uuid/tokens';

  app.get(
    base,
    {
      config: { access: { action: 'read', subject: 'Integration' } },
      schema: {
        ...doc,
        operationId: 'listTokens',
        summary: 'The live integration tokens of a business, newest first',
        params: byUuid,
        response: { 200: ZApiTokens, ...errors },
      },
    },
    async (request) => ({
      apiTokens: await service.list(requireAuth(request), request.params.uuid),
    }),
  );

  app.post(
    base,
    {
      config: { access: { action: 'create', subject: 'Integration' } },
      preHandler: requirePlan(app.database.db, gates.createToken),
      schema: {
        ...doc,
        operationId: 'createToken',
        summary: 'Create an integration token; its secret is in this answer only',
        params: byUuid,
        body: ZCreateApiTokenBody,
        response: { 201: ZCreatedApiToken, ...errors },
      },
    },
    async (request, reply) => {
      const created = await service.create(requireAuth(request), request.params.uuid, request.body);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: { action: 'delete', subject: 'Integration' } },
      schema: {
        ...doc,
        operationId: 'revokeToken',
        summary: 'Revoke an integration token (it answers 401 from then on)',
        params: byUuid.extend({ id: z.uuid() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.revoke(requireAuth(request), request.params.uuid, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
