import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZWebhookBody,
  ZWebhookDeliveriesPage,
  ZWebhookDeliveriesQuery,
  ZWebhookDeliveryResponse,
  ZWebhookResponse,
  ZWebhookWithSecret,
} from '@tarifa/contract';
import { z } from 'zod';
import type { Resolver } from '../../lib/url-guard';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { publishingService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
/** A test (sent or re-sent) may also be refused: too many in the minute. */
const testErrors = errorResponses(400, 401, 403, 404, 409, 429);
const doc = routeDoc('publishing');

export interface PublishingRoutesOptions {
  /** What "now" is (tests fix it; the jobs use the job mechanism's clock). */
  clock?: () => Date;
  /** How host names are resolved when a URL is saved (tests pass their own). */
  resolve?: Resolver;
}

/**
 * `/api/v1/businesses/{uuid}/webhook*`: the property's webhook, its secret, a test, the delivery
 * log and re-sends (docs/publishing.md). A user's routes: integration tokens are refused (403).
 * The publishing jobs are registered with the app's jobs (`registerPublishingJobs`, in app.ts).
 */
export const publishingRoutes: FastifyPluginAsyncZod<PublishingRoutesOptions> = async (
  app,
  options,
) => {
  const allowPrivate = app.config.webhookAllowPrivate;
  const service = publishingService(app.database.db, {
    unitOfWork: app.unitOfWork,
    jobs: app.jobs,
    allowPrivate,
    clock: options.clock,
    resolve: options.resolve,
  });
  app.addHook('onRequest', app.authenticate);
  const base = '/v1/businesses/:uuid/webhook';

  app.get(
    base,
    {
      config: { access: { action: 'read', subject: 'Webhook' } },
      schema: {
        ...doc,
        operationId: 'getWebhook',
        summary: 'The webhook of a property and its health; null when it has none',
        params: byUuid,
        response: { 200: ZWebhookResponse, ...errors },
      },
    },
    async (request) => service.get(requireAuth(request), request.params.uuid),
  );

  app.put(
    base,
    {
      config: { access: { action: 'update', subject: 'Webhook' } },
      schema: {
        ...doc,
        operationId: 'setWebhook',
        summary:
          'Set the webhook URL; a new webhook gets its secret in this answer only (a changed URL keeps it)',
        params: byUuid,
        body: ZWebhookBody,
        response: { 200: ZWebhookWithSecret, ...errors },
      },
    },
    async (request) => service.put(requireAuth(request), request.params.uuid, request.body.url),
  );

  app.delete(
    base,
    {
      config: { access: { action: 'delete', subject: 'Webhook' } },
      schema: {
        ...doc,
        operationId: 'deleteWebhook',
        summary: 'Remove the webhook: its pending deliveries fail; prices are published without it',
        params: byUuid,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(requireAuth(request), request.params.uuid);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${base}/secret`,
    {
      config: { access: { action: 'update', subject: 'Webhook' } },
      schema: {
        ...doc,
        operationId: 'rotateWebhookSecret',
        summary: 'A new secret (in this answer only); the old one stops signing at once',
        params: byUuid,
        response: { 200: ZWebhookWithSecret, ...errors },
      },
    },
    async (request) => service.rotateSecret(requireAuth(request), request.params.uuid),
  );

  app.post(
    `${base}/test`,
    {
      config: { access: { action: 'update', subject: 'Webhook' } },
      schema: {
        ...doc,
        operationId: 'testWebhook',
        summary: 'Send a test delivery (no prices) now, tried once; at most 5 a minute',
        params: byUuid,
        response: { 202: ZWebhookDeliveryResponse, ...testErrors },
      },
    },
    async (request, reply) => {
      const delivery = await service.sendTest(requireAuth(request), request.params.uuid);
      return reply.status(202).send({ delivery });
    },
  );

  app.get(
    `${base}/deliveries`,
    {
      config: { access: { action: 'read', subject: 'Webhook' } },
      schema: {
        ...doc,
        operationId: 'listWebhookDeliveries',
        summary: 'The delivery log, newest first, each with its attempts',
        params: byUuid,
        querystring: ZWebhookDeliveriesQuery,
        response: { 200: ZWebhookDeliveriesPage, ...errors },
      },
    },
    async (request) => service.deliveries(requireAuth(request), request.params.uuid, request.query),
  );

  app.post(
    `${base}/deliveries/:id/resend`,
    {
      config: { access: { action: 'update', subject: 'Webhook' } },
      schema: {
        ...doc,
        operationId: 'resendWebhookDelivery',
        summary: 'Send a delivered or failed delivery again (same body and id, new attempts)',
        params: byUuid.extend({ id: z.uuid() }),
        response: { 202: ZWebhookDeliveryResponse, ...testErrors },
      },
    },
    async (request, reply) => {
      const delivery = await service.resend(
        requireAuth(request),
        request.params.uuid,
        request.params.id,
      );
      return reply.status(202).send({ delivery });
    },
  );
};
