import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZChannelCallsPage,
  ZChannelCallsQuery,
  ZChannelConnectionResponse,
  ZChannelConnections,
  ZChannelCreate,
  ZChannelDelivered,
  ZChannelDeliveredQuery,
  ZChannelDisconnectQuery,
  ZChannelMappingBody,
  ZChannelRemote,
  ZChannelUpdate,
} from '@tarifa/contract';
import { z } from 'zod';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import type { ChannelsService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
/** Calls that ask the provider may also find it not answering. */
const providerErrors = errorResponses(400, 401, 403, 404, 409, 503);
const doc = routeDoc('channels');
const byConnection = byUuid.extend({ id: z.uuid() });

export interface ChannelsRoutesOptions {
  service: ChannelsService;
}

/**
 * `/api/v1/businesses/{uuid}/channels*`: a property's connections to channel managers and
 * OpenTravel systems (docs/channels.md). A user's routes: integration tokens are refused (403).
 * The sync jobs are registered with the app's jobs (`registerChannelJobs`, in app.ts).
 */
export const channelsRoutes: FastifyPluginAsyncZod<ChannelsRoutesOptions> = async (
  app,
  options,
) => {
  const { service } = options;
  app.addHook('onRequest', app.authenticate);
  const base = '/v1/businesses/:uuid/channels';

  app.get(
    base,
    {
      config: { access: { action: 'read', subject: 'Channel' } },
      schema: {
        ...doc,
        operationId: 'listChannels',
        summary: "The property's connections, each with its status",
        params: byUuid,
        response: { 200: ZChannelConnections, ...errors },
      },
    },
    async (request) => service.list(requireAuth(request), request.params.uuid),
  );

  app.get(
    `${base}/delivered`,
    {
      // Like the prices it speaks of: an integration token with the `prices` scope reads it.
      config: { access: { action: 'read', subject: 'Price' } },
      schema: {
        ...doc,
        operationId: 'getChannelDeliveries',
        summary:
          "Where a room type's published prices went: per night, each connection and when its channel took them",
        params: byUuid,
        querystring: ZChannelDeliveredQuery,
        response: { 200: ZChannelDelivered, ...errors },
      },
    },
    async (request) => service.delivered(requireAuth(request), request.params.uuid, request.query),
  );

  app.post(
    base,
    {
      config: { access: { action: 'create', subject: 'Channel' } },
      schema: {
        ...doc,
        operationId: 'createChannel',
        summary:
          'Connect a provider: its credentials are tried first; nothing is sent until the mapping is confirmed',
        params: byUuid,
        body: ZChannelCreate,
        response: { 201: ZChannelConnectionResponse, ...providerErrors },
      },
    },
    async (request, reply) => {
      const answer = await service.create(requireAuth(request), request.params.uuid, request.body);
      return reply.status(201).send(answer);
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: { action: 'read', subject: 'Channel' } },
      schema: {
        ...doc,
        operationId: 'getChannel',
        summary: 'One connection and its status',
        params: byConnection,
        response: { 200: ZChannelConnectionResponse, ...errors },
      },
    },
    async (request) => service.get(requireAuth(request), request.params.uuid, request.params.id),
  );

  app.patch(
    `${base}/:id`,
    {
      config: { access: { action: 'update', subject: 'Channel' } },
      schema: {
        ...doc,
        operationId: 'updateChannel',
        summary: 'Rename, pause or resume a connection, or give it new credentials (tried first)',
        params: byConnection,
        body: ZChannelUpdate,
        response: { 200: ZChannelConnectionResponse, ...providerErrors },
      },
    },
    async (request) =>
      service.update(requireAuth(request), request.params.uuid, request.params.id, request.body),
  );

  app.get(
    `${base}/:id/remote`,
    {
      config: { access: { action: 'read', subject: 'Channel' } },
      schema: {
        ...doc,
        operationId: 'getChannelRemote',
        summary: "The provider's room types and rate plans, and the mapping Tarifa suggests",
        params: byConnection,
        response: { 200: ZChannelRemote, ...providerErrors },
      },
    },
    async (request) => service.remote(requireAuth(request), request.params.uuid, request.params.id),
  );

  app.put(
    `${base}/:id/mapping`,
    {
      config: { access: { action: 'update', subject: 'Channel' } },
      schema: {
        ...doc,
        operationId: 'putChannelMapping',
        summary: 'Confirm the mapping; a new connection starts sending everything',
        params: byConnection,
        body: ZChannelMappingBody,
        response: { 200: ZChannelConnectionResponse, ...providerErrors },
      },
    },
    async (request) =>
      service.putMapping(
        requireAuth(request),
        request.params.uuid,
        request.params.id,
        request.body,
      ),
  );

  app.post(
    `${base}/:id/resync`,
    {
      config: { access: { action: 'update', subject: 'Channel' } },
      schema: {
        ...doc,
        operationId: 'resyncChannel',
        summary: 'Send every value again, whatever the channel is known to hold',
        params: byConnection,
        response: { 202: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.resync(requireAuth(request), request.params.uuid, request.params.id);
      return reply.status(202).send(null);
    },
  );

  app.get(
    `${base}/:id/calls`,
    {
      config: { access: { action: 'read', subject: 'Channel' } },
      schema: {
        ...doc,
        operationId: 'listChannelCalls',
        summary: "The connection's log, newest first: pushes, read-backs, bookings, restores",
        params: byConnection,
        querystring: ZChannelCallsQuery,
        response: { 200: ZChannelCallsPage, ...errors },
      },
    },
    async (request) =>
      service.calls(
        requireAuth(request),
        request.params.uuid,
        request.params.id,
        request.query.page,
        request.query.pageSize,
      ),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: { action: 'delete', subject: 'Channel' } },
      schema: {
        ...doc,
        operationId: 'deleteChannel',
        summary:
          'Disconnect; with restore=true, first put back what the channel held when it was connected',
        params: byConnection,
        querystring: ZChannelDisconnectQuery,
        response: { 204: z.null(), ...providerErrors },
      },
    },
    async (request, reply) => {
      await service.disconnect(
        requireAuth(request),
        request.params.uuid,
        request.params.id,
        request.query.restore === 'true',
      );
      return reply.status(204).send(null);
    },
  );
};
