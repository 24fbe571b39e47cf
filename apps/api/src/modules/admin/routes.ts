import { ZAdminEmailsQuery, ZAdminEmailsResponse, ZErrorBody } from '@tarifa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
        tags: ['admin'],
        summary: `The emails sent or kept in the outbox, newest first (at most ${OUTBOX_LIMIT})`,
        security: [{ bearer: [] }],
        querystring: ZAdminEmailsQuery,
        response: {
          200: ZAdminEmailsResponse,
          400: ZErrorBody,
          401: ZErrorBody,
          403: ZErrorBody,
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
