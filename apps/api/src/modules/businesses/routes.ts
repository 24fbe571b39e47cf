import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessPhotoRules,
  ZBusinessEnvelope,
  ZBusinessSazonalityEnvelope,
  ZBusinessesEnvelope,
  ZCreateBusinessBody,
  ZDeleteBusinessBody,
  ZErrorBody,
  ZFluctuationLevelBody,
  ZRoomsTariffBody,
  ZSazonalityBody,
  ZSettingsBody,
  ZUpdateBusinessBody,
  ZVersionQuery,
} from '@tarifa/contract';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { readFileUpload } from '../../lib/uploads';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { gates, requirePlan } from '../../plugins/entitlements';
import { photoContentType, photoStore, type PhotoStore } from './photos';
import { businessesService, type BusinessesService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const byGroup = byUuid.extend({ groupUuid: z.uuid() });
const bySazonality = byUuid.extend({ id: z.uuid() });
const byPhoto = byUuid.extend({ id: z.uuid() });
const doc = routeDoc('businesses');

/**
 * `/api/v1/businesses/*`: properties and their tariff configuration
 * (docs/properties.md), and `/api/business-photos/{filename}`, the gallery images.
 */
export const businessesRoutes: FastifyPluginAsyncZod = async (app) => {
  const photos = photoStore(app.config.dataDir);
  const service = businessesService(app.database.db, { photos, unitOfWork: app.unitOfWork });
  await app.register(photoFileRoutes, { photos });
  await app.register(signedInRoutes, { service });
};

/**
 * The gallery images, public like avatars: an <img> cannot send a bearer token, and names are
 * 128 random bits, never reused.
 */
const photoFileRoutes: FastifyPluginAsyncZod<{ photos: PhotoStore }> = async (app, { photos }) => {
  app.get(
    '/business-photos/:filename',
    {
      schema: {
        tags: doc.tags,
        operationId: 'getBusinessPhoto',
        summary: 'A gallery photo, by the `url` of a business photo (public)',
        params: z.object({ filename: z.string() }),
        response: { 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      const { filename } = request.params;
      const contentType = photoContentType(filename);
      const file = contentType ? photos.pathOf(filename) : undefined;
      const stat = file ? await fs.promises.stat(file).catch(() => undefined) : undefined;
      if (!file || !stat?.isFile()) throw AppError.notFound('Photo');
      reply.type(contentType!).header('content-length', stat.size);
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      // The body is the image's bytes, which the JSON response schemas do not describe.
      return reply.send(fs.createReadStream(file) as never);
    },
  );
};

/** Reads the one uploaded file of field `file`, within the size limit (413 over it). */
const readUpload = (request: FastifyRequest) =>
  readFileUpload(request, {
    maxBytes: businessPhotoRules.maxBytes,
    tooLargeMessage: 'A photo must be at most 5 MB',
  });

/**
 * Every route here needs a signed-in caller; the token is checked before the body, so a guest
 * always gets 401.
 */
const signedInRoutes: FastifyPluginAsyncZod<{ service: BusinessesService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(multipart);
  const base = '/v1/businesses';
  const tariff = `${base}/:uuid/tariff-configuration`;

  app.get(
    base,
    {
      schema: {
        ...doc,
        operationId: 'listBusinesses',
        summary: "The caller's own businesses, last changed first",
        response: { 200: ZBusinessesEnvelope, 401: ZErrorBody },
      },
    },
    async (request) => ({ businesses: await service.list(requireAuth(request)) }),
  );

  app.post(
    base,
    {
      schema: {
        ...doc,
        operationId: 'createBusiness',
        summary: 'Create a business; answers the whole list',
        body: ZCreateBusinessBody,
        response: { 201: ZBusinessesEnvelope, ...errors },
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
        ...doc,
        operationId: 'listDeletedBusinesses',
        summary: "The caller's deleted businesses that can still be restored",
        response: { 200: ZBusinessesEnvelope, 401: ZErrorBody },
      },
    },
    async (request) => ({ businesses: await service.listDeleted(requireAuth(request)) }),
  );

  app.get(
    `${base}/:uuid`,
    {
      schema: {
        ...doc,
        operationId: 'getBusiness',
        summary: 'One business',
        params: byUuid,
        response: { 200: ZBusinessEnvelope, ...errors },
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
        ...doc,
        operationId: 'updateBusiness',
        summary: 'Update a business (stale version → 409)',
        params: byUuid,
        body: ZUpdateBusinessBody,
        response: { 200: ZBusinessEnvelope, ...errors },
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
        ...doc,
        operationId: 'deleteBusiness',
        summary: 'Delete a business (confirmed by its name; restorable for 30 days)',
        params: byUuid,
        body: ZDeleteBusinessBody,
        response: { 200: ZBusinessesEnvelope, ...errors },
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
        ...doc,
        operationId: 'restoreBusiness',
        summary: 'Restore a deleted business',
        params: byUuid,
        response: { 200: ZBusinessesEnvelope, ...errors },
      },
    },
    async (request) => ({
      businesses: await service.restore(requireAuth(request), request.params.uuid),
    }),
  );

  app.post(
    `${tariff}/rooms-tariff`,
    {
      preHandler: requirePlan(app.database.db, gates.roomTypes),
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

  app.post(
    `${tariff}/fluctuation-levels`,
    {
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

  app.post(
    `${tariff}/sazonalities`,
    {
      schema: {
        ...doc,
        operationId: 'createSazonality',
        summary: 'Add a sazonality (season)',
        params: byUuid,
        body: ZSazonalityBody,
        response: { 201: ZBusinessSazonalityEnvelope, ...errors },
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
        ...doc,
        operationId: 'replaceSazonality',
        summary: 'Replace a sazonality',
        params: bySazonality,
        body: ZSazonalityBody,
        response: { 200: ZBusinessSazonalityEnvelope, ...errors },
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
        ...doc,
        operationId: 'deleteSazonality',
        summary: 'Delete a sazonality',
        params: bySazonality,
        querystring: ZVersionQuery,
        response: { 200: ZBusinessEnvelope, ...errors },
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

  app.post(
    `${base}/:uuid/photos`,
    {
      schema: {
        ...doc,
        operationId: 'addBusinessPhoto',
        summary: 'Add a gallery photo: multipart field "file", PNG, JPEG or WebP up to 5 MB',
        consumes: ['multipart/form-data'],
        params: byUuid,
        response: {
          201: ZBusinessEnvelope,
          ...errors,
          413: ZErrorBody,
          415: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      // Someone else's business is refused before its upload is read.
      await service.assertReachable(caller, request.params.uuid);
      const bytes = await readUpload(request);
      const business = await service.addPhoto(caller, request.params.uuid, bytes);
      return reply.status(201).send({ business });
    },
  );

  app.delete(
    `${base}/:uuid/photos/:id`,
    {
      schema: {
        ...doc,
        operationId: 'deleteBusinessPhoto',
        summary: 'Remove a gallery photo',
        params: byPhoto,
        querystring: ZVersionQuery,
        response: { 200: ZBusinessEnvelope, ...errors },
      },
    },
    async (request) => ({
      business: await service.removePhoto(
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
      preHandler: requirePlan(app.database.db, gates.tariffSettings),
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
