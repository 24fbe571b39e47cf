import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiTokens, ZCreateApiTokenBody, ZCreatedApiToken, ZErrorBody } from '@tarifa/contract';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import { tokensService } from './service';

const errors = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
};
const byUuid = z.object({ uuid: z.uuid() });
const tags = ['tokens'];
const security = [{ bearer: [] }];

/** `/api/v1/businesses/{uuid}/tokens[/{id}]`: integration tokens (docs/bookings.md). */
export const tokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = tokensService(app.database.db);
  app.addHook('onRequest', app.authenticate);
  const base = '/v1/businesses/:uuid/tokens';

  app.get(
    base,
    {
      schema: {
        tags,
        security,
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
      schema: {
        tags,
        security,
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
      schema: {
        tags,
        security,
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
