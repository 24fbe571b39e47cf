import path from 'node:path';
import { ZEmail, ZPassword } from '@tarifa/contract';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Every environment variable Tarifa reads, validated once at start-up. Documented in README.md
 * ("Configuration"); keep the two in step.
 */
/** A yes/no variable: `true` or `false`, `fallback` when unset. */
const flag = (fallback: 'true' | 'false') =>
  z.enum(['true', 'false'], { error: 'must be true or false' }).default(fallback);

const envSchema = z.object({
  /** TCP port of the HTTP server (API and web app). */
  PORT: z.coerce
    .number({ error: 'must be a whole number from 0 to 65535' })
    .int('must be a whole number from 0 to 65535')
    .min(0, 'must be a whole number from 0 to 65535')
    .max(65535, 'must be a whole number from 0 to 65535')
    .default(3000),
  /** Interface to bind; 0.0.0.0 to accept connections from other machines. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Folder for the embedded database and uploaded files. */
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * Memory of the embedded PGlite (docs/performance.md, "PGlite's memory"): its PostgreSQL
   * `shared_buffers`, a size such as `16MB`. PGlite keeps the pages it reads in the process's own
   * memory, which a WebAssembly process never gives back; PostgreSQL's default (128MB) left a
   * server at 520–560 MB after an import of 120 000 bookings, this one at 390–430 MB, without
   * slowing the calendar, the analytics or the import (bench/RESULTS.md).
   */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 16MB')
    .default('16MB'),
  /** postgres://… of a PostgreSQL server; without it the embedded PGlite in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Pino log level. */
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  /** Folder of the built web app served for every path outside /api. */
  WEB_DIST: z
    .string()
    .min(1)
    .default(path.resolve(import.meta.dirname, '../../web/dist')),
  /**
   * Attempts allowed per minute on each of login, register, forgot-password and reset-password,
   * counted separately per client IP and per email address (docs/auth.md, "Rate limits").
   */
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number from 1 to 100000' })
    .int('must be a whole number from 1 to 100000')
    .min(1, 'must be a whole number from 1 to 100000')
    .max(100_000, 'must be a whole number from 1 to 100000')
    .default(10),
  /**
   * A request that arrives while the event loop runs later than this (milliseconds) answers 503
   * with `Retry-After` (docs/reliability.md, "Under pressure"); 0 turns the guard off.
   */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce
    .number({ error: 'must be a whole number from 0 to 60000' })
    .int('must be a whole number from 0 to 60000')
    .min(0, 'must be a whole number from 0 to 60000')
    .max(60_000, 'must be a whole number from 0 to 60000')
    .default(1000),
  /**
   * smtp://user:pass@host:port (or smtps://) of the mail server. Without it no email leaves the
   * machine: each stays in the `emails` table (the development outbox) and reset links are logged.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'must look like smtp://user:pass@host:port (or smtps://)')
    .optional(),
  /**
   * How often (seconds) the morning digest looks for owners whose hour has come
   * (docs/digest-and-alerts.md); the checks fall on multiples of it (900: :00, :15, :30, :45).
   */
  DIGEST_CHECK_SECONDS: z.coerce
    .number({ error: 'must be a whole number from 1 to 3600' })
    .int('must be a whole number from 1 to 3600')
    .min(1, 'must be a whole number from 1 to 3600')
    .max(3600, 'must be a whole number from 1 to 3600')
    .default(900),
  /** Sender of every email, as `Name <address>` or a bare address. */
  MAIL_FROM: z
    .string()
    .regex(
      /^[^<>]*<[^<>@\s]+@[^<>@\s]+>$|^[^<>@\s]+@[^<>@\s]+$/,
      'must be "Name <address>" or an address',
    )
    .default('Tarifa <no-reply@tarifa.local>'),
  /** Public address of the web app, used in links sent by email; default http://localhost:PORT. */
  APP_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /**
   * Which proxies to believe about the client address (X-Forwarded-For), which the per-IP rate
   * limits count by: `false` (default: none, the address is the TCP peer), `true` (any — only
   * behind a proxy that overwrites the header), a number of hops, or a comma-separated list of
   * proxy addresses/CIDRs such as `10.0.0.0/8,127.0.0.1`.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(true|false|\d{1,2}|[\da-fA-F.:/]+(\s*,\s*[\da-fA-F.:/]+)*)$/,
      'must be true, false, a number of hops, or a comma-separated list of addresses',
    )
    .default('false'),
  /**
   * On the first start with an empty database, create the demo account and its hotel with two
   * years of bookings (docs/bookings.md, "Demo data"); `false` to start empty.
   */
  DEMO: flag('true'),
  /**
   * `true`: webhooks may point at loopback, private, link-local and other internal addresses
   * (docs/publishing.md). Off by default, so a webhook URL cannot reach the server's own network.
   */
  WEBHOOK_ALLOW_PRIVATE: flag('false'),
  /**
   * The key that encrypts channel credentials at rest (docs/channels.md): 32 random bytes, in
   * base64 or hex (`openssl rand -base64 32`). Unset: a key made once in DATA_DIR/channels.key —
   * fine for one instance; instances sharing a PostgreSQL must share this variable instead.
   */
  CHANNELS_KEY: z
    .string()
    .trim()
    .regex(
      /^(?:[A-Za-z0-9+/]{43}=|[A-Za-z0-9_-]{43}|[0-9a-fA-F]{64})$/,
      'must be 32 bytes in base64 or hex (openssl rand -base64 32)',
    )
    .optional(),
  /** Base URL of the Channex API (docs/channels.md); its staging server for trials. */
  CHANNEX_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://app.channex.io'),
  /**
   * `true`: channel connections may reach loopback and private addresses (an OpenTravel system on
   * the hotel's own network, a local Channex double). Off by default, as for webhooks.
   */
  CHANNELS_ALLOW_PRIVATE: flag('false'),
  /**
   * `true`: the OpenAPI document and the Swagger UI are served at /api/docs/json and /api/docs.
   * Unset: on, unless NODE_ENV is `production`.
   */
  API_DOCS: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  /**
   * Turns on /metrics (the Prometheus text format, docs/deployment.md, "Metrics"), answered only
   * with `Authorization: Bearer <this>`; unset, /metrics answers 404. At least 32 characters
   * (`openssl rand -hex 32`).
   */
  METRICS_TOKEN: z
    .string()
    .regex(
      /^[\x21-\x7e]{32,256}$/,
      'must be 32 to 256 characters without spaces (openssl rand -hex 32)',
    )
    .optional(),
  /**
   * On SIGTERM, how long (seconds) the running jobs get to finish before they are handed back to
   * the queue for another instance (docs/jobs.md, "Graceful stop"); 0 hands them back at once.
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number({ error: 'must be a whole number from 0 to 600' })
    .int('must be a whole number from 0 to 600')
    .min(0, 'must be a whole number from 0 to 600')
    .max(600, 'must be a whole number from 0 to 600')
    .default(10),
  /** With ADMIN_PASSWORD: this account is created as super-admin at start (once). */
  ADMIN_EMAIL: ZEmail.optional(),
  /** Password of the ADMIN_EMAIL account when it is created; never overwritten afterwards. */
  ADMIN_PASSWORD: ZPassword.optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL parameters the embedded PGlite starts with (`shared_buffers`…). */
  pglite: Record<string, string>;
  logLevel: (typeof logLevels)[number];
  webDist: string;
  rateLimitAuthPerMinute: number;
  /** The event-loop delay past which API calls answer 503 (0: never). */
  maxEventLoopDelayMs: number;
  /** Fastify's `trustProxy`. */
  trustProxy: boolean | number | string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Seconds between two looks for owners whose digest is due. */
  digestCheckSeconds: number;
  /** Without a trailing slash. */
  appUrl: string;
  /** Both set, or neither. */
  admin: { email: string; password: string } | undefined;
  /** Seed the demo account on an empty database, and show it on the login page. */
  demo: boolean;
  /** Webhook URLs may resolve to internal addresses (loopback, private, link-local…). */
  webhookAllowPrivate: boolean;
  /** Serve the OpenAPI document and the Swagger UI (/api/docs). */
  apiDocs: boolean;
  /** The key of channel credentials (32 bytes); undefined: DATA_DIR/channels.key. */
  channelsKey: Buffer | undefined;
  /** Without a trailing slash. */
  channexUrl: string;
  /** Channel connections may reach internal addresses. */
  channelsAllowPrivate: boolean;
  /** The bearer token /metrics asks for; undefined: no metrics (404). */
  metricsToken: string | undefined;
  /** Seconds the running jobs get to finish when the server stops. */
  shutdownGraceSeconds: number;
};

/** Variables whose value may hold a password: a bad one is named, its value not shown. */
const secretVariables = new Set([
  'ADMIN_PASSWORD',
  'SMTP_URL',
  'DATABASE_URL',
  'CHANNELS_KEY',
  'METRICS_TOKEN',
]);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells' `FOO= npm start`.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(present);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        // Secrets are named, never echoed.
        const shown = secretVariables.has(name) ? '…' : (env[name] ?? '');
        return `${name}=${JSON.stringify(shown)}: ${issue.message}`;
      });
  if (Boolean(present.ADMIN_EMAIL) !== Boolean(present.ADMIN_PASSWORD)) {
    problems.push(
      present.ADMIN_EMAIL
        ? 'ADMIN_PASSWORD="": must be set together with ADMIN_EMAIL'
        : 'ADMIN_EMAIL="": must be set together with ADMIN_PASSWORD',
    );
  }
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pglite: { shared_buffers: e.PGLITE_SHARED_BUFFERS },
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    rateLimitAuthPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    digestCheckSeconds: e.DIGEST_CHECK_SECONDS,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    demo: e.DEMO === 'true',
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
    apiDocs: (e.API_DOCS ?? (present.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
    channelsKey: e.CHANNELS_KEY === undefined ? undefined : keyBytes(e.CHANNELS_KEY),
    channexUrl: e.CHANNEX_URL.replace(/\/+$/, ''),
    channelsAllowPrivate: e.CHANNELS_ALLOW_PRIVATE === 'true',
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
  };
}

/** A 32-byte key written in hex or base64(url). */
const keyBytes = (text: string) =>
  /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64url');

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return /^\d+$/.test(value) ? Number(value) : value.replace(/\s+/g, '');
}
