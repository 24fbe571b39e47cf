import {
  ZGuestDataExport,
  ZGuestErasure,
  ZGuestKey,
  ZGuestPrivacySettings,
  ZGuestPrivacySettingsBody,
} from '@tarifa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import type { PrivacyService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const doc = routeDoc('privacy');

export interface PrivacyRoutesOptions {
  /** The service the retention job runs (`registerPrivacyJobs`). */
  service: PrivacyService;
}

/**
 * `/api/v1/businesses/{uuid}/privacy/…` (docs/privacy.md): how long the property keeps its
 * guests' names and whether at all, and a guest's data exported or erased. The guest is named in
 * the body, never in the address, so no request log holds it. A person's calls: no integration
 * token reaches them (403).
 */
export const privacyRoutes: FastifyPluginAsyncZod<PrivacyRoutesOptions> = async (app, options) => {
  const { service } = options;
  app.addHook('onRequest', app.authenticate);
  const base = '/v1/businesses/:uuid/privacy';

  app.get(
    `${base}/settings`,
    {
      config: { access: { action: 'read', subject: 'Property' } },
      schema: {
        ...doc,
        operationId: 'getGuestPrivacySettings',
        summary: 'How long the property keeps its guests’ names, and whether it keeps them',
        params: byUuid,
        response: { 200: ZGuestPrivacySettings, ...errors },
      },
    },
    async (request) => service.settings(requireAuth(request), request.params.uuid),
  );

  app.put(
    `${base}/settings`,
    {
      config: { access: { action: 'update', subject: 'Property' } },
      schema: {
        ...doc,
        operationId: 'saveGuestPrivacySettings',
        summary: 'Choose the retention period of guests’ names (months) and whether to keep them',
        params: byUuid,
        body: ZGuestPrivacySettingsBody,
        response: { 200: ZGuestPrivacySettings, ...errors },
      },
    },
    async (request) =>
      service.saveSettings(requireAuth(request), request.params.uuid, request.body),
  );

  app.post(
    `${base}/guest-data`,
    {
      config: { access: { action: 'update', subject: 'Property' } },
      schema: {
        ...doc,
        operationId: 'exportGuestData',
        summary: 'Every booking of a guest (by name or external id), for an access request',
        params: byUuid,
        body: ZGuestKey,
        response: { 200: ZGuestDataExport, ...errors },
      },
    },
    async (request) => service.exportGuest(requireAuth(request), request.params.uuid, request.body),
  );

  app.post(
    `${base}/guest-data/erase`,
    {
      config: { access: { action: 'update', subject: 'Property' } },
      schema: {
        ...doc,
        operationId: 'eraseGuestData',
        summary: 'Erase a guest’s name from every matching booking, keeping the stays',
        params: byUuid,
        body: ZGuestKey,
        response: { 200: ZGuestErasure, ...errors },
      },
    },
    async (request) => service.eraseGuest(requireAuth(request), request.params.uuid, request.body),
  );
};
