import { ZAdminEmailsQuery, ZAdminEmailsResponse } from '@tarifa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, routeDoc } from '../../lib/route-schemas';
import { assertCan } from '../../plugins/auth';

/** How many emails the outbox answers at most (the newest). */
export const OUTBOX_LIMIT = 100;

/** `/api/v1/admin/*`: super-admin only (`manage Admin`, which only `manage all` grants). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/admin/emails',
    {
      // Refused before the query is read: a client learns nothing about this route's input.
      onRequest: [
        app.authenticate,
        async (request) => {
          assertCan(request, 'manage', 'Admin');
        },
      ],
      schema: {
        ...routeDoc('admin'),
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
};
