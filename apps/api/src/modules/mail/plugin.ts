import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailService, type MailService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/**
 * Gives the modules registered after it `app.mail`. On close it waits for the deliveries under
 * way, so a graceful shutdown does not drop an email already accepted.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const mail = mailService({
      db: app.database.db,
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      log: app.log.child({ module: 'mail' }),
      clock: app.clock,
    });
    app.decorate('mail', mail);
    app.addHook('onClose', () => mail.close());
  },
  { name: 'mail' },
);
