import { randomUUID } from 'node:crypto';
import type { TBusiness } from '@tarifa/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { businessesUrl, createBusiness } from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import {
  buildTestApp,
  createClockedTestApp,
  testConfig,
  type TestApp,
} from '../../../test/helpers';
import { ROLL_JOB } from './jobs';
import { pruneSuperseded, SUPERSEDED_KEPT_DAYS } from './roll';
import {
  changesOf,
  insertChanges,
  lisbonDouble,
  priceChangesUrl,
  publishOpen,
  setOverrides,
  storedChanges,
  tariffCall,
} from '../../../test/price-change-factories';

/**
 * The daily roll with an injected clock. The business is in Lisbon (UTC+0 in March); "now" starts
 * at 2026-03-02 12:00 UTC. Its horizon is 30 nights; nights 0–2 days away cost 10 % less, so on
 * the 2nd a Double (base 100) costs 90 on the 2nd, 3rd and 4th and 100 from the 5th.
 */
describe('the daily roll', () => {
  let now = new Date('2026-03-02T12:00:00Z');
  const at = (iso: string) => (now = new Date(iso));
  let t: TestApp;
  let owner: TestUser;
  let business: TBusiness;
  let dbl: string;

  /** The queued rolls of a business: when each runs. */
  const queuedRolls = async (businessUuid: string) =>
    (
      await t.database.db
        .select({ runAt: jobs.runAt, key: jobs.singletonKey })
        .from(jobs)
        .where(
          and(
            eq(jobs.type, ROLL_JOB),
            eq(jobs.status, 'queued'),
            sql`${jobs.payload}->>'businessUuid' = ${businessUuid}`,
          ),
        )
    ).map((row) => ({ runAt: row.runAt.toISOString(), key: row.key }));
  const moves = async (statuses = ['pending']) =>
    (await changesOf(t, business.uuid, statuses)).map((r) => [
      r.night,
      r.oldPriceMinor,
      r.newPriceMinor,
    ]);

  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t);
    ({ business, dbl } = await lisbonDouble(t, owner, {
      horizonDays: 30,
      leadTimeRules: [{ fromDays: 0, toDays: 2, adjustmentPercent: -10 }],
    }));
  });
  afterAll(() => t.close());

  it('is queued for the next midnight in the business’s time zone once its prices exist', async () => {
    const proposed = await moves();
    expect(proposed).toHaveLength(30);
    expect(proposed.slice(0, 4)).toEqual([
      ['2026-03-02', null, 9_000],
      ['2026-03-03', null, 9_000],
      ['2026-03-04', null, 9_000],
      ['2026-03-05', null, 10_000],
    ]);
    expect(proposed[29]![0]).toBe('2026-03-31');
    expect(await queuedRolls(business.uuid)).toEqual([
      { runAt: '2026-03-03T00:00:00.000Z', key: `${ROLL_JOB}:${business.uuid}` },
    ]);
    await publishOpen(t, business.uuid, now);

    // A manual price for tonight: an open change on a night that is about to pass.
    await setOverrides(t, owner, business, [
      { roomUuid: dbl, from: '2026-03-02', to: '2026-03-02', price: 80 },
    ]);
    await t.app.jobs.drain();
    expect(await moves()).toEqual([['2026-03-02', 9_000, 8_000]]);
  });

  it('does not run before midnight', async () => {
    at('2026-03-02T23:59:00Z');
    expect(await t.app.jobs.drain([ROLL_JOB])).toBe(0);
    expect(await moves()).toEqual([['2026-03-02', 9_000, 8_000]]);
  });

  it('at midnight: past nights’ changes superseded, lead-time nights re-priced, a new night proposed', async () => {
    at('2026-03-03T00:00:30Z');
    expect(await t.app.jobs.drain([ROLL_JOB])).toBe(1);

    // The 2nd is gone: its open change is superseded.
    expect(await moves(['superseded'])).toEqual([['2026-03-02', 9_000, 8_000]]);
    // The 5th is now 2 days away (90 instead of the published 100); the 3rd and 4th keep their
    // published 90; 1 April enters the horizon, never published.
    const rows = await changesOf(t, business.uuid, ['pending']);
    expect(rows.map((r) => [r.night, r.oldPriceMinor, r.newPriceMinor])).toEqual([
      ['2026-03-05', 10_000, 9_000],
      ['2026-04-01', null, 10_000],
    ]);
    expect(rows[0]!.reason).toEqual([
      { step: 'lead_time', label: '', refId: null, was: null, now: -1_000 },
    ]);
    expect(rows[1]!.reason).toEqual([
      { step: 'base', label: '', refId: null, was: null, now: 10_000 },
    ]);
    // And the next roll waits for the next midnight.
    expect(await queuedRolls(business.uuid)).toEqual([
      { runAt: '2026-03-04T00:00:00.000Z', key: `${ROLL_JOB}:${business.uuid}` },
    ]);
  });

  it('rolls again the next night', async () => {
    await publishOpen(t, business.uuid, now);
    at('2026-03-04T00:00:05Z');
    expect(await t.app.jobs.drain([ROLL_JOB])).toBe(1);
    expect(await moves()).toEqual([
      ['2026-03-06', 10_000, 9_000],
      ['2026-04-02', null, 10_000],
    ]);
    expect((await queuedRolls(business.uuid)).map((r) => r.runAt)).toEqual([
      '2026-03-05T00:00:00.000Z',
    ]);
  });

  it('on start, every live business without a queued roll gets one (in its own time zone), until deleted', async () => {
    const other = await createBusiness(t, owner, { timezone: 'America/New_York' });
    expect(await queuedRolls(other.uuid)).toEqual([]); // no rooms yet: nothing recomputed

    const restarted = await buildTestApp({
      config: testConfig(),
      database: t.database,
      clock: () => now,
      jobs: { background: false },
    });
    await restarted.ready();
    await restarted.close();

    // 4 March 00:00 UTC is the 3rd, 19:00 in New York: its next midnight is 05:00 UTC.
    expect(await queuedRolls(other.uuid)).toEqual([
      { runAt: '2026-03-04T05:00:00.000Z', key: `${ROLL_JOB}:${other.uuid}` },
    ]);
    expect(await queuedRolls(business.uuid)).toHaveLength(1);

    // Deleted, its roll finds nothing to do and does not come back.
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${businessesUrl}/${other.uuid}`,
      headers: owner.headers,
      payload: { confirmName: other.name },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    at('2026-03-04T05:00:01Z');
    expect(await t.app.jobs.drain([ROLL_JOB])).toBe(1);
    expect(await queuedRolls(other.uuid)).toEqual([]);
  });

  /**
   * After the roll, superseded changes nobody decided are pruned once 30 days old
   * (docs/price-changes.md, "Pruning"); a business with 30 cells (one room type, 30 nights).
   */
  describe('pruning superseded changes', () => {
    const cells = 30;
    const decide = async (hotel: { uuid: string }, action: 'approve' | 'reject', ids: string[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: priceChangesUrl(hotel, `/${action}`),
        headers: owner.headers,
        payload: { ids },
      });
      expect(res.json()).toEqual({ moved: ids.length });
    };

    it('deletes in batches until none is left, and only what is old enough', async () => {
      const { business: other, dbl: room } = await lisbonDouble(t, owner, { horizonDays: cells });
      const old = new Date(now.getTime() - (SUPERSEDED_KEPT_DAYS + 1) * 86_400_000);
      const recent = new Date(now.getTime() - (SUPERSEDED_KEPT_DAYS - 1) * 86_400_000);
      const night = (i: number) => `2026-05-${String(1 + (i % 28)).padStart(2, '0')}`;
      const seeds = (updatedAt: Date, n: number) =>
        Array.from({ length: n }, (_, i) => ({
          roomUuid: room,
          night: night(i),
          status: 'superseded' as const,
          updatedAt,
        }));
      const before = (await storedChanges(t, other.uuid)).length;
      await insertChanges(t, other.uuid, [...seeds(old, 23), ...seeds(recent, 4)]);
      // Another business's old superseded changes are not this one's to prune.
      const neighbour = (await storedChanges(t, business.uuid)).length;

      expect(await pruneSuperseded(t.database.db, other.uuid, now, 5)).toBe(23);
      expect((await storedChanges(t, other.uuid)).length).toBe(before + 4);
      expect((await storedChanges(t, business.uuid)).length).toBe(neighbour);
      expect(await pruneSuperseded(t.database.db, other.uuid, now, 5)).toBe(0);
    });

    it('after many edits of a rule the log holds a few rows per cell, and every decision stays', async () => {
      const { business: hotel, dbl: room } = await lisbonDouble(t, owner, { horizonDays: cells });
      const first = await changesOf(t, hotel.uuid, ['pending']);
      expect(first).toHaveLength(cells);
      // The owner approves the 10th (published at once: no destination) and rejects the 11th.
      const approved = first.find((row) => row.night === '2026-03-10')!.id;
      const rejected = first.find((row) => row.night === '2026-03-11')!.id;
      await decide(hotel, 'approve', [approved]);
      await decide(hotel, 'reject', [rejected]);
      await t.app.jobs.drain();
      // Replaced, but decided, published or carried by a delivery: never pruned.
      const long = new Date('2026-01-01T00:00:00Z');
      const superseded = { status: 'superseded', createdAt: long, updatedAt: long } as const;
      const kept = await insertChanges(t, hotel.uuid, [
        { ...superseded, roomUuid: room, night: '2026-03-12', decidedAt: long },
        { ...superseded, roomUuid: room, night: '2026-03-13', publishedAt: long },
        { ...superseded, roomUuid: room, night: '2026-03-14', deliveryId: randomUUID() },
      ]);

      // A weekday rule edited 12 times: each edit replaces every open change.
      const edits = 12;
      const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
      for (let edit = 1; edit <= edits; edit += 1) {
        await tariffCall(t, owner, hotel, 'settings', 'PUT', {
          settings: { weekdayAdjustments: Object.fromEntries(weekdays.map((day) => [day, edit])) },
        });
        await t.app.jobs.drain();
      }
      const edited = await storedChanges(t, hotel.uuid);
      expect(edited.length).toBeGreaterThan(edits * (cells - 1));

      // A day short of the retention period, the roll prunes nothing of this.
      at('2026-04-02T00:00:30Z');
      await t.app.jobs.drain();
      expect((await storedChanges(t, hotel.uuid)).length).toBeGreaterThanOrEqual(edited.length);

      // Past it, the replaced changes nobody decided are gone.
      at('2026-04-04T00:00:30Z');
      await t.app.jobs.drain();
      const left = await storedChanges(t, hotel.uuid);
      // The last proposals (30, replaced by the rolls: their nights passed) and the open ones.
      expect(left.length).toBeLessThan(3 * cells);
      const ids = new Set(left.map((row) => row.id));
      for (const id of [approved, rejected, ...kept.map((row) => row.id)]) {
        expect(ids.has(id), id).toBe(true);
      }
      expect(left.find((row) => row.id === approved)!.status).toBe('published');
      expect(left.find((row) => row.id === rejected)!.status).toBe('rejected');
      const cutoff = now.getTime() - SUPERSEDED_KEPT_DAYS * 86_400_000;
      expect(
        left.filter(
          (row) =>
            row.status === 'superseded' &&
            row.updatedAt.getTime() < cutoff &&
            !row.decidedAt &&
            !row.publishedAt &&
            !row.deliveryId,
        ),
      ).toEqual([]);
    });
  });
});
