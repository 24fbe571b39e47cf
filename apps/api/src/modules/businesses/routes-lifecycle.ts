import {
  ZBusinessEnvelope,
  ZBusinessesEnvelope,
  ZCreateBusinessBody,
  ZDeleteBusinessBody,
  ZErrorBody,
  ZUpdateBusinessBody,
} from '@tarifa/contract';
import { byUuid } from '../../lib/route-schemas';
import { requireAuth } from '../../plugins/auth';
import { businesses, doc, errors, type BusinessRoutes } from './routes-shared';

/** A business's life: listed, created, read, updated, deleted (restorable) and restored. */
export const lifecycleRoutes: BusinessRoutes = async (app, { service }) => {
  app.get(
    businesses,
    {
      schema: {
        ...doc,
        operationId: 'listBusinesses',
        summary: "The caller's own businesses, last changed first",
        response: { 200: ZBusinessesEnvelope, 401: ZErrorBody },
      },
    },
    async (request) => ({ businesses: await service.list(requireAuth(request)) }),
  );

  app.post(
    businesses,
    {
      schema: {
        ...doc,
        operationId: 'createBusiness',
        summary: 'Create a business; answers the whole list',
        body: ZCreateBusinessBody,
        response: { 201: ZBusinessesEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const businesses = await service.create(requireAuth(request), request.body);
      return reply.status(201).send({ businesses });
    },
  );

  app.get(
    `${businesses}/deleted`,
    {
      schema: {
        ...doc,
        operationId: 'listDeletedBusinesses',
        summary: "The caller's deleted businesses that can still be restored",
        response: { 200: ZBusinessesEnvelope, 401: ZErrorBody },
      },
    },
    async (request) => ({ businesses: await service.listDeleted(requireAuth(request)) }),
  );

  app.get(
    `${businesses}/:uuid`,
    {
      config: { access: { action: 'read', subject: 'Property' } },
      schema: {
        ...doc,
        operationId: 'getBusiness',
        summary: 'One business',
        params: byUuid,
        response: { 200: ZBusinessEnvelope, ...errors },
      },
    },
    async (request) => ({
      business: await service.get(requireAuth(request), request.params.uuid),
    }),
  );

  app.put(
    `${businesses}/:uuid`,
    {
      config: { access: { action: 'update', subject: 'Property' } },
      schema: {
        ...doc,
        operationId: 'updateBusiness',
        summary: 'Update a business (stale version → 409)',
        params: byUuid,
        body: ZUpdateBusinessBody,
        response: { 200: ZBusinessEnvelope, ...errors },
      },
    },
    async (request) => ({
      business: await service.update(requireAuth(request), request.params.uuid, request.body),
    }),
  );

  app.delete(
    `${businesses}/:uuid`,
    {
      config: { access: { action: 'delete', subject: 'Business' } },
      schema: {
        ...doc,
        operationId: 'deleteBusiness',
        summary: 'Delete a business (confirmed by its name; restorable for 30 days)',
        params: byUuid,
        body: ZDeleteBusinessBody,
        response: { 200: ZBusinessesEnvelope, ...errors },
      },
    },
    async (request) => ({
      businesses: await service.remove(requireAuth(request), request.params.uuid, request.body),
    }),
  );

  app.post(
    `${businesses}/:uuid/restore`,
    {
      config: { access: { action: 'delete', subject: 'Business' } },
      schema: {
        ...doc,
        operationId: 'restoreBusiness',
        summary: 'Restore a deleted business',
        params: byUuid,
        response: { 200: ZBusinessesEnvelope, ...errors },
      },
    },
    async (request) => ({
      businesses: await service.restore(requireAuth(request), request.params.uuid),
    }),
  );
};
