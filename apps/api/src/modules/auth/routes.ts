import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  errorBodySchema,
  loginBodySchema,
  registerBodySchema,
  userDataEnvelopeSchema,
} from '@tarifa/contract';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import type { ClientInfo } from './service';

export function clientInfo(request: FastifyRequest): ClientInfo {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

/** `/api/auth/*`: register, login, logout and the current user (DESIGN.md §2). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a client account and sign in',
        body: registerBodySchema,
        response: { 201: authResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await app.authService.register(request.body, clientInfo(request));
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginBodySchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) => app.authService.login(request.body, clientInfo(request)),
  );

  app.post(
    '/auth/logout',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the access token stops working',
        security: [{ bearer: [] }],
        response: { 204: z.null(), 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      await app.authService.logout(requireAuth(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/user',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: userDataEnvelopeSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ data: requireAuth(request).user }),
  );
};
