import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAcceptedInvitation,
  ZAcceptInvitationBody,
  ZErrorBody,
  ZInvitation,
  ZInvitationPreview,
  ZInvitationTokenQuery,
  ZInviteBody,
  ZTeam,
  ZUpdateMemberBody,
} from '@tarifa/contract';
import { z } from 'zod';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { membersService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const doc = routeDoc('members');

/**
 * A property's team (docs/members.md): `/api/v1/businesses/{uuid}/members` and `…/invitations`
 * for its owner (`manage Member`, which no role grants), and `/api/v1/invitations/*` for whoever
 * an invitation's link reaches.
 */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = membersService({
    db: app.database.db,
    clock: app.clock,
    unitOfWork: app.unitOfWork,
    mail: app.mail,
    appUrl: app.config.appUrl,
  });
  const base = '/v1/businesses/:uuid';
  const byMember = byUuid.extend({ userUuid: z.uuid() });
  const byInvitation = byUuid.extend({ id: z.uuid() });

  app.get(
    `${base}/members`,
    {
      onRequest: app.authenticate,
      config: { access: { action: 'read', subject: 'Member' } },
      schema: {
        ...doc,
        operationId: 'getTeam',
        summary:
          'The owner, the members with their roles, the invitations waiting, the plan’s limit',
        params: byUuid,
        response: { 200: ZTeam, ...errors },
      },
    },
    async (request) => service.team(requireAuth(request), request.params.uuid),
  );

  app.put(
    `${base}/members/:userUuid`,
    {
      onRequest: app.authenticate,
      config: { access: { action: 'update', subject: 'Member' } },
      schema: {
        ...doc,
        operationId: 'setMemberRole',
        summary: 'Change a member’s role (their next request has it)',
        params: byMember,
        body: ZUpdateMemberBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { uuid, userUuid } = request.params;
      await service.setRole(requireAuth(request), uuid, userUuid, request.body.role);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    `${base}/members/:userUuid`,
    {
      onRequest: app.authenticate,
      config: { access: { action: 'delete', subject: 'Member' } },
      schema: {
        ...doc,
        operationId: 'removeMember',
        summary: 'Remove a member: their next request no longer reaches the property',
        params: byMember,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { uuid, userUuid } = request.params;
      await service.remove(requireAuth(request), uuid, userUuid);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${base}/invitations`,
    {
      onRequest: app.authenticate,
      config: { access: { action: 'create', subject: 'Member' } },
      schema: {
        ...doc,
        operationId: 'invite',
        summary: 'Invite someone by e-mail with a role (a link that works once, for 7 days)',
        params: byUuid,
        body: ZInviteBody,
        response: { 201: ZInvitation, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.invite(requireAuth(request), request.params.uuid, request.body)),
  );

  app.post(
    `${base}/invitations/:id/resend`,
    {
      onRequest: app.authenticate,
      config: { access: { action: 'create', subject: 'Member' } },
      schema: {
        ...doc,
        operationId: 'resendInvitation',
        summary: 'Send a waiting invitation again: a new link, valid 7 days (the old one stops)',
        params: byInvitation,
        response: { 200: ZInvitation, ...errors },
      },
    },
    async (request) => service.resend(requireAuth(request), request.params.uuid, request.params.id),
  );

  app.delete(
    `${base}/invitations/:id`,
    {
      onRequest: app.authenticate,
      config: { access: { action: 'delete', subject: 'Member' } },
      schema: {
        ...doc,
        operationId: 'revokeInvitation',
        summary: 'Revoke a waiting invitation: its link stops working',
        params: byInvitation,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.revoke(requireAuth(request), request.params.uuid, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/v1/invitations/preview',
    {
      schema: {
        tags: ['members'],
        operationId: 'previewInvitation',
        summary: 'What an invitation’s link invites to (the link’s token is the permission)',
        querystring: ZInvitationTokenQuery,
        response: { 200: ZInvitationPreview, 400: ZErrorBody },
      },
    },
    async (request) => service.preview(request.query.token),
  );

  app.post(
    '/v1/invitations/accept',
    {
      onRequest: app.authenticate,
      schema: {
        ...routeDoc('members'),
        operationId: 'acceptInvitation',
        summary: 'Join the property for the signed-in account the invitation was sent to',
        body: ZAcceptInvitationBody,
        response: { 200: ZAcceptedInvitation, ...errors },
      },
    },
    async (request) => service.accept(requireAuth(request), request.body.token),
  );
};
