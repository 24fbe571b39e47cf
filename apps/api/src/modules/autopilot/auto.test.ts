import type {
  TAuditEvent,
  TAutopilotPolicy,
  TAutopilotSuggestion,
  TBusiness,
  TNotification,
} from '@tarifa/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { createApiToken } from '../../../test/booking-factories';
import { businessesUrl, createBusiness } from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { demoTestApp } from '../../../test/demo-factories';
import type { TestApp } from '../../../test/helpers';
import { storedChanges } from '../../../test/price-change-factories';
import { AUTOPILOT_AUTO_JOB } from './queue';

/**
 * The autopilot on its own (docs/autopilot.md, "On its own"): the owner's rules saved with their
 * version, checked and audited; switched on, a run every Monday computes a suggestion and applies
 * it only as the rules allow — otherwise it is held back with the reason — and the owner is told
 * either way. Applied, it changes the settings as Tarifa acting for the owner, never the bounds.
 */
describe('the autopilot on its own', () => {
  let t: TestApp;
  let owner: TestUser;
  let demo: TBusiness;
  // A winter Friday in Lisbon (UTC+0 in winter); the demo's year of history before it.
  let now = new Date('2026-02-20T12:00:00Z');

  beforeAll(async () => {
    ({ t, owner, demo } = await demoTestApp(() => now));
  }, 120_000);
  afterAll(() => t.close());

  function call(method: 'GET' | 'PUT', url: string, payload?: object, headers = owner.headers) {
    return t.app.inject({ method, url, headers, payload });
  }
  const policyUrl = (business: { uuid: string }) =>
    `${businessesUrl}/${business.uuid}/autopilot/policy`;
  async function policyOf(business: { uuid: string }, headers = owner.headers) {
    const res = await call('GET', policyUrl(business), undefined, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TAutopilotPolicy;
  }
  async function save(business: { uuid: string }, body: object, headers = owner.headers) {
    return call('PUT', policyUrl(business), body, headers);
  }
  async function latest(business: { uuid: string }) {
    const res = await call('GET', `${businessesUrl}/${business.uuid}/autopilot/suggestion`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TAutopilotSuggestion;
  }
  async function businessOf(business: { uuid: string }) {
    const res = await call('GET', `${businessesUrl}/${business.uuid}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().business as TBusiness;
  }
  const auditOf = async (business: { uuid: string }) =>
    (await call('GET', `${businessesUrl}/${business.uuid}/audit?pageSize=100`)).json()
      .events as TAuditEvent[];
  const notifications = async () =>
    (await call('GET', '/api/v1/notifications')).json().notifications as TNotification[];
  /** When the business's queued automatic runs start. */
  const queuedRuns = async (business: { uuid: string }) =>
    (
      await t.database.db
        .select({ runAt: jobs.runAt })
        .from(jobs)
        .where(
          and(
            eq(jobs.type, AUTOPILOT_AUTO_JOB),
            eq(jobs.status, 'queued'),
            sql`${jobs.payload}->>'businessUuid' = ${business.uuid}`,
          ),
        )
    ).map((row) => row.runAt.toISOString());

  it('reads the defaults before anything is saved: off, at most 15 %, only when highly sure', async () => {
    expect(await policyOf(demo)).toEqual({
      autoApply: false,
      maxMovePercent: 15,
      minConfidence: 'high',
      version: 0,
      updatedAt: null,
      updatedBy: null,
      nextRunAt: null,
    });
  });

  it('names the field of a bad value, reports a version saved since, and changes nothing', async () => {
    const good = { autoApply: false, maxMovePercent: 10, minConfidence: 'high', version: 0 };
    for (const [payload, path] of [
      [{ ...good, maxMovePercent: 0 }, 'maxMovePercent'],
      [{ ...good, maxMovePercent: 51 }, 'maxMovePercent'],
      [{ ...good, maxMovePercent: 7.5 }, 'maxMovePercent'],
      [{ ...good, minConfidence: 'low' }, 'minConfidence'],
      [{ ...good, autoApply: 'yes' }, 'autoApply'],
      [{ ...good, version: undefined }, 'version'],
    ] as const) {
      const res = await save(demo, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_failed',
        details: [expect.objectContaining({ path })],
      });
    }
    const stale = await save(demo, { ...good, version: 3 });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().error.code).toBe('version_conflict');
    expect((await policyOf(demo)).version).toBe(0);
    expect((await auditOf(demo)).some((e) => e.entity === 'autopilot_policy')).toBe(false);
  });

  it('is the owner’s: a token is refused, another tenant finds nothing, a plan without it cannot switch it on', async () => {
    const token = await createApiToken(t, owner, demo);
    const bearer = { authorization: `Bearer ${token.token}` };
    const body = { autoApply: true, maxMovePercent: 10, minConfidence: 'high', version: 0 };
    const refused = await save(demo, body, bearer);
    expect(refused.statusCode, refused.body).toBe(403);
    const stranger = await createUser(t, { name: 'Outra Pessoa', plan: 'starter' });
    expect((await call('GET', policyUrl(demo), undefined, stranger.headers)).statusCode).toBe(404);
    expect((await save(demo, body, stranger.headers)).statusCode).toBe(404);

    // On the free plan it stays off; saving the other rules is free.
    const own = await createBusiness(t, stranger);
    const pro = await save(own, body, stranger.headers);
    expect(pro.statusCode, pro.body).toBe(403);
    expect(pro.json().error).toMatchObject({
      code: 'plan_required',
      details: [
        expect.objectContaining({
          path: 'autoApply',
          code: 'plan_required',
          params: expect.objectContaining({ feature: 'autopilotAuto', plan: 'pro' }),
        }),
      ],
    });
    const off = await save(own, { ...body, autoApply: false }, stranger.headers);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ autoApply: false, maxMovePercent: 10, version: 1 });
    expect(await queuedRuns(own)).toEqual([]);
    expect((await policyOf(demo)).version).toBe(0);
  });

  it('holds back a suggestion that would move a night more than allowed, and tells the owner', async () => {
    const res = await save(demo, {
      autoApply: true,
      maxMovePercent: 1,
      minConfidence: 'medium',
      version: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Next Monday at the start of the day in Lisbon.
    expect(res.json()).toEqual({
      autoApply: true,
      maxMovePercent: 1,
      minConfidence: 'medium',
      version: 1,
      updatedAt: now.toISOString(),
      updatedBy: { uuid: owner.userData.uuid, name: owner.userData.name },
      nextRunAt: '2026-02-23T00:00:00.000Z',
    });
    expect(await queuedRuns(demo)).toEqual(['2026-02-23T00:00:00.000Z']);
    const [saved] = await auditOf(demo);
    expect(saved).toMatchObject({
      action: 'create',
      entity: 'autopilot_policy',
      actorKind: 'user',
      changes: {
        autoApply: { before: null, after: true },
        maxMovePercent: { before: null, after: 1 },
        minConfidence: { before: null, after: 'medium' },
      },
    });

    const before = await businessOf(demo);
    // Nothing happens before Monday.
    await t.app.jobs.drain();
    await expect(latest(demo)).rejects.toThrow();

    now = new Date('2026-02-23T00:00:05Z');
    await t.app.jobs.drain();
    const held = await latest(demo);
    expect(held).toMatchObject({
      origin: 'auto',
      status: 'ready',
      held: 'move_too_large',
      appliedAt: null,
      stale: false,
    });
    // Its largest move is what held it back; the owner may still apply it by hand.
    expect(Math.abs(held.preview!.summary.largest!.changePercent)).toBeGreaterThan(1);
    expect(await businessOf(demo)).toEqual(before);
    const told = (await notifications()).find((n) => n.kind === 'autopilot_held');
    expect(told).toMatchObject({
      business: { uuid: demo.uuid },
      params: { suggestionId: held.id, reason: 'move_too_large' },
    });
    // The next run, a week on.
    expect(await queuedRuns(demo)).toEqual(['2026-03-02T00:00:00.000Z']);
  });

  it('applies one within the rules as Tarifa for the owner, the bounds left as the owner set them', async () => {
    const res = await save(demo, {
      autoApply: true,
      maxMovePercent: 50,
      minConfidence: 'medium',
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, nextRunAt: '2026-03-02T00:00:00.000Z' });
    const before = await businessOf(demo);
    const pendingBefore = (await storedChanges(t, demo.uuid)).filter(
      (change) => change.status === 'pending',
    ).length;

    now = new Date('2026-03-02T00:00:05Z');
    await t.app.jobs.drain();
    const applied = await latest(demo);
    expect(applied).toMatchObject({
      origin: 'auto',
      status: 'ready',
      held: null,
      appliedAt: now.toISOString(),
      appliedBy: { uuid: owner.userData.uuid },
    });
    const result = applied.suggestion!;
    if (result.status !== 'ready') throw new Error('not ready');
    expect(result.confidence).not.toBe('low');

    const after = await businessOf(demo);
    expect(after.version).toBe(before.version + 1);
    const bounds = (business: TBusiness) =>
      business.tariffConfiguration.roomsTariff.map((r) => [r.uuid, r.minPrice, r.maxPrice]);
    expect(bounds(after)).toEqual(bounds(before));
    const basePrices = (business: TBusiness) =>
      business.tariffConfiguration.roomsTariff.map((r) => r.basePrice);
    expect(basePrices(after)).not.toEqual(basePrices(before));
    // What it applied is what the suggestion now says it applied, bounds kept.
    const rooms = applied.changes.find((change) => change.kind === 'roomsTariff');
    if (rooms) {
      expect(rooms.roomsTariff.map((r) => [r.uuid, r.minPrice, r.maxPrice])).toEqual(
        bounds(before),
      );
    }

    // Audited as Tarifa acting for the owner who switched it on.
    const events = await auditOf(demo);
    const note = events.find(
      (e) => e.entity === 'autopilot_suggestion' && e.entityId === applied.id,
    );
    expect(note).toMatchObject({
      action: 'apply',
      actorKind: 'system',
      actor: { uuid: owner.userData.uuid },
      changes: {
        changes: { before: null, after: applied.changes.length },
        auto: { before: null, after: true },
      },
    });
    const told = (await notifications()).find((n) => n.kind === 'autopilot_applied');
    expect(told).toMatchObject({
      params: { suggestionId: applied.id, changes: applied.changes.length },
    });

    // The moved nights wait in the price-change log, as after a manual edit.
    await t.app.jobs.drain();
    const pending = (await storedChanges(t, demo.uuid)).filter(
      (change) => change.status === 'pending',
    );
    expect(pending.length).toBeGreaterThan(pendingBefore);
  });

  it('stops when switched off: the queued run computes nothing and queues no other', async () => {
    const res = await save(demo, {
      autoApply: false,
      maxMovePercent: 50,
      minConfidence: 'medium',
      version: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ autoApply: false, nextRunAt: null, version: 3 });
    const last = (await latest(demo)).id;
    now = new Date('2026-03-09T00:00:05Z');
    await t.app.jobs.drain();
    expect((await latest(demo)).id).toBe(last);
    expect(await queuedRuns(demo)).toEqual([]);
  });
});
