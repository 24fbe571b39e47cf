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
import { assertCan, requireAuth } from '../../plugins/auth';
import { adminService } from './service';

/** How many emails the outbox answers at most (the newest). */
export const OUTBOX_LIMIT = 100;

/** `/api/v1/admin/*`: super-admin only (`manage Admin`, which only `manage all` grants). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = adminService(app.database.db, { clock: app.clock });
  // Refused before the query or body is read: a client (or an integration token) learns nothing
  // about these routes' input.
  const onRequest = [
    app.authenticate,
    async (request: Parameters<typeof assertCan>[0]) => {
      assertCan(request, 'manage', 'Admin');
    },
  ];
  const doc = routeDoc('admin');

  app.get(
    '/v1/admin/emails',
    {
      onRequest,
      schema: {
        ...doc,
        summary: `The emails sent or kept in the outbox, newest first (at most ${OUTBOX_LIMIT})`,
        querystring: ZAdminEmailsQuery,
        response: {
          200: ZAdminEmailsResponse,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const rows = await app.mail.list({ to: request.query.to, limit: OUTBOX_LIMIT });
      return {
        emails: rows.map((row) => ({
          id: row.id,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          kind: row.kind,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.get(
    '/v1/admin/users',
    {
      onRequest,
      schema: {
        ...doc,
        summary: 'Every account, newest first: search on name or email, filters, paging',
        querystring: ZAdminUsersQuery,
        response: { 200: ZAdminUsersResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listUsers(request.query),
  );

  app.patch(
    '/v1/admin/users/:uuid',
    {
      onRequest,
      schema: {
        ...doc,
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
      onRequest,
      schema: {
        ...doc,
        summary: 'Every property, deleted ones too, with its owner, plan and counts',
        querystring: ZAdminBusinessesQuery,
        response: { 200: ZAdminBusinessesResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listBusinesses(request.query),
  );

  app.get(
    '/v1/admin/tokens',
    {
      onRequest,
      schema: {
        ...doc,
        summary: 'Every live integration token, with its business and owner (never its secret)',
        response: { 200: ZAdminTokensResponse, ...errorResponses(401, 403) },
      },
    },
    async () => service.listTokens(),
  );

  app.delete(
    '/v1/admin/tokens/:id',
    {
      onRequest,
      schema: {
        ...doc,
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
      onRequest,
      schema: {
        ...doc,
        summary: 'Totals, and sign-ups, imports and bookings per ISO week (UTC) for 12 weeks',
        response: { 200: ZAdminStats, ...errorResponses(401, 403) },
      },
    },
    async () => service.stats(),
  );
};
