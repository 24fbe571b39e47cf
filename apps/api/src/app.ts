import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { serializeError, serializeRequest } from './lib/logging';
import { zodValidatorCompiler } from './lib/validation';
import { adminRoutes } from './modules/admin/routes';
import { registerAlertJobs } from './modules/alerts/jobs';
import { alertsRoutes } from './modules/alerts/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { auditRoutes } from './modules/audit/routes';
import { registerAutopilotJobs } from './modules/autopilot/jobs';
import { autopilotRoutes } from './modules/autopilot/routes';
import { authRepository } from './modules/auth/repository';
import { authRoutes } from './modules/auth/routes';
import { authService, sessions } from './modules/auth/service';
import { bookingsRoutes } from './modules/bookings/routes';
import { budgetsRoutes } from './modules/budgets/routes';
import { businessesRoutes } from './modules/businesses/routes';
import { demoRoutes } from './modules/demo/routes';
import { eventsRoutes } from './modules/events/routes';
import { forecastRoutes } from './modules/forecast/routes';
import { healthRoutes } from './modules/health/routes';
import { registerImportJobs } from './modules/imports/jobs';
import { importsRoutes } from './modules/imports/routes';
import { marketRoutes } from './modules/market/routes';
import { mailPlugin } from './modules/mail/plugin';
import { notificationsRoutes } from './modules/notifications/routes';
import type { PaymentProvider } from './modules/plans/payments';
import { plansRoutes } from './modules/plans/routes';
import { portfolioRoutes } from './modules/portfolio/routes';
import { registerPriceChangeJobs } from './modules/price-changes/jobs';
import { priceChangesRoutes } from './modules/price-changes/routes';
import { pricesRoutes } from './modules/prices/routes';
import { ratePlansRoutes } from './modules/rate-plans/routes';
import { registerPrivacyJobs } from './modules/privacy/jobs';
import { privacyRoutes } from './modules/privacy/routes';
import { restrictionsRoutes } from './modules/restrictions/routes';
import { registerPublishingJobs } from './modules/publishing/jobs';
import { registerChannelJobs } from './modules/channels/jobs';
import { registerDigestJobs } from './modules/digest/jobs';
import { digestRoutes } from './modules/digest/routes';
import { channelsRoutes } from './modules/channels/routes';
import { registerRateRulesJobs } from './modules/rate-rules/jobs';
import { rateRulesRoutes } from './modules/rate-rules/routes';
import { publishingRoutes } from './modules/publishing/routes';
import { supportRoutes } from './modules/support/routes';
import { integrationTokens } from './modules/tokens/integration';
import { tokensRoutes } from './modules/tokens/routes';
import { membersRoutes } from './modules/members/routes';
import { usersRoutes } from './modules/users/routes';
import { authPlugin } from './plugins/auth';
import { systemClock, type Clock } from './core/clock';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin, frameworkError } from './plugins/errors';
import { inputPlugin } from './plugins/input';
import { jobsPlugin, type JobsPluginOptions } from './plugins/jobs';
import { metricsPlugin } from './plugins/metrics';
import { pressurePlugin } from './plugins/pressure';
import { webPlugin } from './plugins/web';

const { version } = createRequire(import.meta.url)('../../../package.json') as { version: string };

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    appVersion: string;
    /** The app's one clock (core/clock.ts). */
    clock: Clock;
  }
}

export interface AppDeps {
  config: Config;
  /** An open, migrated database; the app does not close it (its owner does). */
  database: Database;
  /** Where log lines go; standard output when absent. Tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream;
  /** Whether jobs run in the background (default: yes); they run on the app's clock. */
  jobs?: JobsPluginOptions;
  /** Where a paid plan is paid; no payment is taken when absent (docs/plans.md). */
  payments?: PaymentProvider;
  /** "Now" for the whole app (core/clock.ts); the machine's time when absent. */
  clock?: Clock;
}

/** Paths of secrets that must never reach a log line. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.secret',
];

/**
 * Builds the HTTP application without listening, so tests can drive it with `app.inject()`.
 * Plugins are registered in a fixed, visible order: errors, the event-loop guard, input checks
 * (docs/reliability.md),
 * security headers, docs, then authentication, mail, the job mechanism and the metrics (/metrics),
 * the API routes, then the web app and the not-found fallback.
 */
