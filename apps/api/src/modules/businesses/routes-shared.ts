import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { byUuid, errorResponses, routeDoc } from '../../lib/route-schemas';
import type { BusinessesService } from './service';

/**
 * What the route files of businesses share: each is a plugin given the service, registered by
 * `routes.ts` behind authentication.
 */
export type BusinessRoutes = FastifyPluginAsyncZod<{ service: BusinessesService }>;

export const errors = errorResponses(400, 401, 403, 404, 409);
export const doc = routeDoc('businesses');
export const businesses = '/v1/businesses';
/** A business's tariff configuration: room types, occupancy levels, seasons, settings. */
export const tariff = `${businesses}/:uuid/tariff-configuration`;
export const byGroup = byUuid.extend({ groupUuid: z.uuid() });
export const bySazonality = byUuid.extend({ id: z.uuid() });
export const byPhoto = byUuid.extend({ id: z.uuid() });
