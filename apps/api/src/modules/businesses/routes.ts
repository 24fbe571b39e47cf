import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { photoFileRoutes, galleryRoutes } from './routes-gallery';
import { lifecycleRoutes } from './routes-lifecycle';
import { occupancyLevelsRoutes } from './routes-occupancy-levels';
import { roomsRoutes } from './routes-rooms';
import { seasonsRoutes } from './routes-seasons';
import { settingsRoutes } from './routes-settings';
import { photoStore } from './photos';
import { businessesService } from './service';

/**
 * `/api/v1/businesses/*`: properties and their tariff configuration (docs/properties.md), one
 * route file per concern, and `/api/business-photos/{filename}`, the gallery images (public).
 * Every other route needs a signed-in caller; the token is checked before the body, so a guest
 * always gets 401.
 */
export const businessesRoutes: FastifyPluginAsyncZod = async (app) => {
  const photos = photoStore(app.database.db);
  const service = businessesService(app.database.db, { photos, unitOfWork: app.unitOfWork });
  await app.register(photoFileRoutes, { photos });
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', signedIn.authenticate);
    await signedIn.register(multipart);
    for (const routes of [
      lifecycleRoutes,
      roomsRoutes,
      occupancyLevelsRoutes,
      seasonsRoutes,
      galleryRoutes,
      settingsRoutes,
    ]) {
      await signedIn.register(routes, { service });
    }
  });
};
