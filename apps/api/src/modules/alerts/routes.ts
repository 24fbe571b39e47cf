import { ZAlertSettings, ZAlertSettingsBody } from '@tarifa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import type { AlertsService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const doc = routeDoc('alerts');

export interface AlertsRoutesOptions {
  /** The service the alerts' jobs run (`registerAlertJobs`). */
  service: AlertsService;
}

/**
 * `/api/v1/businesses/{uuid}/alerts/settings` (docs/digest-and-alerts.md): which alert kinds the owner gets
 * for the property, and N of "sold out more than N days ahead". A person's settings: no
 * integration token reaches them (403).
 */
export const alertsRoutes: FastifyPluginAsyncZod<AlertsRoutesOptions> = async (app, options) => {
  const { service } = options;
  app.addHook('onRequest', app.authenticate);
  const path = '/v1/businesses/:uuid/alerts/settings';

  app.get(
    path,
    {
      config: { access: { action: 'read', subject: 'Property' } },
      schema: {
        ...doc,
        operationId: 'getAlertSettings',
        summary: 'The alert kinds switched on for the property, and N of "sold out N days ahead"',
        params: byUuid,
        response: { 200: ZAlertSettings, ...errors },
      },
    },
    async (request) => service.settings(requireAuth(request), request.params.uuid),
  );

  app.put(
    path,
    {
      config: { access: { action: 'update', subject: 'Property' } },
      schema: {
        ...doc,
        operationId: 'saveAlertSettings',
        summary: 'Switch alert kinds on or off for the property (a kind switched off is settled)',
        params: byUuid,
        body: ZAlertSettingsBody,
        response: { 200: ZAlertSettings, ...errors },
      },
    },
    async (request) =>
      service.saveSettings(requireAuth(request), request.params.uuid, request.body),
  );
};
