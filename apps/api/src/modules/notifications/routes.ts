import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZMarkNotificationsReadBody,
  ZMarkNotificationsReadResponse,
  ZNotificationsQuery,
  ZNotificationsResponse,
} from '@tarifa/contract';
import { errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { notificationsService } from './service';

const errors = errorResponses(400, 401, 403);
const doc = routeDoc('notifications');

/** `/api/v1/notifications`: the signed-in user's own notifications (docs/notifications.md). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = notificationsService(app.database.db);
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/v1/notifications',
    {
      schema: {
        ...doc,
        operationId: 'listNotifications',
        summary: 'The caller’s notifications, newest first, and how many are unread',
        querystring: ZNotificationsQuery,
        response: { 200: ZNotificationsResponse, ...errors },
      },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );

  app.post(
    '/v1/notifications/read',
    {
      schema: {
        ...doc,
        operationId: 'markNotificationsRead',
        summary: 'Mark some (ids) or all of the caller’s notifications read',
        body: ZMarkNotificationsReadBody,
        response: { 200: ZMarkNotificationsReadResponse, ...errors },
      },
    },
    async (request) => service.markRead(requireAuth(request), request.body),
  );
};
