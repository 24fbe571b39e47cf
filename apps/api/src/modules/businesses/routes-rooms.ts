import { ZBusinessEnvelope, ZRoomsTariffBody } from '@tarifa/contract';
import { assertLimit } from '../../core/plans';
import { byUuid } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { requirePlan, type Gate } from '../../plugins/entitlements';
import { doc, errors, tariff, type BusinessRoutes } from './routes-shared';

/** More room types than the plan allows answer 403 `plan_required` on `roomsTariff`. */
const roomTypes: Gate = ({ plan, body }) =>
  assertLimit(plan, 'roomTypes', (body.roomsTariff as unknown[]).length, 'roomsTariff');

/**
 * The room types, replaced as one list; a plan allows so many (`roomTypes`, docs/plans.md).
 */
export const roomsRoutes: BusinessRoutes = async (app, { service }) => {
  app.post(
    `${tariff}/rooms-tariff`,
    {
      preHandler: requirePlan(app.database.db, roomTypes),
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
