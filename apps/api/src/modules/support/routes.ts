import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSupportMessageBody, ZSupportMessageEnvelope } from '@tarifa/contract';
import { errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { supportRepository } from './repository';
import { supportService } from './service';

/** `/api/v1/support/*`: the support center's contact form. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = supportService(supportRepository(app.database.db), app.clock);

  app.post(
    '/v1/support/messages',
    {
      onRequest: app.authenticate,
      schema: {
        ...routeDoc('support'),
        operationId: 'sendSupportMessage',
        summary: 'Send a message to the support team',
        body: ZSupportMessageBody,
        response: {
          201: ZSupportMessageEnvelope,
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      const message = await service.send(requireAuth(request).user.uuid, request.body);
      return reply.status(201).send({ message });
    },
  );
};
