import { ZBusinessEnvelope, ZFluctuationLevelBody, ZVersionQuery } from '@tarifa/contract';
import { byUuid } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { byGroup, doc, errors, tariff, type BusinessRoutes } from './routes-shared';

/** Occupancy (fluctuation) levels, in groups of room types: added, replaced, deleted. */
export const occupancyLevelsRoutes: BusinessRoutes = async (app, { service }) => {
  app.post(
    `${tariff}/fluctuation-levels`,
    {
      config: { access: { action: 'update', subject: 'Pricing' } },
      schema: {
        ...doc,
        operationId: 'createFluctuationLevels',
        summary: 'Add a fluctuation-level group',
        params: byUuid,
        body: ZFluctuationLevelBody,
        response: { 201: ZBusinessEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const business = await service.createFluctuationGroup(
        requireAuth(request),
        request.params.uuid,
        request.body,
      );
      return reply.status(201).send({ business });
    },
  );

  app.put(
    `${tariff}/fluctuation-levels/:groupUuid`,
    {
      config: { access: { action: 'update', subject: 'Pricing' } },
      schema: {
        ...doc,
        operationId: 'replaceFluctuationLevels',
        summary: 'Replace a fluctuation-level group',
        params: byGroup,
        body: ZFluctuationLevelBody,
        response: { 200: ZBusinessEnvelope, ...errors },
      },
    },
    async (request) => ({
      business: await service.updateFluctuationGroup(
        requireAuth(request),
        request.params.uuid,
        request.params.groupUuid,
        request.body,
      ),
    }),
  );

  app.delete(
    `${tariff}/fluctuation-levels/:groupUuid`,
    {
      config: { access: { action: 'update', subject: 'Pricing' } },
      schema: {
        ...doc,
        operationId: 'deleteFluctuationLevels',
        summary: 'Delete a fluctuation-level group',
        params: byGroup,
        querystring: ZVersionQuery,
        response: { 200: ZBusinessEnvelope, ...errors },
      },
    },
    async (request) => ({
      business: await service.deleteFluctuationGroup(
        requireAuth(request),
        request.params.uuid,
        request.params.groupUuid,
        request.query.version,
      ),
    }),
  );
};
