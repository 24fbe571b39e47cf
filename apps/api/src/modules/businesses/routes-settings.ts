import { ZBusinessEnvelope, ZSettingsBody } from '@tarifa/contract';
import { byUuid } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { requirePlan } from '../../plugins/entitlements';
import { tariffSettingsGate } from './plan-gates';
import { doc, errors, tariff, type BusinessRoutes } from './routes-shared';

/** The tariff settings; switching a Pro feature on needs the plan that has it. */
export const settingsRoutes: BusinessRoutes = async (app, { service }) => {
  app.put(
    `${tariff}/settings`,
    {
      config: { access: { action: 'update', subject: 'Pricing' } },
      preHandler: requirePlan(app.database.db, tariffSettingsGate),
      schema: {
        ...doc,
        operationId: 'updateTariffSettings',
        summary: 'Update the tariff settings',
        params: byUuid,
        body: ZSettingsBody,
        response: { 200: ZBusinessEnvelope, ...errors },
      },
    },
    async (request) => ({
      business: await service.updateSettings(
        requireAuth(request),
        request.params.uuid,
        request.body,
      ),
    }),
  );
};
