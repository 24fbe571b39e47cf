import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, sendError } from '../lib/errors';

/**
 * Serves the built single-page app: its files, and index.html for every other GET outside /api so
 * deep links such as /pricing-central/price-setup load the app. Everything else that matches no
 * route — any unknown /api path among them — answers 404 `not_found` as JSON.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const built = fs.existsSync(path.join(opts.root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      // The build writes `.br` and `.gz` beside each text file (apps/web/vite/precompress.ts): they
      // are sent as they are to a browser that accepts them (Vary: Accept-Encoding).
      preCompressed: true,
      // Hashed assets never change; the HTML must always be fresh.
      setHeaders: (reply, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ root: opts.root }, 'web app not built: serving the API only (npm run build)');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isPage = ['GET', 'HEAD'].includes(request.method) && !path.extname(pathname);
    if (built && !isApi && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(
      reply,
      new AppError('not_found', `No route for ${request.method} ${pathname}`),
    );
  });
});
