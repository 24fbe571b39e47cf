import type {
  TAuditEvent,
  TAutopilotApplied,
  TAutopilotSuggestion,
  TBusiness,
  TPriceChange,
} from '@tarifa/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autopilotSuggestions } from '../../db/schema';
import {
  bookingInput,
  createApiToken,
  saveBookings,
  withRooms,
} from '../../../test/booking-factories';
import { businessesUrl, createBusiness, tariffUrl } from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { demoTestApp } from '../../../test/demo-factories';
import type { TestApp } from '../../../test/helpers';
import { priceChangesUrl, storedChanges } from '../../../test/price-change-factories';

/**
 * The autopilot (docs/autopilot.md): the demo hotel's year of bookings is enough for a
 * suggestion; asking queues one job (asking again meanwhile answers the same), the suggestion
 * reads as what it learned, the changes and what they move; applying it changes the tariff
 * configuration in one change — one audit event per thing changed, the moved nights waiting in
 * the price-change log — unless the configuration moved since (409) or it is not sure.
 */
describe('the autopilot', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let demo: TBusiness;
  // A winter day: the history is the demo's year before it.
  const now = new Date('2026-02-20T12:00:00Z');

  beforeAll(async () => {
    ({ t, owner, demo } = await demoTestApp(() => now));
    stranger = await createUser(t, { name: 'Outra Pessoa' });
  }, 120_000);
  afterAll(() => t.close());

  const url = (business: { uuid: string }, rest: string) =>
    `${businessesUrl}/${business.uuid}/autopilot/${rest}`;
  const get = (path: string, headers = owner?.headers) =>
    t.app.inject({ method: 'GET', url: path, headers });
  const post = (path: string, payload?: object, headers = owner.headers) =>
    t.app.inject({ method: 'POST', url: path, headers, payload });
  const ask = (business: { uuid: string }, headers = owner.headers) =>
    post(url(business, 'suggestion'), undefined, headers);
  async function latest(business: { uuid: string }, headers = owner.headers) {
    const res = await get(url(business, 'suggestion'), headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TAutopilotSuggestion;
  }
  async function businessOf(business: { uuid: string }, headers = owner.headers) {
    const res = await get(`${businessesUrl}/${business.uuid}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().business as TBusiness;
  }
  async function auditOf(business: { uuid: string }, headers = owner.headers) {
    const res = await get(`${businessesUrl}/${business.uuid}/audit?pageSize=100`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().events as TAuditEvent[];
  }
  /** Asks, runs the job, answers the suggestion. */
  async function suggestionOf(business: { uuid: string }, headers = owner.headers) {
    const asked = await ask(business, headers);
    expect(asked.statusCode, asked.body).toBe(202);
    await t.app.jobs.drain();
    return latest(business, headers);
  }

  it('answers 404 before anything was asked, 401 without a token', async () => {
    const res = await get(url(demo, 'suggestion'));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    for (const [method, rest] of [
      ['GET', 'suggestion'],
      ['POST', 'suggestion'],
      ['POST', 'apply'],
    ] as const) {
      const anonymous = await t.app.inject({ method, url: url(demo, rest) });
      expect(anonymous.statusCode, `${method} ${rest}`).toBe(401);
    }
  });

  it('queues one computation, answers it while it waits, and suggests settings from the demo’s year', async () => {
    const first = await ask(demo);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toEqual({ id: expect.any(String), status: 'queued' });
    // Asking again while it waits answers the same one: one job, one row.
    const again = await ask(demo);
    expect(again.json()).toEqual(first.json());
    const waiting = await latest(demo);
    expect(waiting).toMatchObject({
      id: first.json().id,
      status: 'queued',
      finishedAt: null,
      suggestion: null,
      changes: [],
      preview: null,
    });

    expect(await t.app.jobs.drain()).toBeGreaterThanOrEqual(1);
    const ready = await latest(demo);
    expect(ready.id).toBe(first.json().id);
    expect(ready.status).toBe('ready');
    expect(ready.finishedAt).toBe(now.toISOString());
    expect(ready.stale).toBe(false);
    expect(ready.configVersion).toBe(demo.version);
    expect(ready.fingerprint).toMatch(/^[0-9a-f]{32}$/);
    const result = ready.suggestion!;
    if (result.status !== 'ready') throw new Error(`not ready: ${JSON.stringify(result)}`);
    // It learned from the year before today: its bookings, its nights, each season's answer.
    expect(result.nights).toBe(365);
    expect(result.bookings).toBeGreaterThan(1000);
    expect(result.seasons.length).toBeGreaterThan(1);
    for (const season of result.seasons) {
      expect(season.lossInterval[0]).toBeLessThanOrEqual(season.lossPerTenPercent);
      expect(season.lossInterval[1]).toBeGreaterThanOrEqual(season.lossPerTenPercent);
    }
    const { expected } = result;
    expect(expected.upliftInterval[0]).toBeLessThanOrEqual(expected.upliftPercent);
    expect(expected.upliftInterval[1]).toBeGreaterThanOrEqual(expected.upliftPercent);
    // Money in the business's currency, not in minor units.
    expect(expected.current).toBeLessThan(10_000_000);
    expect(Number.isInteger(expected.current * 100)).toBe(true);

    // The proposal as the tariff calls take it, in decimal money: what differs from today.
    const kinds = ready.changes.map((change) => change.kind);
    expect(kinds[0]).toBe('roomsTariff');
    const rooms = ready.changes.find((change) => change.kind === 'roomsTariff')!;
    const proposed = new Map(result.proposal.roomTypes.map((room) => [room.uuid, room]));
    for (const room of rooms.roomsTariff) {
      const own = proposed.get(room.uuid);
      if (own) expect(room).toMatchObject(own);
      expect(room.minPrice).toBeLessThanOrEqual(room.basePrice);
      expect(room.basePrice).toBeLessThanOrEqual(room.maxPrice);
    }
    // The preview of all of them together, as `POST …/prices/preview` summarises one.
    expect(ready.preview).toMatchObject({ from: '2026-02-20', to: '2027-02-20' });
    expect(ready.preview!.summary.cellsChanged).toBeGreaterThan(0);
    expect(ready.preview!.summary.largest).not.toBeNull();
  });

  it('applies it in one change: the configuration as proposed, audited, its prices waiting in the log', async () => {
    const before = await businessOf(demo);
    const suggestion = await latest(demo);
    const result = suggestion.suggestion!;
    if (result.status !== 'ready') throw new Error('not ready');
    const pendingBefore = (await storedChanges(t, demo.uuid)).filter(
      (change) => change.status === 'pending',
    ).length;
    const eventsBefore = await auditOf(demo);

    const res = await post(url(demo, 'apply'), { suggestionId: suggestion.id });
    expect(res.statusCode, res.body).toBe(200);
    const { business, suggestion: applied } = res.json() as TAutopilotApplied;
    // One change: one new version, whatever the number of parts it changed.
    expect(business.version).toBe(before.version + 1);
    expect(applied).toMatchObject({
      id: suggestion.id,
      appliedAt: now.toISOString(),
      appliedBy: { uuid: owner.userData.uuid, name: owner.userData.name },
      stale: false,
      changes: suggestion.changes,
      preview: null,
    });

    const config = (await businessOf(demo)).tariffConfiguration;
    for (const room of result.proposal.roomTypes) {
      expect(config.roomsTariff.find((r) => r.uuid === room.uuid)).toMatchObject(room);
    }
    for (const season of result.proposal.seasons) {
      expect(config.sazonalities.find((s) => s.id === season.id)).toMatchObject({
        adjustmentType: 'percent',
        value: Math.round(season.value * 100) / 100,
      });
    }
    const group = config.fluctuationLevels.find(
      (g) => g.uuid === result.proposal.occupancy.groupUuid,
    );
    expect(group?.levels).toEqual(result.proposal.occupancy.levels);
    expect(config.settings.leadTimeRules).toEqual(result.proposal.leadTimeRules);
    // What the owner did not ask to change stayed as it was.
    expect(config.settings.weekdayAdjustments).toEqual(
      before.tariffConfiguration.settings.weekdayAdjustments,
    );
    expect(config.roomsTariff.map((r) => [r.uuid, r.name, r.code, r.rooms])).toEqual(
      before.tariffConfiguration.roomsTariff.map((r) => [r.uuid, r.name, r.code, r.rooms]),
    );

    // One event per thing changed, by the owner, as if set by hand; and the suggestion applied.
    const all = await auditOf(demo);
    const events = all.slice(0, all.length - eventsBefore.length);
    expect(all.slice(events.length)).toEqual(eventsBefore);
    const mine = events.filter(
      (e) => e.actorKind === 'user' && e.actor?.uuid === owner.userData.uuid,
    );
    expect(mine).toHaveLength(events.length);
    const count = (entity: string) => events.filter((e) => e.entity === entity).length;
    expect(count('sazonality')).toBe(
      suggestion.changes.filter((c) => c.kind === 'sazonality').length,
    );
    expect(count('fluctuation_group')).toBe(1);
    expect(count('settings')).toBe(1);
    expect(count('room_type')).toBe(
      before.tariffConfiguration.roomsTariff.filter((room) => {
        const after = config.roomsTariff.find((r) => r.uuid === room.uuid)!;
        return (
          after.basePrice !== room.basePrice ||
          after.minPrice !== room.minPrice ||
          after.maxPrice !== room.maxPrice
        );
      }).length,
    );
    const note = events.find((e) => e.entity === 'autopilot_suggestion');
    expect(note).toMatchObject({
      action: 'apply',
      entityId: suggestion.id,
      changes: {
        changes: { before: null, after: suggestion.changes.length },
        upliftPercent: { before: null, after: result.expected.upliftPercent },
      },
    });

    // The recomputation follows the change as it follows a manual one: the moved nights wait.
    await t.app.jobs.drain();
    const changes = await storedChanges(t, demo.uuid);
    const pending = changes.filter((change) => change.status === 'pending');
    expect(pending.length).toBeGreaterThan(pendingBefore);
    const largest = suggestion.preview!.summary.largest!;
    const waiting = await get(
      priceChangesUrl(
        demo,
        `?from=${largest.date}&to=${largest.date}&roomUuid=${largest.roomUuid}&stage=waiting`,
      ),
    );
    expect(waiting.statusCode, waiting.body).toBe(200);
    const [cell] = waiting.json().priceChanges as TPriceChange[];
    expect(cell).toMatchObject({ date: largest.date, newPrice: largest.after, status: 'pending' });

    // Read again, it says what was applied; applying it twice is refused.
    expect(await latest(demo)).toMatchObject({ id: suggestion.id, changes: suggestion.changes });
    const twice = await post(url(demo, 'apply'), { suggestionId: suggestion.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.details).toEqual([
      expect.objectContaining({ path: 'suggestionId', code: 'already_applied' }),
    ]);
  });

  it('refuses a suggestion the configuration moved away from, and changes nothing', async () => {
    const suggestion = await suggestionOf(demo);
    expect(suggestion.status).toBe('ready');
    expect(suggestion.stale).toBe(false);
    const edit = await t.app.inject({
      method: 'PUT',
      url: tariffUrl(demo, 'settings'),
      headers: owner.headers,
      payload: {
        settings: {
          weekdayAdjustments: { mon: 1, tue: 0, wed: 0, thu: 0, fri: 5, sat: 12, sun: 0 },
        },
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const stale = await latest(demo);
    expect(stale).toMatchObject({ id: suggestion.id, stale: true, preview: null });

    const before = await businessOf(demo);
    const eventsBefore = (await auditOf(demo)).length;
    const res = await post(url(demo, 'apply'), { suggestionId: suggestion.id });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'conflict',
      details: [expect.objectContaining({ path: 'suggestionId', code: 'settings_changed' })],
    });
    expect(await businessOf(demo)).toEqual(before);
    expect(await auditOf(demo)).toHaveLength(eventsBefore);
    const [row] = await t.database.db
      .select()
      .from(autopilotSuggestions)
      .where(eq(autopilotSuggestions.id, suggestion.id));
    expect(row!.appliedAt).toBeNull();
    // The latest ready one is the one the BI view reads.
    expect((await get(url(demo, 'suggestion?status=ready'))).json()).toMatchObject({
      id: suggestion.id,
      status: 'ready',
    });
  });

  it('says why it is not sure, suggests nothing, and cannot be applied', async () => {
    const business = await createBusiness(t, owner, { timezone: 'Europe/Lisbon' });
    await withRooms(t, owner, business);
    await saveBookings(t, owner, business, [
      bookingInput({ arrival: '2025-10-01', departure: '2025-10-03', totalAmount: 220 }),
      bookingInput({ arrival: '2025-11-07', departure: '2025-11-08', totalAmount: 95 }),
    ]);
    // Two requests at once: one computation, which both answer.
    const [one, two] = await Promise.all([ask(business), ask(business)]);
    expect([one.statusCode, two.statusCode]).toEqual([202, 202]);
    expect(two.json().id).toBe(one.json().id);
    const rows = await t.database.db
      .select()
      .from(autopilotSuggestions)
      .where(eq(autopilotSuggestions.businessUuid, business.uuid));
    expect(rows).toHaveLength(1);
    await t.app.jobs.drain();
    const suggestion = await latest(business);
    expect(suggestion.id).toBe(one.json().id);
    expect(suggestion).toMatchObject({
      status: 'unsure',
      suggestion: { status: 'unsure', reason: 'too_few_bookings', bookings: 2 },
      changes: [],
      preview: null,
    });
    const before = await businessOf(business);
    const res = await post(url(business, 'apply'), { suggestionId: suggestion.id });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.details).toEqual([
      expect.objectContaining({ path: 'suggestionId', code: 'suggestion_unsure' }),
    ]);
    expect(await businessOf(business)).toEqual(before);
    // It has no ready suggestion to show the BI view.
    const ready = await get(url(business, 'suggestion?status=ready'));
    expect(ready.statusCode).toBe(404);
  });

  it('is the owner’s: an integration token is refused (403), another tenant finds nothing (404)', async () => {
    const token = await createApiToken(t, owner, demo);
    const bearer = { authorization: `Bearer ${token.token}` };
    const suggestion = await latest(demo);
    const calls = [
      () => get(url(demo, 'suggestion'), bearer),
      () => ask(demo, bearer),
      () => post(url(demo, 'apply'), { suggestionId: suggestion.id }, bearer),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    const strangers = [
      () => get(url(demo, 'suggestion'), stranger.headers),
      () => ask(demo, stranger.headers),
      () => post(url(demo, 'apply'), { suggestionId: suggestion.id }, stranger.headers),
    ];
    for (const call of strangers) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    // Nothing was queued for them.
    const open = await t.database.db
      .select()
      .from(autopilotSuggestions)
      .where(
        and(
          eq(autopilotSuggestions.businessUuid, demo.uuid),
          eq(autopilotSuggestions.status, 'queued'),
        ),
      );
    expect(open).toEqual([]);
    // A suggestion of another business is not found through this one.
    const own = await createBusiness(t, stranger);
    const theirs = await post(url(own, 'apply'), { suggestionId: suggestion.id }, stranger.headers);
    expect(theirs.statusCode).toBe(404);
  });

  it('names the field of a bad body (400)', async () => {
    for (const [payload, code] of [
      [{}, 'required'],
      [{ suggestionId: 'not-an-id' }, 'invalid_format'],
    ] as const) {
      const res = await post(url(demo, 'apply'), payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_failed',
        details: [expect.objectContaining({ path: 'suggestionId', code })],
      });
    }
  });
});
