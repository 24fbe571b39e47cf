import multipart from '@fastify/multipart';
import { avatarRules, ZErrorBody, ZUpdateUserBody, ZUserEnvelope } from '@tarifa/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { readFileUpload } from '../../lib/uploads';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { avatarStore } from './avatars';
import { authRepository } from '../auth/repository';
import { usersRepository } from './repository';
import { usersService } from './service';

const errors = errorResponses(400, 401, 404);
const doc = routeDoc('users');

/** Reads the one uploaded file of field `file`, within the size limit (413 over it). */
const readUpload = (request: FastifyRequest) =>
  readFileUpload(request, {
    maxBytes: avatarRules.maxBytes,
    tooLargeMessage: `The avatar must be at most ${avatarRules.maxBytes / 1024 / 1024} MB`,
  });

/**
 * `/api/v1/users/{uuid}` (profile) and its avatar; `/api/avatars/{filename}` serves avatars
 * publicly, since an <img> cannot send a bearer token and the names are unguessable.
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const avatars = avatarStore(app.database.db);
  const users = usersService(usersRepository(app.database.db), authRepository(app.database.db));
  await app.register(multipart);

  app.put(
    '/v1/users/:uuid',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        operationId: 'updateUser',
        summary: 'Change a user’s name or language (read-only fields in the body are ignored)',
        params: byUuid,
        body: ZUpdateUserBody,
        response: { 200: ZUserEnvelope, ...errors },
      },
    },
    async (request) => ({
      user: await users.update(requireAuth(request), request.params.uuid, request.body),
    }),
  );

  app.post(
    '/v1/users/:uuid/avatar',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        operationId: 'uploadAvatar',
        summary: `Upload the avatar: multipart field "file", PNG, JPEG or WebP up to 2 MB`,
        consumes: ['multipart/form-data'],
        params: byUuid,
        response: {
          200: ZUserEnvelope,
          ...errors,
          413: ZErrorBody,
          415: ZErrorBody,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      // Someone else's account is refused before its upload is read.
      await users.assertEditable(auth, request.params.uuid);
      const bytes = await readUpload(request);
      return { user: await users.setAvatar(auth, request.params.uuid, bytes) };
    },
  );

  app.delete(
    '/v1/users/:uuid/avatar',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        operationId: 'deleteAvatar',
        summary: 'Remove the avatar',
        params: byUuid,
        response: { 200: ZUserEnvelope, ...errors },
      },
    },
    async (request) => ({
      user: await users.removeAvatar(requireAuth(request), request.params.uuid),
    }),
  );

  app.get(
    '/avatars/:filename',
    {
      schema: {
        tags: doc.tags,
        operationId: 'getAvatar',
        summary: 'An avatar image, by the `profile_img_filename` of its user (public)',
        params: z.object({ filename: z.string() }),
        response: { 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      const sent = await avatars.send(reply, request.params.filename);
      if (!sent) throw AppError.notFound('Avatar');
      return sent;
    },
  );
};
