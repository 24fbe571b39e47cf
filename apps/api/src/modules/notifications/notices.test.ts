import type { TNotification, TNotificationKind, TNotificationsResponse } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postImport, withRooms } from '../../../test/booking-factories';
import {
  createBusiness,
  roomInput,
  saveRooms,
  sazonalityInput,
} from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { changesOf, priceChangesUrl, tariffCall } from '../../../test/price-change-factories';
import { withTransaction } from '../../db/client';
import { noticeDeliveryFailed } from '../publishing/notices';

const tarifaHeader =
  'external_id,room_code,arrival,departure,rooms,adults,children,status,booked_at,cancelled_at,total_amount,currency,channel,segment,country,guest_name';
const csv = (...rows: string[]) => [tarifaHeader, ...rows].join('\n') + '\n';
const booking = (id: string, room = 'DBL') =>
  `${id},${room},2026-04-01,2026-04-03,1,2,0,confirmed,2026-02-01T10:00:00Z,,200,EUR,Direct,Leisure,PT,Ana`;

/**
 * The notifications the server writes as things happen (docs/notifications.md), read back through
 * the owner's list. "Now" is 2 March 2026, midday in Lisbon; jobs run when the test drains them.
 */
describe('notifications written by imports and price changes', () => {
  const now = new Date('2026-03-02T12:00:00Z');
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t);
  });
  afterAll(() => t.close());

  const listOf = async (user: TestUser) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications?pageSize=100',
      headers: user.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TNotificationsResponse;
  };
  const ofKind = async (
    user: TestUser,
    kind: TNotificationKind,
    business: { uuid: string },
  ): Promise<TNotification[]> =>
    (await listOf(user)).notifications.filter(
      (n) => n.kind === kind && n.business?.uuid === business.uuid,
    );

  describe('imports', () => {
    const importFile = async (business: { uuid: string }, content: string, filename: string) => {
      const res = await postImport(
        t,
        owner,
        business,
        content,
        { format: 'tarifa', mode: 'atomic' },
        { filename },
      );
      expect(res.statusCode, res.body).toBe(202);
      await t.app.jobs.drain();
      return res.json().importId as string;
    };

    it('tells the owner an import finished: rows imported, file name, import id', async () => {
      const business = await createBusiness(t, owner, { name: 'Casa da Praia' });
      await withRooms(t, owner, business);
      const importId = await importFile(
        business,
        csv(booking('B-1'), booking('B-2', 'STE')),
        'march.csv',
      );

      const notices = await ofKind(owner, 'import_finished', business);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        business: { uuid: business.uuid, name: 'Casa da Praia' },
        params: { imported: 2, fileName: 'march.csv', importId },
        readAt: null,
      });
      expect(await ofKind(owner, 'import_failed', business)).toEqual([]);
    });

    it('tells the owner an import failed, with the number of bad rows', async () => {
      const business = await createBusiness(t, owner);
      await withRooms(t, owner, business);
      const importId = await importFile(
        business,
        csv(booking('B-1'), booking('B-2', 'XXX'), booking('B-3', 'YYY')),
        'bad.csv',
      );

      const notices = await ofKind(owner, 'import_failed', business);
      expect(notices.map((n) => n.params)).toEqual([
        { errors: 2, reason: 'invalid_rows', fileName: 'bad.csv', importId },
      ]);
      expect(await ofKind(owner, 'import_finished', business)).toEqual([]);
    });
  });

  describe('price changes waiting for approval', () => {
    /** A business with one room type (Double, €100) and a 30-night horizon: 2 … 31 March. */
    const hotel = async (user: TestUser, settings: object = {}) => {
      const business = await createBusiness(t, user, { timezone: 'Europe/Lisbon' });
      await tariffCall(t, user, business, 'settings', 'PUT', {
        settings: { horizonDays: 30, ...settings },
      });
      await saveRooms(t, user, business, [roomInput({ code: 'DBL', basePrice: 100 })]);
      await t.app.jobs.drain();
      return business;
    };
    const decide = async (business: { uuid: string }, body: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: priceChangesUrl(business, '/approve'),
        headers: owner.headers,
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    it('keeps one summary per business with the pending count, and settles it once none waits', async () => {
      const business = await hotel(owner);
      // Every night of the horizon is proposed: 30 nights × 1 room type, the first price list.
      const first = await ofKind(owner, 'first_price_list', business);
      expect(first.map((n) => [n.params, n.readAt])).toEqual([
        [{ pending: 30, nights: 30, roomTypes: 1 }, null],
      ]);

      // Approving the first 10 nights leaves 20 waiting; the same summary says so, unread, now as
      // ordinary pending changes (one change was decided: the first price list is over).
      const first10 = (await changesOf(t, business.uuid, ['pending']))
        .filter((c) => c.night <= '2026-03-11')
        .map((c) => c.id);
      expect(first10).toHaveLength(10);
      await decide(business, { ids: first10 });
      let summaries = await ofKind(owner, 'price_changes_pending', business);
      expect(summaries.map((n) => [n.id, n.params, n.readAt])).toEqual([
        [first[0]!.id, { pending: 20 }, null],
      ]);

      // A season over 10 … 13 March: 12 and 13 are proposed again (still 2 of the 20), 10 and 11
      // (approved) get a new pending change each: 22 wait.
      await tariffCall(t, owner, business, 'sazonalities', 'POST', {
        sazonality: sazonalityInput({
          name: 'Spring',
          startDate: '2026-03-10',
          endDate: '2026-03-13',
          value: 20,
        }),
      });
      await t.app.jobs.drain();
      expect(await changesOf(t, business.uuid, ['pending'])).toHaveLength(22);
      summaries = await ofKind(owner, 'price_changes_pending', business);
      expect(summaries.map((n) => [n.params, n.readAt])).toEqual([[{ pending: 22 }, null]]);
      expect((await listOf(owner)).notifications[0]!.id).toBe(summaries[0]!.id);

      // Approving all of them: nothing waits, the summary is read.
      await decide(business, { filter: {} });
      summaries = await ofKind(owner, 'price_changes_pending', business);
      expect(summaries).toHaveLength(1);
      expect(summaries[0]!.readAt).not.toBeNull();
      const unreadHere = (await listOf(owner)).notifications.filter(
        (n) => n.readAt === null && n.business?.uuid === business.uuid,
      );
      expect(unreadHere).toEqual([]);
    });

    it('tells nothing to the owner of a business that approves automatically', async () => {
      const auto = await createUser(t);
      const business = await hotel(auto, { autoApprove: true });
      const changes = await changesOf(t, business.uuid);
      expect(changes).toHaveLength(30);
      expect(changes.filter((c) => c.status === 'pending')).toEqual([]);
      expect(await listOf(auto)).toMatchObject({ notifications: [], unreadCount: 0 });
    });
  });

  describe('webhook deliveries failing for good', () => {
    const fail = (business: { uuid: string }, error: string | null) =>
      withTransaction(t.database.db, (tx) => noticeDeliveryFailed(tx, business.uuid, error));

    it('counts the failures since the summary was read, with the last error in short', async () => {
      const user = await createUser(t);
      const business = await createBusiness(t, user);
      await fail(business, 'connection refused');
      await fail(business, `HTTP 502: ${'x'.repeat(300)}`);
      let summaries = await ofKind(user, 'webhook_failing', business);
      expect(summaries).toHaveLength(1);
      expect(summaries[0]!.params.failed).toBe(2);
      // 120 characters: 119 of the error and an ellipsis.
      expect(summaries[0]!.params.lastError).toBe(`HTTP 502: ${'x'.repeat(109)}…`);

      const read = await t.app.inject({
        method: 'POST',
        url: '/api/v1/notifications/read',
        headers: user.headers,
        payload: { all: true },
      });
      expect(read.json()).toEqual({ unreadCount: 0 });
      await fail(business, null);
      summaries = await ofKind(user, 'webhook_failing', business);
      expect(summaries.map((n) => [n.params, n.readAt === null])).toEqual([
        [{ failed: 1, lastError: '' }, true],
        [{ failed: 2, lastError: `HTTP 502: ${'x'.repeat(109)}…` }, false],
      ]);
    });
  });
});
