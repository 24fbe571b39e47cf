import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody, ZSupportMessageBody, ZSupportMessageEnvelope } from '@tarifa/contract';
import { requireAuth } from '../../plugins/auth';
import { supportRepository } from './repository';
import { supportService } from './service';

/** `/api/v1/support/*`: the support center's contact form. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = supportService(supportRepository(app.database.db));

  app.post(
    '/v1/support/messages',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['support'],
        summary: 'Send a message to the support team',
        security: [{ bearer: [] }],
        body: ZSupportMessageBody,
        response: {
          201: ZSupportMessageEnvelope,
          400: ZErrorBody,
          401: ZErrorBody,
          429: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const message = await service.send(requireAuth(request).user.uuid, request.body);
      return reply.status(201).send({ message });
    },
  );
};
