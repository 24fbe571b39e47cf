import { planHas, ZBusinessEnvelope, ZSettingsBody } from '@tarifa/contract';
import { assertFeature } from '../../core/plans';
import { byUuid } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { requirePlan, type Gate } from '../../plugins/entitlements';
import { toSettings } from './mapping';
import { doc, errors, tariff, type BusinessRoutes } from './routes-shared';

/**
 * Settings that switch a Pro feature on. Switching it off, leaving it out, or sending it as it is
 * stored (the settings form sends them all, after a downgrade too) is free.
 */
const tariffSettings: Gate = async ({ plan, body, business }) => {
  const asked = body.settings as { autoApprove?: boolean; occupancyBasis?: string };
  const switchesOn = async (key: 'autoApprove' | 'occupancyBasis', on: unknown) =>
    asked[key] === on && toSettings((await business()).settings)[key] !== on;
  if (!planHas(plan, 'autoApprove') && (await switchesOn('autoApprove', true))) {
    assertFeature(plan, 'autoApprove', 'settings.autoApprove');
  }
  if (!planHas(plan, 'forecast') && (await switchesOn('occupancyBasis', 'forecast'))) {
    assertFeature(plan, 'forecast', 'settings.occupancyBasis');
  }
  const market = body.settings as { market?: { enabled?: boolean } };
  if (
    !planHas(plan, 'market') &&
    market.market?.enabled === true &&
    !toSettings((await business()).settings).market.enabled
  ) {
    assertFeature(plan, 'market', 'settings.market.enabled');
  }
};

/** The tariff settings; switching a Pro feature on needs the plan that has it. */
export const settingsRoutes: BusinessRoutes = async (app, { service }) => {
  app.put(
    `${tariff}/settings`,
    {
      preHandler: requirePlan(app.database.db, tariffSettings),
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
