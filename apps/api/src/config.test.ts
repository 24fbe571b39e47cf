import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the documented defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      logLevel: 'info',
      databaseUrl: undefined,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT="abc"');
    expect(problems).toContain('LOG_LEVEL="loud"');
    expect(problems).toContain('DATABASE_URL="…"');
  });

  it("gives the embedded database's memory setting, and refuses a size it would not read", () => {
    expect(loadConfig({}).pglite).toEqual({ shared_buffers: '16MB' });
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '64MB' }).pglite).toEqual({
      shared_buffers: '64MB',
    });
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(
      'PGLITE_SHARED_BUFFERS="lots": must be a size such as 16MB',
    );
  });

  it('accepts a PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/tarifa' }).databaseUrl).toBe(
      'postgres://u:p@db:5432/tarifa',
    );
  });

  it('gives the auth and mail defaults', () => {
    expect(loadConfig({ PORT: '8080' })).toMatchObject({
      rateLimitAuthPerMinute: 10,
      smtpUrl: undefined,
      mailFrom: 'Tarifa <no-reply@tarifa.local>',
      appUrl: 'http://localhost:8080',
      admin: undefined,
    });
  });

  it('reads the auth and mail variables', () => {
    expect(
      loadConfig({
        RATE_LIMIT_AUTH_PER_MINUTE: '25',
        SMTP_URL: 'smtp://user:pass@mail.example:587',
        MAIL_FROM: 'Hotel <desk@hotel.example>',
        APP_URL: 'https://tarifa.example/',
        ADMIN_EMAIL: 'root@hotel.example',
        ADMIN_PASSWORD: 'Root-password-1',
      }),
    ).toMatchObject({
      rateLimitAuthPerMinute: 25,
      smtpUrl: 'smtp://user:pass@mail.example:587',
      mailFrom: 'Hotel <desk@hotel.example>',
      appUrl: 'https://tarifa.example',
      admin: { email: 'root@hotel.example', password: 'Root-password-1' },
    });
  });

  it('names bad auth and mail variables, never echoing a secret', () => {
    let error: unknown;
    try {
      loadConfig({
        RATE_LIMIT_AUTH_PER_MINUTE: '0',
        SMTP_URL: 'http://user:hunter2@mail.example',
        MAIL_FROM: 'nobody',
        APP_URL: 'ftp://files.example',
        ADMIN_EMAIL: 'root@hotel.example',
        ADMIN_PASSWORD: 'weakweakweak',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'RATE_LIMIT_AUTH_PER_MINUTE="0"',
      'SMTP_URL=',
      'MAIL_FROM="nobody"',
      'APP_URL="ftp://files.example"',
      'ADMIN_PASSWORD=',
    ]) {
      expect(problems).toContain(name);
    }
    expect(problems).not.toContain('hunter2');
    expect(problems).not.toContain('weakweakweak');
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'root@hotel.example' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'Root-password-1' })).toThrow(/ADMIN_EMAIL/);
  });

  it('trusts no proxy by default, and reads hops or addresses when told', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8,127.0.0.1',
    );
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses webhooks to internal addresses unless WEBHOOK_ALLOW_PRIVATE is true', () => {
    expect(loadConfig({}).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }).webhookAllowPrivate).toBe(true);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
  });

  it('serves the API docs unless NODE_ENV is production, where API_DOCS=true turns them on', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'on' })).toThrow('API_DOCS="on": must be true or false');
  });

  it('turns metrics on with a long enough METRICS_TOKEN, never echoing a bad one, and reads the grace period', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, shutdownGraceSeconds: 10 });
    const token = 'a'.repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token, SHUTDOWN_GRACE_SECONDS: '0' })).toMatchObject({
      metricsToken: token,
      shutdownGraceSeconds: 0,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short-secret' })).toThrow(/METRICS_TOKEN="…"/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short-secret' })).not.toThrow(/short-secret/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '601' })).toThrow(
      'SHUTDOWN_GRACE_SECONDS="601": must be a whole number from 0 to 600',
    );
  });

  it('never echoes a bad DATABASE_URL, which may hold a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/x' })).toThrow(
      /DATABASE_URL="…"/,
    );
  });
});
