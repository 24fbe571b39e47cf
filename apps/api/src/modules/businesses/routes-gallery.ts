import { businessPhotoRules, ZBusinessEnvelope, ZErrorBody, ZVersionQuery } from '@tarifa/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { byUuid } from '../../lib/route-schemas';
import { readFileUpload } from '../../lib/uploads';
import { requireAuth } from '../../plugins/auth';
import type { PhotoStore } from './photos';
import { businesses, byPhoto, doc, errors, type BusinessRoutes } from './routes-shared';

/**
 * The gallery images, public like avatars: an <img> cannot send a bearer token, and names are
 * 128 random bits, never reused.
 */
export const photoFileRoutes: FastifyPluginAsyncZod<{ photos: PhotoStore }> = async (
  app,
  { photos },
) => {
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
      const sent = await photos.send(reply, request.params.filename);
      if (!sent) throw AppError.notFound('Photo');
      return sent;
    },
  );
};

/** Reads the one uploaded file of field `file`, within the size limit (413 over it). */
const readUpload = (request: FastifyRequest) =>
  readFileUpload(request, {
    maxBytes: businessPhotoRules.maxBytes,
    tooLargeMessage: 'A photo must be at most 5 MB',
  });

/** A business's gallery: photos added (multipart) and removed. */
export const galleryRoutes: BusinessRoutes = async (app, { service }) => {
  app.post(
    `${businesses}/:uuid/photos`,
    {
      config: { access: { action: 'update', subject: 'Property' } },
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
    `${businesses}/:uuid/photos/:id`,
    {
      config: { access: { action: 'update', subject: 'Property' } },
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
};
