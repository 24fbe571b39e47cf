import multipart from '@fastify/multipart';
import {
  bookingLimits,
  ZImportAccepted,
  importFormats,
  ZImportPreview,
  ZImportStatus,
  ZImportsList,
  type TImportFormat,
} from '@tarifa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { importsService } from './service';
import { uploadStore } from './uploads';

const errors = errorResponses(400, 401, 403, 404, 413, 415);
const doc = routeDoc('imports');

/**
 * CSV imports (docs/bookings.md): `POST …/bookings/import` queues a job and answers 202 at once,
 * `GET …/imports[/{importId}]` follow it, `POST …/bookings/import/preview` helps the wizard. The
 * import job that runs it is registered with the app's jobs (`registerImportJobs`, in app.ts).
 */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  const uploads = uploadStore(app.database.db);
  const service = importsService(app.database.db, { uploads, jobs: app.jobs });

  app.addHook('onRequest', app.authenticate);
  await app.register(multipart);
  const business = '/v1/businesses/:uuid';

  app.post(
    `${business}/bookings/import`,
    {
      config: { access: { action: 'create', subject: 'Booking' } },
      schema: {
        ...doc,
        operationId: 'importBookings',
        summary:
          'Import a CSV of bookings in the background (multipart: file ≤ 100 MB, format, hotel, mode, createMissingRooms)',
        consumes: ['multipart/form-data'],
        params: byUuid,
        response: { 202: ZImportAccepted, ...errors },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      // Someone else's business is refused before its upload is read.
      await service.assertReachable(caller, request.params.uuid);
      const { file, fields } = await uploads.receive(request, request.params.uuid);
      const importId = await service.enqueue(caller, request.params.uuid, file, fields);
      return reply.status(202).send({ importId });
    },
  );

  app.post(
    `${business}/bookings/import/preview`,
    {
      config: { access: { action: 'create', subject: 'Booking' } },
      schema: {
        ...doc,
        operationId: 'previewBookingsImport',
        summary:
          'What the first 64 KB of a CSV hold: format, columns, hotels, room codes, first rows (multipart: file, format?)',
        consumes: ['multipart/form-data'],
        params: byUuid,
        response: { 200: ZImportPreview, ...errors },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      await service.assertReachable(caller, request.params.uuid);
      const { sample, fields } = await uploads.sample(request, bookingLimits.previewBytes);
      const format = fields.format?.trim() || undefined;
      if (format !== undefined && !importFormats.includes(format as TImportFormat)) {
        throw AppError.field('format', 'invalid_option', 'Unknown format', {
          options: importFormats.join(', '),
        });
      }
      if (!sample) {
        throw AppError.field('file', 'required', 'Send the CSV in the multipart field "file"');
      }
      return service.preview(caller, request.params.uuid, sample, format as TImportFormat);
    },
  );

  app.get(
    `${business}/imports`,
    {
      config: { access: { action: 'read', subject: 'Booking' } },
      schema: {
        ...doc,
        operationId: 'listImports',
        summary: 'The 20 most recent imports of the business, newest first',
        params: byUuid,
        response: { 200: ZImportsList, ...errors },
      },
    },
    async (request) => ({
      imports: await service.recent(requireAuth(request), request.params.uuid),
    }),
  );

  app.get(
    `${business}/imports/:importId`,
    {
      config: { access: { action: 'read', subject: 'Booking' } },
      schema: {
        ...doc,
        operationId: 'getImport',
        summary: 'Status, counts and the first 1 000 bad rows of an import',
        params: byUuid.extend({ importId: z.uuid() }),
        response: { 200: ZImportStatus, ...errors },
      },
    },
    async (request) =>
      service.get(requireAuth(request), request.params.uuid, request.params.importId),
  );
};
