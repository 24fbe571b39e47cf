import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

interface DocsOptions {
  version: string;
  /** Serve the document and the UI (`API_DOCS`); otherwise both answer 404 like any unknown path. */
  serve: boolean;
}

/**
 * The OpenAPI document generated from the routes' zod schemas (`app.swagger()`, always there for
 * tooling and tests), served at /api/docs/json with the Swagger UI at /api/docs when `serve`.
 */
export const docsPlugin = fp(async (app: FastifyInstance, opts: DocsOptions) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tarifa API',
        description:
          'Revenue management for small hotels. Errors follow `{error: {code, message, details}}`.',
        version: opts.version,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (opts.serve) await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
