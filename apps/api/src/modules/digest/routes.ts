import {
  ZDigestLink,
  ZDigestSettingsBody,
  ZDigestSettingsEnvelope,
  ZDigestToken,
  ZDigestUnsubscribed,
} from '@tarifa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import type { DigestService } from './service';

const linkErrors = errorResponses(400, 409);

/**
 * `/api/v1/digest/…` (docs/digest-and-alerts.md): the owner's setting (signed in), and the
 * e-mail's links, which work without signing in: the link's token is the permission.
 */
export const digestRoutes: FastifyPluginAsyncZod<{ service: DigestService }> = async (
  app,
  { service },
) => {
  // A mail client's one-click unsubscribe posts a form (RFC 8058): its body says nothing more.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  app.get(
    '/v1/digest/settings',
    {
      onRequest: app.authenticate,
      schema: {
        ...routeDoc('digest'),
        operationId: 'getDigestSettings',
        summary: 'The caller’s morning digest: on or off, its hour and the zone it is read in',
        response: { 200: ZDigestSettingsEnvelope, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ settings: await service.settings(requireAuth(request)) }),
  );

  app.put(
    '/v1/digest/settings',
    {
      onRequest: app.authenticate,
      schema: {
        ...routeDoc('digest'),
        operationId: 'updateDigestSettings',
        summary: 'Switch the morning digest on or off and choose its hour',
        body: ZDigestSettingsBody,
        response: { 200: ZDigestSettingsEnvelope, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      settings: await service.saveSettings(requireAuth(request), request.body),
    }),
  );

  app.get(
    '/v1/digest/links',
    {
      schema: {
        tags: ['digest'],
        operationId: 'inspectDigestLink',
        summary:
          'What a digest link would do (approve or reject which change), while it still may; changes nothing',
        querystring: ZDigestToken,
        response: { 200: ZDigestLink, ...linkErrors },
      },
    },
    async (request) => service.inspect(request.query.token),
  );

  app.post(
    '/v1/digest/links',
    {
      schema: {
        tags: ['digest'],
        operationId: 'useDigestLink',
        summary:
          'Approve or reject a price change from a digest link, as its owner: once, within 48 hours, while the change is as the digest showed it',
        body: ZDigestToken,
        response: { 200: ZDigestLink, ...linkErrors },
      },
    },
    async (request) => service.act(request.body.token),
  );

  app.post(
    '/v1/digest/unsubscribe',
    {
      schema: {
        tags: ['digest'],
        operationId: 'unsubscribeDigest',
        summary: 'Switch the morning digest off from the e-mail’s signed link (no sign-in)',
        querystring: ZDigestToken,
        body: z.unknown(),
        response: { 200: ZDigestUnsubscribed, ...errorResponses(400) },
      },
    },
    async (request) => service.unsubscribe(request.query.token),
  );
};
