import {
  ZAutopilotApplied,
  ZAutopilotApplyBody,
  ZAutopilotPolicy,
  ZAutopilotPolicyBody,
  ZAutopilotRequested,
  ZAutopilotSuggestion,
  ZAutopilotSuggestionQuery,
} from '@tarifa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import type { AutopilotService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const doc = routeDoc('autopilot');

export interface AutopilotRoutesOptions {
  /** The service the autopilot's jobs run (`registerAutopilotJobs`). */
  service: AutopilotService;
}

/**
 * `/api/v1/businesses/{uuid}/autopilot/*` (docs/autopilot.md): ask for a suggestion (a job,
 * answered 202), read the latest, apply it; read and save the rules for applying on its own. The owner's calls: they read and change the tariff
 * configuration, which no integration token reaches (403).
 */
export const autopilotRoutes: FastifyPluginAsyncZod<AutopilotRoutesOptions> = async (
  app,
  options,
) => {
  const { service } = options;
  app.addHook('onRequest', app.authenticate);
  const base = '/v1/businesses/:uuid/autopilot';

  app.post(
    `${base}/suggestion`,
    {
      config: { access: { action: 'update', subject: 'Pricing' } },
      schema: {
        ...doc,
        operationId: 'requestAutopilotSuggestion',
        summary:
          'Ask the autopilot for suggested settings (computed in the background; one at a time)',
        params: byUuid,
        response: { 202: ZAutopilotRequested, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await service.request(requireAuth(request), request.params.uuid)),
  );

  app.get(
    `${base}/suggestion`,
    {
      config: { access: { action: 'read', subject: 'Pricing' } },
      schema: {
        ...doc,
        operationId: 'getAutopilotSuggestion',
        summary:
          'The latest suggestion of the autopilot (or the latest ready): its status, what it learned, the changes and what they move',
        params: byUuid,
        querystring: ZAutopilotSuggestionQuery,
        response: { 200: ZAutopilotSuggestion, ...errors },
      },
    },
    async (request) => service.latest(requireAuth(request), request.params.uuid, request.query),
  );

  app.post(
    `${base}/apply`,
    {
      config: { access: { action: 'update', subject: 'Pricing' } },
      schema: {
        ...doc,
        operationId: 'applyAutopilotSuggestion',
        summary: "Apply the autopilot's suggestion to the tariff configuration, in one change",
        params: byUuid,
        body: ZAutopilotApplyBody,
        response: { 200: ZAutopilotApplied, ...errors },
      },
    },
    async (request) => service.apply(requireAuth(request), request.params.uuid, request.body),
  );

  app.get(
    `${base}/policy`,
    {
      config: { access: { action: 'read', subject: 'Pricing' } },
      schema: {
        ...doc,
        operationId: 'getAutopilotPolicy',
        summary: "The owner's rules for the autopilot applying its suggestions on its own",
        params: byUuid,
        response: { 200: ZAutopilotPolicy, ...errors },
      },
    },
    async (request) => service.policy(requireAuth(request), request.params.uuid),
  );

  app.put(
    `${base}/policy`,
    {
      config: { access: { action: 'update', subject: 'Pricing' } },
      schema: {
        ...doc,
        operationId: 'saveAutopilotPolicy',
        summary:
          'Save the rules for applying on its own (every Monday, when sure enough and within the bounds); switching it on needs Pro',
        params: byUuid,
        body: ZAutopilotPolicyBody,
        response: { 200: ZAutopilotPolicy, ...errors },
      },
    },
    async (request) => service.savePolicy(requireAuth(request), request.params.uuid, request.body),
  );
};
