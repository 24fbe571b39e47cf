import { ZAdminAuditQuery, ZAuditPage, ZAuditQuery } from '@tarifa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { adminAccess } from '../../core/auth';
import { requireAuth } from '../../plugins/auth';
import { auditService } from './service';

const doc = routeDoc('audit');

/**
 * The audit trails (docs/audit.md): `/api/v1/businesses/{uuid}/audit`, a property's, and
 * `/api/v1/admin/audit`, everything, for a super-admin.
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = auditService(app.database.db);

  app.get(
    '/v1/businesses/:uuid/audit',
    {
      config: { access: { action: 'read', subject: 'Audit' } },
      onRequest: [app.authenticate],
      schema: {
        ...doc,
        operationId: 'listAuditEvents',
        summary: 'Who changed what in the business, newest first',
        params: byUuid,
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      service.businessTrail(requireAuth(request), request.params.uuid, request.query),
  );

  app.get(
    '/v1/admin/audit',
    {
      // Refused before the query is read (the service asks the same): a client learns nothing
      // about this route's input.
      onRequest: [app.authenticate],
      config: { access: adminAccess },
      schema: {
        ...doc,
        operationId: 'listAdminAuditEvents',
        summary: 'Every audit event (accounts included), newest first',
        querystring: ZAdminAuditQuery,
        response: { 200: ZAuditPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.adminTrail(requireAuth(request), request.query),
  );
};
