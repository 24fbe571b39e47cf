import { ZDemoInfo, type TDemoInfo } from '@tarifa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifyPassword } from '../../lib/secrets';
import { authRepository } from '../auth/repository';
import { demoAccount } from './generator';

/** How long the answer of `GET /api/demo` is kept (it costs a password check). */
const CACHE_MS = 60_000;

/**
 * `GET /api/demo` (public): in demo mode, the demo account's credentials for the login page —
 * only while the account exists, is enabled and still has the documented password.
 */
export const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = authRepository(app.database.db);
  let cached: { at: number; answer: TDemoInfo } | undefined;

  async function info(): Promise<TDemoInfo> {
    if (!app.config.demo) return { enabled: false };
    const user = await repo.findUserByEmail(demoAccount.email);
    const usable =
      !!user && !user.disabledAt && (await verifyPassword(user.passwordHash, demoAccount.password));
    return usable
      ? { enabled: true, email: demoAccount.email, password: demoAccount.password }
      : { enabled: false };
  }

  app.get(
    '/demo',
    {
      schema: {
        tags: ['demo'],
        operationId: 'getDemo',
        summary: 'Demo mode: the demo account to sign in with (public)',
        response: { 200: ZDemoInfo },
      },
    },
    async () => {
      const now = app.clock().getTime();
      if (!cached || now - cached.at > CACHE_MS) {
        cached = { at: now, answer: await info() };
      }
      return cached.answer;
    },
  );
};
