import type { TBooking, TBookingFieldsInput, TBusiness, TPriceCell } from '@tarifa/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from './db/schema';
import { createClockedTestApp, testDatabaseKind, type TestApp } from '../test/helpers';
import { createUser, type TestUser } from '../test/factories';
import {
  businessesUrl,
  createBusiness,
  roomInput,
  stored,
  tariffUrl,
} from '../test/business-factories';
import {
  bookingInput,
  bookingsUrl,
  createApiToken,
  storedBookings,
  withRooms,
} from '../test/booking-factories';
import { priceChangesUrl, storedChanges, storedPublished } from '../test/price-change-factories';

/**
 * Many writers at once (docs/reliability.md › Concurrency). Every call is fired before any
 * answers; on PostgreSQL they run on the pool's connections and really interleave, on PGlite one
 * connection serialises them — the assertions hold either way: who wins is never assumed, only
 * that exactly what the winners were answered is stored, once.
 */
describe(`concurrent writers (${testDatabaseKind})`, () => {
  /** The app's clock: 1 June 2026, midday in Lisbon, unless a test moves it. */
  let now = new Date('2026-06-01T12:00:00Z');
  const writers = 50;
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t);
  });
  afterAll(() => t.close());

  const call = (
    method: 'PUT' | 'POST',
    url: string,
    payload: object,
    headers: Record<string, string> = owner.headers,
  ) => t.app.inject({ method, url, headers, payload });
  const readBusiness = async (uuid: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `${businessesUrl}/${uuid}`,
        headers: owner.headers,
      })
    ).json().business as TBusiness;

  describe('optimistic versions: 50 writers of one version', () => {
    /** Each versioned change, as writer `i` sends it from the business it read. */
    const changes: [string, (business: TBusiness, i: number) => [string, object]][] = [
      [
        'the business details',
        (business, i) => [`${businessesUrl}/${business.uuid}`, { ...business, name: `Tab ${i}` }],
      ],
      [
        'the tariff settings',
        (business, i) => [
          tariffUrl(business, 'settings'),
          { settings: { horizonDays: 100 + i }, version: business.version },
        ],
      ],
      [
        'the rooms and their tariff',
        (business, i) => [
          tariffUrl(business, 'rooms-tariff'),
          {
            roomsTariff: [{ ...roomInput({ basePrice: 101 + i }), uuid: roomUuidOf(business) }],
            version: business.version,
          },
        ],
      ],
    ];
    const roomUuidOf = (business: TBusiness) => business.tariffConfiguration.roomsTariff[0]!.uuid;

    it.each(changes)(
      '%s: one 200, 49 × 409 version_conflict, and the winner’s answer is what is stored',
      async (_, change) => {
        const business = await createBusiness(t, owner);
        await withRooms(t, owner, business, [roomInput()]);
        const before = await readBusiness(business.uuid);
        const auditBefore = (await stored.auditEvents(t, business.uuid)).length;

        const answers = await Promise.all(
          Array.from({ length: writers }, (_, i) => {
            const [url, payload] = change(before, i);
            return call(url.endsWith('rooms-tariff') ? 'POST' : 'PUT', url, payload);
          }),
        );

        const won = answers.filter((res) => res.statusCode === 200);
        const lost = answers.filter((res) => res.statusCode !== 200);
        expect(won).toHaveLength(1);
        expect(lost.map((res) => [res.statusCode, res.json().error.code])).toEqual(
          Array(writers - 1).fill([409, 'version_conflict']),
        );
        const winner = won[0]!.json().business as TBusiness;
        expect(winner.version).toBe(before.version + 1);
        // No lost update and no half of another writer: the stored business is the winner's.
        expect(await readBusiness(business.uuid)).toEqual(winner);
        expect((await stored.business(t, business.uuid))!.version).toBe(before.version + 1);
        // Only the winner's change is in the history.
        expect(await stored.auditEvents(t, business.uuid)).toHaveLength(auditBefore + 1);
      },
    );
  });

  describe('50 upserts of one externalId', () => {
    const externalId = 'OTA-7731';
    /** What writer `i` says the booking is. */
    const version = (i: number): TBookingFieldsInput =>
      bookingInput({
        externalId,
        guestName: `Guest ${i}`,
        totalAmount: 100 + i,
        adults: 1 + (i % 4),
      });
    /** The fields a writer sent, as the API answers them. */
    const sent = ({ guestName, totalAmount, adults }: TBookingFieldsInput) => ({
      guestName,
      totalAmount,
      adults,
    });
    const bookingAudit = (businessUuid: string) =>
      t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.businessUuid, businessUuid), eq(auditEvents.entity, 'booking')))
        .orderBy(auditEvents.seq);

    it('stores one booking, one writer’s, whether through a session, a token or the booking’s own route', async () => {
      const business = await createBusiness(t, owner);
      await withRooms(t, owner, business);
      const token = await createApiToken(t, owner, business);
      const integration = { authorization: `Bearer ${token.token}` };
      const batch = (i: number, headers: Record<string, string>) =>
        call('POST', bookingsUrl(business), { bookings: [version(i)] }, headers);

      // 1. The booking is new to all 50 writers: half through the session, half through the token.
      const created = await Promise.all(
        Array.from({ length: writers }, (_, i) => batch(i, i % 2 ? integration : owner.headers)),
      );
      expect(created.map((res) => res.statusCode)).toEqual(Array(writers).fill(200));
      const counts = created.map((res) => res.json() as { inserted: number; updated: number });
      expect(counts.filter((c) => c.inserted === 1 && c.updated === 0)).toHaveLength(1);
      expect(counts.filter((c) => c.inserted === 0 && c.updated === 1)).toHaveLength(writers - 1);

      const [first, ...others] = await storedBookings(t, business.uuid);
      expect(others).toEqual([]);
      const listed = async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: bookingsUrl(business, `/${first!.id}`),
          headers: owner.headers,
        });
        return sent(res.json().booking as TBooking);
      };
      const all = Array.from({ length: writers }, (_, i) => sent(version(i)));
      expect(all).toContainEqual(await listed());
      // The history names the booking that exists: created once, then changed.
      const history = await bookingAudit(business.uuid);
      expect(history.map((e) => e.action)).toEqual([
        'create',
        ...Array(writers - 1).fill('update'),
      ]);
      expect(new Set(history.map((e) => e.entityId))).toEqual(new Set([first!.id]));

      // 2. Then 50 replace it at once: by its id, by its externalId, through the token.
      const replaced = await Promise.all(
        Array.from({ length: writers }, (_, i) =>
          i % 3 === 0
            ? call('PUT', bookingsUrl(business, `/${first!.id}`), version(i))
            : batch(i, i % 3 === 1 ? owner.headers : integration),
        ),
      );
      expect(replaced.map((res) => res.statusCode)).toEqual(Array(writers).fill(200));
      const [after, ...more] = await storedBookings(t, business.uuid);
      expect(more).toEqual([]);
      expect(after!.id).toBe(first!.id);
      const final = await listed();
      expect(all).toContainEqual(final);
      // Each change in the history starts from where the one before it left the booking.
      const names = (await bookingAudit(business.uuid)).map(
        (e) => e.changes.guestName as { before: string | null; after: string },
      );
      names.slice(1).forEach((name, k) => expect(name.before).toBe(names[k]!.after));
      expect(names.at(-1)!.after).toBe(final.guestName);
    });
  });

  describe('manual prices, approvals and rejections at once', () => {
    const nights = ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05'];
    const range = { from: nights[0]!, to: nights.at(-1)! };
    const open = ['pending', 'approved'];

    /** A business with two room types whose first prices over `horizonDays` are proposed. */
    const proposing = async (horizonDays: number) => {
      const business = await createBusiness(t, owner);
      const rooms = Object.values(await withRooms(t, owner, business));
      await call('PUT', tariffUrl(business, 'settings'), { settings: { horizonDays } });
      await t.app.jobs.drain();
      return { business, rooms, proposed: await storedChanges(t, business.uuid) };
    };
    const decide = (business: TBusiness, action: 'approve' | 'reject', body: object) =>
      call('POST', priceChangesUrl(business, `/${action}`), body);

    it('approving and rejecting the same changes in opposite orders: each call answered and recorded', async () => {
      const { business, proposed } = await proposing(60);
      const ids = proposed.map((c) => c.id).sort();
      const bodies = [{ ids }, { ids: [...ids].reverse() }, { filter: {} }, { filter: range }];
      const answers = [];
      for (let round = 0; round < 10; round++) {
        answers.push(
          ...(await Promise.all(
            bodies.flatMap((body) => [
              decide(business, 'approve', body),
              decide(business, 'reject', body),
            ]),
          )),
        );
      }
      // Two statements moving the same rows in different orders used to deadlock: a 500.
      expect(answers.map((res) => res.statusCode)).toEqual(Array(answers.length).fill(200));
      const moved = answers.filter((res) => (res.json() as { moved: number }).moved > 0);
      const decisions = await t.database.db
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.businessUuid, business.uuid), eq(auditEvents.entity, 'price_change')),
        );
      expect(decisions).toHaveLength(moved.length);
      const statuses = new Set((await storedChanges(t, business.uuid)).map((c) => c.status));
      expect(
        [...statuses].every((status) => ['approved', 'rejected', 'published'].includes(status)),
      ).toBe(true);
    });

    it('leave at most one open change per cell, at the calendar’s price, and each published price named by its change', async () => {
      const { business, rooms, proposed } = await proposing(30);
      // Nothing published yet: every cell of the horizon has its first price to approve.
      expect(proposed.map((c) => c.status)).toEqual(Array(rooms.length * 30).fill('pending'));
      const ids = proposed.filter((c) => nights.includes(c.night)).map((c) => c.id);

      // The owner in several tabs: manual prices on the same cells, approvals and rejections of
      // the changes listed and of the nights, while the recomputations they cause run.
      const calls = Array.from({ length: 10 }, (_, i) => [
        call('PUT', `${businessesUrl}/${business.uuid}/prices/overrides`, {
          overrides: rooms.map((roomUuid) => ({ roomUuid, ...range, price: 120 + i })),
        }),
        decide(business, 'approve', i % 2 ? { ids } : { filter: range }),
        decide(business, 'reject', i % 2 ? { filter: range } : { ids: ids.slice(i, i + 3) }),
      ]).flat();
      const [answers] = await Promise.all([
        Promise.all(calls),
        ...Array.from({ length: 3 }, () => t.app.jobs.drain()),
      ]);
      // A recomputation that lost a race to an approval of the same night failed its attempt and
      // is retried after its backoff: an hour later (the same day), everything due has run.
      now = new Date('2026-06-01T13:00:00Z');
      await t.app.jobs.drain();

      for (const res of answers) {
        // With the clock stopped, two changes of a night can share a creation time: approving
        // both rejected ones at once is refused as a conflict (409), never a 500.
        if (res.statusCode !== 200) expect(res.json().error.code, res.body).toBe('conflict');
      }
      const overrides = answers.filter((res, i) => i % 3 === 0 && res.statusCode === 200).length;
      expect(overrides).toBe(10);

      const calendar = await t.app.inject({
        method: 'GET',
        url: `${businessesUrl}/${business.uuid}/prices?from=${range.from}&to=2026-06-30`,
        headers: owner.headers,
      });
      const cells = calendar.json().prices as TPriceCell[];
      expect(cells).toHaveLength(rooms.length * 30);
      const changes = await storedChanges(t, business.uuid);
      const publishedRows = await storedPublished(t, business.uuid);
      const toMinor = (price: number) => Math.round(price * 100);
      for (const cell of cells) {
        const key = `${cell.roomUuid}|${cell.date}`;
        const chain = changes.filter((c) => `${c.roomTypeUuid}|${c.night}` === key);
        const price = toMinor(cell.override?.price ?? cell.recommendedPrice);
        const published = publishedRows.get(key);
        expect(cell.publishedPrice === null ? null : toMinor(cell.publishedPrice)).toBe(
          published?.priceMinor ?? null,
        );
        // At most one open change, and it proposes the price the calendar shows.
        const live = chain.filter((c) => open.includes(c.status));
        expect(live.length, key).toBeLessThanOrEqual(1);
        if (live.length) {
          expect(live[0]!.newPriceMinor, key).toBe(price);
          expect(price).not.toBe(published?.priceMinor);
        } else if (price !== published?.priceMinor) {
          // Without one, the owner refused this very price.
          expect(chain.map((c) => [c.status, c.newPriceMinor])).toContainEqual(['rejected', price]);
        }
        // What is published is what the change that published it said.
        if (published) {
          expect(chain.find((c) => c.id === published.changeId)).toMatchObject({
            status: 'published',
            newPriceMinor: published.priceMinor,
          });
        }
      }
      // One tab's manual prices on every cell of the five nights: the overrides are all or nothing.
      const manual = new Set(
        cells.filter((cell) => nights.includes(cell.date)).map((cell) => cell.override?.price),
      );
      expect(manual.size).toBe(1);
      expect(Array.from({ length: 10 }, (_, i) => 120 + i)).toContain([...manual][0]);
    });
  });
});