export async function buildApp({
  config,
  database,
  logStream,
  jobs,
  payments,
  clock: appClock,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: redactedPaths, censor: '[redacted]' },
      // URLs without their `token=` values, errors without their query parameters.
      serializers: { req: serializeRequest, err: serializeError },
      ...(logStream ? { stream: logStream } : {}),
    },
    // Request ids are the server's own: a client's `X-Request-Id` is ignored, so nobody can
    // choose the id their request is logged under.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkError,
    // Fastify takes a hop count at run time (proxy-addr), though its types only list the others.
    trustProxy: config.trustProxy as boolean | string,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('appVersion', version);
  const clock = appClock ?? systemClock;
  app.decorate('clock', clock);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(pressurePlugin, { maxDelayMs: config.maxEventLoopDelayMs });
  await app.register(inputPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Emotion (MUI) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(docsPlugin, { version, serve: config.apiDocs });
  // Integration tokens are told by their prefix; any other bearer token is a session's.
  await app.register(authPlugin, {
    credentials: [
      integrationTokens(database.db, clock),
      sessions(authService(authRepository(database.db), clock)),
    ],
  });
  await app.register(mailPlugin);
  await app.register(jobsPlugin, {
    background: jobs?.background,
    graceMs: config.shutdownGraceSeconds * 1000,
  });
  await app.register(metricsPlugin, { token: config.metricsToken });
  // Every module's jobs and outbox subscribers, one line each (docs/jobs.md), never in routes.
  registerImportJobs(app);
  registerPriceChangeJobs(app);
  registerPublishingJobs(app);
  registerRateRulesJobs(app);
  const autopilot = registerAutopilotJobs(app);
  const channels = registerChannelJobs(app);
  const alerts = registerAlertJobs(app);
  const digest = registerDigestJobs(app);
  const privacy = registerPrivacyJobs(app);
  // Every module's routes, under /api. Modules add themselves here, one line each.
  await app.register(
    async (api) => {
      // Answers compressed as the client accepts (brotli, then gzip) once above 1 KB: a year of
      // the calendar is megabytes of JSON, seconds on a reception's Wi-Fi. Only text (JSON, CSV,
      // XML; never a server-sent stream, nor files already compressed); requests stay as they
      // are (a compressed upload is still refused, 415). The web assets come precompressed from
      // the build (webPlugin) and stay out of this scope.
      await api.register(compress, {
        encodings: ['br', 'gzip'],
        threshold: 1024,
        customTypes: /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/u,
        globalDecompression: false,
      });
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(notificationsRoutes);
      await api.register(adminRoutes);
      await api.register(supportRoutes);
      await api.register(businessesRoutes);
      await api.register(auditRoutes);
      await api.register(bookingsRoutes);
      await api.register(pricesRoutes, { clock });
      await api.register(restrictionsRoutes, { clock });
      await api.register(priceChangesRoutes, { clock });
      await api.register(rateRulesRoutes, { clock });
      await api.register(tokensRoutes);
      await api.register(membersRoutes);
      await api.register(importsRoutes);
      await api.register(publishingRoutes, { clock });
      await api.register(channelsRoutes, { service: channels });
      await api.register(analyticsRoutes, { clock });
      await api.register(portfolioRoutes, { clock });
      await api.register(forecastRoutes, { clock });
      await api.register(budgetsRoutes, { clock });
      await api.register(autopilotRoutes, { service: autopilot });
      await api.register(eventsRoutes);
      await api.register(ratePlansRoutes);
      await api.register(marketRoutes, { clock });
      await api.register(demoRoutes);
      await api.register(plansRoutes, { payments });
      await api.register(alertsRoutes, { service: alerts });
      await api.register(digestRoutes, { service: digest });
      await api.register(privacyRoutes, { service: privacy });
    },
    { prefix: '/api' },
  );
  await app.register(webPlugin, { root: config.webDist });
  return app;
}
