import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZBookingEnvelope,
  ZBookingFacets,
  ZBookingsBatchBody,
  ZBookingsBatchResult,
  ZBookingsPage,
  ZBookingsQuery,
  ZDeleteBookingQuery,
  ZErrorBody,
  ZUpdateBookingBody,
} from '@tarifa/contract';
import { z } from 'zod';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { bookingsService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const byBooking = byUuid.extend({ id: z.uuid() });
const doc = routeDoc('bookings');

/**
 * `/api/v1/businesses/{uuid}/bookings[/{id}]` (docs/bookings.md). Reached with a session, or with
 * an integration token of the same business.
 */
export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = bookingsService(app.database.db, {
    clock: app.clock,
    unitOfWork: app.unitOfWork,
  });
  app.addHook('onRequest', app.authenticate);
  const base = '/v1/businesses/:uuid/bookings';

  app.get(
    base,
    {
      config: { access: { action: 'read', subject: 'Booking' } },
      schema: {
        ...doc,
        operationId: 'listBookings',
        summary: 'Bookings whose stay overlaps [from, to], filtered and paginated',
        params: byUuid,
        querystring: ZBookingsQuery,
        response: { 200: ZBookingsPage, ...errors },
      },
    },
    async (request) => service.list(requireAuth(request), request.params.uuid, request.query),
  );

  app.post(
    base,
    {
      config: { access: { action: 'create', subject: 'Booking' } },
      // 5 000 bookings of JSON are a few MB; the app's default limit is 1 MB.
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        ...doc,
        operationId: 'upsertBookings',
        summary: 'Insert or update (by externalId) up to 5 000 bookings, all or nothing',
        params: byUuid,
        body: ZBookingsBatchBody,
        response: { 200: ZBookingsBatchResult, ...errors, 413: ZErrorBody },
      },
    },
    async (request) => service.upsertBatch(requireAuth(request), request.params.uuid, request.body),
  );

  app.get(
    `${base}/facets`,
    {
      config: { access: { action: 'read', subject: 'Booking' } },
      schema: {
        ...doc,
        operationId: 'getBookingFacets',
        summary: 'Channels, segments and countries the bookings use (for filters)',
        params: byUuid,
        response: { 200: ZBookingFacets, ...errors },
      },
    },
    async (request) => service.facets(requireAuth(request), request.params.uuid),
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: { action: 'read', subject: 'Booking' } },
      schema: {
        ...doc,
        operationId: 'getBooking',
        summary: 'One booking',
        params: byBooking,
        response: { 200: ZBookingEnvelope, ...errors },
      },
    },
    async (request) => ({
      booking: await service.get(requireAuth(request), request.params.uuid, request.params.id),
    }),
  );

  app.put(
    `${base}/:id`,
    {
      config: { access: { action: 'update', subject: 'Booking' } },
      schema: {
        ...doc,
        operationId: 'replaceBooking',
        summary: 'Replace a booking',
        params: byBooking,
        body: ZUpdateBookingBody,
        response: { 200: ZBookingEnvelope, ...errors },
      },
    },
    async (request) => ({
      booking: await service.update(
        requireAuth(request),
        request.params.uuid,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: { action: 'delete', subject: 'Booking' } },
      schema: {
        ...doc,
        operationId: 'cancelBooking',
        summary: 'Cancel a booking, keeping it (answers it); ?purge=true deletes it (204)',
        params: byBooking,
        querystring: ZDeleteBookingQuery,
        response: { 200: ZBookingEnvelope, 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const { uuid, id } = request.params;
      if (request.query.purge) {
        await service.purge(caller, uuid, id);
        return reply.status(204).send(null);
      }
      return { booking: await service.cancel(caller, uuid, id) };
    },
  );
};
