import { ZBusinessEnvelope, ZRoomsTariffBody } from '@tarifa/contract';
import { byUuid } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { requirePlan } from '../../plugins/entitlements';
import { roomTypesGate } from './plan-gates';
import { doc, errors, tariff, type BusinessRoutes } from './routes-shared';

/**
 * The room types, replaced as one list; a plan allows so many (`roomTypes`, docs/plans.md).
 */
export const roomsRoutes: BusinessRoutes = async (app, { service }) => {
  app.post(
    `${tariff}/rooms-tariff`,
    {
      config: { access: { action: 'update', subject: 'Pricing' } },
      preHandler: requirePlan(app.database.db, roomTypesGate),
      schema: {
        ...doc,
        operationId: 'replaceRoomTypes',
        summary: 'Replace the room types with the full list',
        params: byUuid,
        body: ZRoomsTariffBody,
        response: { 200: ZBusinessEnvelope, ...errors },
      },
    },
    async (request) => ({
      business: await service.replaceRoomsTariff(
        requireAuth(request),
        request.params.uuid,
        request.body,
      ),
    }),
  );
};
