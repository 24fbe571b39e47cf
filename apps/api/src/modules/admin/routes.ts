import {
  ZAdminBusinessesQuery,
  ZAdminBusinessesResponse,
  ZAdminEmailsQuery,
  ZAdminEmailsResponse,
  ZAdminStats,
  ZAdminTokensResponse,
  ZAdminUserPatch,
  ZAdminUserResponse,
  ZAdminUsersQuery,
  ZAdminUsersResponse,
} from '@tarifa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { adminAccess } from '../../core/auth';
import { requireAuth } from '../../plugins/auth';
import { adminService } from './service';

/** How many emails the outbox answers at most (the newest). */
export const OUTBOX_LIMIT = 100;

/** `/api/v1/admin/*`: super-admin only (`manage Admin`, which only `manage all` grants). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = adminService(app.database.db, {
    clock: app.clock,
    mail: app.mail,
    unitOfWork: app.unitOfWork,
  });
  // The service refuses anyone but a super-admin; the routes ask the policy the same permission
  // before the query or body is read, so a client (or an integration token) learns nothing about
  // their input.
  const admin = { onRequest: app.authenticate, config: { access: adminAccess } };
  const doc = routeDoc('admin');

  app.get(
    '/v1/admin/emails',
    {
      ...admin,
      schema: {
        ...doc,
        operationId: 'listAdminEmails',
        summary: `The emails sent or kept in the outbox, newest first (at most ${OUTBOX_LIMIT})`,
        querystring: ZAdminEmailsQuery,
        response: {
          200: ZAdminEmailsResponse,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => service.outbox(requireAuth(request), request.query.to, OUTBOX_LIMIT),
  );

  app.get(
    '/v1/admin/users',
    {
      ...admin,
      schema: {
        ...doc,
        operationId: 'listAdminUsers',
        summary: 'Every account, newest first: search on name or email, filters, paging',
        querystring: ZAdminUsersQuery,
        response: { 200: ZAdminUsersResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listUsers(requireAuth(request), request.query),
  );

  app.patch(
    '/v1/admin/users/:uuid',
    {
      ...admin,
      schema: {
        ...doc,
        operationId: 'updateAdminUser',
        summary: "Change an account's role, plan, or disable / enable it (audited, notified)",
        params: byUuid,
        body: ZAdminUserPatch,
        response: { 200: ZAdminUserResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      user: await service.updateUser(requireAuth(request), request.params.uuid, request.body),
    }),
  );

  app.get(
    '/v1/admin/businesses',
    {
      ...admin,
      schema: {
        ...doc,
        operationId: 'listAdminBusinesses',
        summary: 'Every property, deleted ones too, with its owner, plan and counts',
        querystring: ZAdminBusinessesQuery,
        response: { 200: ZAdminBusinessesResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listBusinesses(requireAuth(request), request.query),
  );

  app.get(
    '/v1/admin/tokens',
    {
      ...admin,
      schema: {
        ...doc,
        operationId: 'listAdminTokens',
        summary: 'Every live integration token, with its business and owner (never its secret)',
        response: { 200: ZAdminTokensResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.listTokens(requireAuth(request)),
  );

  app.delete(
    '/v1/admin/tokens/:id',
    {
      ...admin,
      schema: {
        ...doc,
        operationId: 'revokeAdminToken',
        summary: "Revoke any business's integration token (audited, its owner notified)",
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.revokeToken(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/v1/admin/stats',
    {
      ...admin,
      schema: {
        ...doc,
        operationId: 'getAdminStats',
        summary: 'Totals, and sign-ups, imports and bookings per ISO week (UTC) for 12 weeks',
        response: { 200: ZAdminStats, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.stats(requireAuth(request)),
  );
};
