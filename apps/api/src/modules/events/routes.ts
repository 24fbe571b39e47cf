import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  eventLimits,
  ZErrorBody,
  ZEventBody,
  ZBusinessEnvelope,
  ZEventEnvelope,
  ZEventImportQuery,
  ZEventImportResponse,
  ZEventSeasonBody,
  ZEventsQuery,
  ZEventsResponse,
  ZHolidayRegionsQuery,
  ZHolidayRegionsResponse,
  ZHolidaySeasonBody,
  ZHolidaysQuery,
  ZHolidaysResponse,
  ZSeasonFromEnvelope,
  ZVersionQuery,
} from '@tarifa/contract';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { readFileUpload } from '../../lib/uploads';
import { requireAuth } from '../../plugins/auth';
import { eventsService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const byEvent = byUuid.extend({ id: z.uuid() });
const doc = routeDoc('events');

/**
 * `/api/v1/businesses/{uuid}/holidays*` and `…/events*`: the country's public holidays, the
 * owner's local events and their `.ics` import, and the one-click seasons (docs/market.md);
 * `/api/v1/holidays/regions`, the regions a business may choose. Every route needs a caller.
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = eventsService(app.database.db, { unitOfWork: app.unitOfWork });
  app.addHook('onRequest', app.authenticate);
  await app.register(multipart);
  const base = '/v1/businesses/:uuid';

  app.get(
    '/v1/holidays/regions',
    {
      schema: {
        ...doc,
        operationId: 'listHolidayRegions',
        summary: "A country's regions with holidays of their own (a business's `region`)",
        querystring: ZHolidayRegionsQuery,
        response: { 200: ZHolidayRegionsResponse, 400: ZErrorBody, 401: ZErrorBody },
      },
    },
    async (request) => {
      requireAuth(request);
      return service.regions(request.query.country);
    },
  );

  app.get(
    `${base}/holidays`,
    {
      config: { access: { action: 'read', subject: 'Event' } },
      schema: {
        ...doc,
        operationId: 'listHolidays',
        summary: "Public holidays of the business's country and region, `from`…`to` (≤ 731 nights)",
        params: byUuid,
        querystring: ZHolidaysQuery,
        response: { 200: ZHolidaysResponse, ...errors },
      },
    },
    async (request) => service.holidays(requireAuth(request), request.params.uuid, request.query),
  );

  app.post(
    `${base}/holidays/season`,
    {
      config: { access: { action: 'update', subject: 'Pricing' } },
      schema: {
        ...doc,
        operationId: 'createHolidaySeason',
        summary: 'Turn the holiday of a date into a one-night season',
        params: byUuid,
        body: ZHolidaySeasonBody,
        response: { 201: ZSeasonFromEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await service.holidayToSeason(
        requireAuth(request),
        request.params.uuid,
        request.body,
      );
      return reply.status(201).send(answer);
    },
  );

  app.get(
    `${base}/events`,
    {
      config: { access: { action: 'read', subject: 'Event' } },
      schema: {
        ...doc,
        operationId: 'listEvents',
        summary: 'Local events overlapping `from`…`to` (all without them), by start',
        params: byUuid,
        querystring: ZEventsQuery,
        response: { 200: ZEventsResponse, ...errors },
      },
    },
    async (request) => ({
      events: await service.list(requireAuth(request), request.params.uuid, request.query),
    }),
  );

  app.post(
    `${base}/events`,
    {
      config: { access: { action: 'create', subject: 'Event' } },
      schema: {
        ...doc,
        operationId: 'createEvent',
        summary: 'Add a local event',
        params: byUuid,
        body: ZEventBody,
        response: { 201: ZEventEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const { result, business } = await service.create(
        requireAuth(request),
        request.params.uuid,
        request.body,
      );
      return reply.status(201).send({ event: result, business });
    },
  );

  app.put(
    `${base}/events/:id`,
    {
      config: { access: { action: 'update', subject: 'Event' } },
      schema: {
        ...doc,
        operationId: 'replaceEvent',
        summary: 'Replace a local event (stale version → 409)',
        params: byEvent,
        body: ZEventBody,
        response: { 200: ZEventEnvelope, ...errors },
      },
    },
    async (request) => {
      const { result, business } = await service.update(
        requireAuth(request),
        request.params.uuid,
        request.params.id,
        request.body,
      );
      return { event: result, business };
    },
  );

  app.delete(
    `${base}/events/:id`,
    {
      config: { access: { action: 'delete', subject: 'Event' } },
      schema: {
        ...doc,
        operationId: 'deleteEvent',
        summary: 'Delete a local event',
        params: byEvent,
        querystring: ZVersionQuery,
        response: { 200: ZBusinessEnvelope, ...errors },
      },
    },
    async (request) => ({
      business: await service.remove(
        requireAuth(request),
        request.params.uuid,
        request.params.id,
        request.query.version,
      ),
    }),
  );

  app.post(
    `${base}/events/:id/season`,
    {
      config: { access: { action: 'update', subject: 'Pricing' } },
      schema: {
        ...doc,
        operationId: 'createEventSeason',
        summary: 'Turn a local event into a season',
        params: byEvent,
        body: ZEventSeasonBody,
        response: { 201: ZSeasonFromEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await service.eventToSeason(
        requireAuth(request),
        request.params.uuid,
        request.params.id,
        request.body,
      );
      return reply.status(201).send(answer);
    },
  );

  app.post(
    `${base}/events/import`,
    {
      config: { access: { action: 'create', subject: 'Event' } },
      schema: {
        ...doc,
        operationId: 'importEvents',
        summary: 'Import the events of an iCalendar file: multipart field "file", `.ics` ≤ 1 MB',
        consumes: ['multipart/form-data'],
        params: byUuid,
        querystring: ZEventImportQuery,
        response: { 200: ZEventImportResponse, ...errors, 413: ZErrorBody },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      // Another tenant's business is 404 before its upload is read.
      await service.assertWritable(caller, request.params.uuid);
      const bytes = await readFileUpload(request, {
        maxBytes: eventLimits.icsMaxBytes,
        tooLargeMessage: 'An iCalendar file must be at most 1 MB',
      });
      return service.importIcs(caller, request.params.uuid, bytes, request.query.atomic);
    },
  );
};
