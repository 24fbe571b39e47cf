import {
  ZBusinessEnvelope,
  ZBusinessSazonalityEnvelope,
  ZSazonalityBody,
  ZVersionQuery,
} from '@tarifa/contract';
import { byUuid } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { bySazonality, doc, errors, tariff, type BusinessRoutes } from './routes-shared';

/** Seasons (sazonalities): added, replaced, deleted. */
export const seasonsRoutes: BusinessRoutes = async (app, { service }) => {
  app.post(
    `${tariff}/sazonalities`,
    {
      config: { access: { action: 'update', subject: 'Pricing' } },
      schema: {
        ...doc,
        operationId: 'createSazonality',
        summary: 'Add a sazonality (season)',
        params: byUuid,
        body: ZSazonalityBody,
        response: { 201: ZBusinessSazonalityEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await service.createSazonality(
        requireAuth(request),
        request.params.uuid,
        request.body,
      );
      return reply.status(201).send(answer);
    },
  );

  app.put(
    `${tariff}/sazonalities/:id`,
    {
      config: { access: { action: 'update', subject: 'Pricing' } },
      schema: {
        ...doc,
        operationId: 'replaceSazonality',
        summary: 'Replace a sazonality',
        params: bySazonality,
        body: ZSazonalityBody,
        response: { 200: ZBusinessSazonalityEnvelope, ...errors },
      },
    },
    async (request) =>
      service.updateSazonality(
        requireAuth(request),
        request.params.uuid,
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    `${tariff}/sazonalities/:id`,
    {
      config: { access: { action: 'update', subject: 'Pricing' } },
      schema: {
        ...doc,
        operationId: 'deleteSazonality',
        summary: 'Delete a sazonality',
        params: bySazonality,
        querystring: ZVersionQuery,
        response: { 200: ZBusinessEnvelope, ...errors },
      },
    },
    async (request) => ({
      business: await service.deleteSazonality(
        requireAuth(request),
        request.params.uuid,
        request.params.id,
        request.query.version,
      ),
    }),
  );
};
