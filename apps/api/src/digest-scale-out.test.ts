import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './db/client';
import { DIGEST_SEND_JOB } from './modules/digest/jobs';
import { client, signUpWithBusiness, startInstances, until } from '../test/server-process';
import { startSmtpPeer } from '../test/smtp-peer';

/**
 * Two API processes on one PostgreSQL database, both looking every second for owners whose
 * digest is due (`DIGEST_CHECK_SECONDS=1`): the owner gets one e-mail, and the day one row
 * (docs/digest-and-alerts.md). PostgreSQL lane only, like scale-out.test.ts.
 */
describe('the morning digest from two instances', () => {
  let instances: Awaited<ReturnType<typeof startInstances>>;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    instances = await startInstances({
      DIGEST_CHECK_SECONDS: '1',
      SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`,
    });
  }, 90_000);

  afterAll(async () => {
    await instances?.stop();
    await smtp?.close();
  });

  it('sends one digest, whichever instance looks first', async () => {
    const a = client(() => instances.bases[0]!);
    const b = client(() => instances.bases[1]!);
    const { token } = await signUpWithBusiness(a, { email: 'digest@scale.test' });
    // The hour the property (Lisbon, the default zone) is in now: the digest is due at once.
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', {
        hour: 'numeric',
        hourCycle: 'h23',
        timeZone: 'Europe/Lisbon',
      }).format(new Date()),
    );
    const put = await b('PUT', '/api/v1/digest/settings', { enabled: true, hour }, token);
    expect(put.status).toBe(200);

    const toOwner = () => smtp.received.filter((m) => m.to.includes('digest@scale.test'));
    await until(() => toOwner().length > 0, 60_000);
    // Both instances keep looking every second: still one e-mail, one day taken.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(toOwner()).toHaveLength(1);
    const days = rowsOf<{ n: number }>(
      await instances.database.db.execute(sql`select count(*)::int as n from digests`),
    );
    expect(days).toEqual([{ n: 1 }]);
    const sends = rowsOf<{ status: string }>(
      await instances.database.db.execute(
        sql`select status from jobs where type = ${DIGEST_SEND_JOB}`,
      ),
    );
    expect(sends.length).toBeGreaterThan(0);
    expect(sends.every((job) => job.status === 'succeeded')).toBe(true);
    // One instance wrote it; the other found the day taken or never got the job.
    const written = instances.servers.flatMap((server) =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('digest written')),
    );
    expect(written).toHaveLength(1);
  }, 90_000);
});
