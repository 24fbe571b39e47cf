import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditPageSchema,
  auditQuerySchema,
  businessEnvelopeSchema,
  businessSazonalityEnvelopeSchema,
  businessesEnvelopeSchema,
  createBusinessBodySchema,
  deleteBusinessBodySchema,
  errorBodySchema,
  fluctuationLevelBodySchema,
  roomsTariffBodySchema,
  sazonalityBodySchema,
  settingsBodySchema,
  updateBusinessBodySchema,
  versionQuerySchema,
} from '@tarifa/contract';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import { businessesService } from './service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const byUuid = z.object({ uuid: z.uuid() });
const byGroup = byUuid.extend({ groupUuid: z.uuid() });
const bySazonality = byUuid.extend({ id: z.uuid() });
const tags = ['businesses'];
const security = [{ bearer: [] }];

/**
 * `/api/v1/businesses/*`: properties and their tariff configuration (DESIGN.md §2,
 * docs/properties.md). Every route needs a signed-in caller; the token is checked before the body,
 * so a guest always gets 401.
 */
export const businessesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = businessesService(app.database.db);
  app.addHook('onRequest', app.authenticate);
  const base = '/v1/businesses';
  const tariff = `${base}/:uuid/tariff-configuration`;

  app.get(
    base,
    {
      schema: {
        tags,
        security,
        summary: "The caller's own businesses, last changed first",
        response: { 200: businessesEnvelopeSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ businesses: await service.list(requireAuth(request)) }),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        security,
        summary: 'Create a business; answers the whole list',
        body: createBusinessBodySchema,
        response: { 201: businessesEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const businesses = await service.create(requireAuth(request), request.body);
      return reply.status(201).send({ businesses });
    },
  );

  app.get(
    `${base}/deleted`,
    {
      schema: {
        tags,
        security,
        summary: "The caller's deleted businesses that can still be restored",
        response: { 200: businessesEnvelopeSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ businesses: await service.listDeleted(requireAuth(request)) }),
  );

  app.get(
    `${base}/:uuid`,
    {
      schema: {
        tags,
        security,
        summary: 'One business',
        params: byUuid,
        response: { 200: businessEnvelopeSchema, ...errors },
      },
    },
    async (request) => ({
      business: await service.get(requireAuth(request), request.params.uuid),
    }),
  );

  app.put(
    `${base}/:uuid`,
    {
      schema: {
        tags,
        security,
        summary: 'Update a business (stale version → 409)',
        params: byUuid,
        body: updateBusinessBodySchema,
        response: { 200: businessEnvelopeSchema, ...errors },
      },
    },
    async (request) => ({
      business: await service.update(requireAuth(request), request.params.uuid, request.body),
    }),
  );

  app.delete(
    `${base}/:uuid`,
    {
      schema: {
        tags,
        security,
        summary: 'Delete a business (confirmed by its name; restorable for 30 days)',
        params: byUuid,
        body: deleteBusinessBodySchema,
        response: { 200: businessesEnvelopeSchema, ...errors },
      },
    },
    async (request) => ({
      businesses: await service.remove(requireAuth(request), request.params.uuid, request.body),
    }),
  );

  app.post(
    `${base}/:uuid/restore`,
    {
      schema: {
        tags,
        security,
        summary: 'Restore a deleted business',
        params: byUuid,
        response: { 200: businessesEnvelopeSchema, ...errors },
      },
    },
    async (request) => ({
      businesses: await service.restore(requireAuth(request), request.params.uuid),
    }),
  );

  app.get(
    `${base}/:uuid/audit`,
    {
      schema: {
        tags,
        security,
        summary: 'Who changed what in the business, newest first',
        params: byUuid,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (request) => service.audit(requireAuth(request), request.params.uuid, request.query),
  );

  app.post(
    `${tariff}/rooms-tariff`,
    {
      schema: {
        tags,
        security,
        summary: 'Replace the room types with the full list',
        params: byUuid,
        body: roomsTariffBodySchema,
        response: { 200: businessEnvelopeSchema, ...errors },
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

  app.post(
    `${tariff}/fluctuation-levels`,
    {
      schema: {
        tags,
        security,
        summary: 'Add a fluctuation-level group',
        params: byUuid,
        body: fluctuationLevelBodySchema,
        response: { 201: businessEnvelopeSchema, ...errors },
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
      schema: {
        tags,
        security,
        summary: 'Replace a fluctuation-level group',
        params: byGroup,
        body: fluctuationLevelBodySchema,
        response: { 200: businessEnvelopeSchema, ...errors },
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
      schema: {
        tags,
        security,
        summary: 'Delete a fluctuation-level group',
        params: byGroup,
        querystring: versionQuerySchema,
        response: { 200: businessEnvelopeSchema, ...errors },
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

  app.post(
    `${tariff}/sazonalities`,
    {
      schema: {
        tags,
        security,
        summary: 'Add a sazonality (season)',
        params: byUuid,
        body: sazonalityBodySchema,
        response: { 201: businessSazonalityEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await service.createSazonality(
        requireAuth(request),
        request.params.uuid,
        request.body,
      );
      return reply.status(201).send(answer);
    },
  );

  app.put(
    `${tariff}/sazonalities/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Replace a sazonality',
        params: bySazonality,
        body: sazonalityBodySchema,
        response: { 200: businessSazonalityEnvelopeSchema, ...errors },
      },
    },
    async (request) =>
      service.updateSazonality(
        requireAuth(request),
        request.params.uuid,
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    `${tariff}/sazonalities/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Delete a sazonality',
        params: bySazonality,
        querystring: versionQuerySchema,
        response: { 200: businessEnvelopeSchema, ...errors },
      },
    },
    async (request) => ({
      business: await service.deleteSazonality(
        requireAuth(request),
        request.params.uuid,
        request.params.id,
        request.query.version,
      ),
    }),
  );

  app.put(
    `${tariff}/settings`,
    {
      schema: {
        tags,
        security,
        summary: 'Update the tariff settings',
        params: byUuid,
        body: settingsBodySchema,
        response: { 200: businessEnvelopeSchema, ...errors },
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
