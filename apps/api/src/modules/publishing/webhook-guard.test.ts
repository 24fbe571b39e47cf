import type { TBusiness, TWebhookDeliveriesPage } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhooks } from '../../db/schema';
import { createBusiness } from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { startReceiver, type Receiver } from '../../../test/webhook-receiver';

/**
 * The URL guard as operators run Tarifa (`WEBHOOK_ALLOW_PRIVATE=false`): internal addresses are
 * refused when the URL is saved, and again when a delivery connects (a URL already stored, or a
 * host name that resolves elsewhere by then).
 */
describe('webhook URL guard', () => {
  let t: TestApp;
  let owner: TestUser;
  let business: TBusiness;
  let receiver: Receiver;
  const now = new Date('2026-03-02T12:00:00Z');

  beforeAll(async () => {
    t = await createClockedTestApp(() => now, { webhookAllowPrivate: false });
    receiver = await startReceiver(() => now);
    owner = await createUser(t);
    business = await createBusiness(t, owner);
  });

  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const url = (rest = '') => `/api/v1/businesses/${business.uuid}/webhook${rest}`;

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://10.0.0.1/hook',
    'http://192.168.1.10/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]:8080/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://localhost:8080/hook',
  ])('refuses %s with private_address at url', async (target) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(),
      headers: owner.headers,
      payload: { url: target },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details).toEqual([
      expect.objectContaining({ path: 'url', code: 'private_address' }),
    ]);
    const read = await t.app.inject({ method: 'GET', url: url(), headers: owner.headers });
    expect(read.json()).toEqual({ webhook: null });
  });

  it.each([
    ['an IP literal', (port: number) => `http://127.0.0.1:${port}/hook`, '127.0.0.1'],
    ['a host name', (port: number) => `http://localhost:${port}/hook`, 'internal address'],
  ])('refuses to connect to an internal address stored before (%s)', async (_, target, words) => {
    // As if the URL had passed the check when it was saved (the host resolved elsewhere then).
    await t.database.db
      .insert(webhooks)
      .values({ businessUuid: business.uuid, url: target(receiver.port), secret: 'whsec_x' })
      .onConflictDoUpdate({ target: webhooks.businessUuid, set: { url: target(receiver.port) } });
    const res = await t.app.inject({ method: 'POST', url: url('/test'), headers: owner.headers });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs.drain();
    const log = (
      await t.app.inject({ method: 'GET', url: url('/deliveries'), headers: owner.headers })
    ).json() as TWebhookDeliveriesPage;
    const delivery = log.deliveries.find((d) => d.id === res.json().delivery.id)!;
    // A test is tried once: refused, it has failed.
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0]).toMatchObject({ httpStatus: null });
    expect(delivery.attempts[0]!.error).toContain(words);
    expect(receiver.received).toHaveLength(0);
  });
});
