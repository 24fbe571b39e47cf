import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  abilityRulesFor,
  ZAuthResponse,
  ZChangePasswordBody,
  ZErrorBody,
  ZForgotPasswordBody,
  ZLoginBody,
  ZRegisterBody,
  ZResetPasswordBody,
  ZSessionsResponse,
  ZUserDataEnvelope,
} from '@tarifa/contract';
import { z } from 'zod';
import { limitAttempts, rateLimiter } from '../../lib/rate-limit';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { passwordResetService } from './password-reset';
import { authRepository } from './repository';
import { authService, type ClientInfo } from './service';

export function clientInfo(request: FastifyRequest): ClientInfo {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}

const errors = errorResponses(400, 401, 409, 429);

/**
 * `/api/auth/*` (register, login, logout, the current user, forgot and reset password) and
 * `/api/v1/auth/*` (change password, sessions) — docs/auth.md.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = rateLimiter(app.database.db, {
    limit: app.config.rateLimitAuthPerMinute,
    clock: app.clock,
    log: app.log,
  });
  const accounts = authService(authRepository(app.database.db), app.clock);
  const passwordReset = passwordResetService({
    repo: authRepository(app.database.db),
    mail: app.mail,
    appUrl: app.config.appUrl,
    clock: app.clock,
  });

  app.post(
    '/auth/register',
    {
      preValidation: limitAttempts(limiter, 'register'),
      schema: {
        tags: ['auth'],
        operationId: 'register',
        summary: 'Create a client account and sign in',
        body: ZRegisterBody,
        response: { 201: ZAuthResponse, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await accounts.register(request.body, clientInfo(request));
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/auth/login',
    {
      preValidation: limitAttempts(limiter, 'login'),
      schema: {
        tags: ['auth'],
        operationId: 'login',
        summary: 'Sign in with email and password',
        body: ZLoginBody,
        response: { 200: ZAuthResponse, ...errors },
      },
    },
    async (request) => accounts.login(request.body, clientInfo(request)),
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'logout',
        summary: 'Sign out: the access token stops working',
        security: bearerSecurity,
        response: { 204: z.null(), 401: ZErrorBody },
      },
    },
    async (request, reply) => {
      await accounts.logout(requireAuth(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/user',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'getCurrentUser',
        summary: 'The signed-in user',
        security: bearerSecurity,
        response: { 200: ZUserDataEnvelope, 401: ZErrorBody },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return { data: user, userAbilityRules: abilityRulesFor(user) };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      preValidation: limitAttempts(limiter, 'forgot-password'),
      schema: {
        tags: ['auth'],
        operationId: 'requestPasswordReset',
        summary:
          'Email a password reset link (always 202: the answer does not tell if the account exists)',
        body: ZForgotPasswordBody,
        response: { 202: z.undefined(), 400: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request, reply) => {
      passwordReset.requestReset(request.body);
      return reply.status(202).send(undefined);
    },
  );

  app.post(
    '/auth/reset-password',
    {
      preValidation: limitAttempts(limiter, 'reset-password'),
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        summary: 'Set a new password with the token of a reset link; signs out every session',
        body: ZResetPasswordBody,
        response: { 204: z.null(), 400: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request, reply) => {
      await passwordReset.resetPassword(request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/v1/auth/change-password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'changePassword',
        summary: 'Change the password; signs out every other session',
        security: bearerSecurity,
        body: ZChangePasswordBody,
        response: { 204: z.null(), 400: ZErrorBody, 401: ZErrorBody },
      },
    },
    async (request, reply) => {
      await accounts.changePassword(requireAuth(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/v1/auth/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'listSessions',
        summary: 'The signed-in user’s live sessions; `current` marks this one',
        security: bearerSecurity,
        response: { 200: ZSessionsResponse, 401: ZErrorBody },
      },
    },
    async (request) => ({ sessions: await accounts.listSessions(requireAuth(request)) }),
  );

  app.delete(
    '/v1/auth/sessions/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'revokeSession',
        summary: 'Sign one of your sessions out',
        security: bearerSecurity,
        params: z.object({ id: z.uuid() }),
        response: {
          204: z.null(),
          400: ZErrorBody,
          401: ZErrorBody,
          404: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      await accounts.revokeSession(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
