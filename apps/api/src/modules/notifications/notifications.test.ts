import type { TNotification, TNotificationsResponse } from '@tarifa/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../core/notifications';
import { notifications } from '../../db/schema';
import { createBusiness } from '../../../test/business-factories';
import { tokensUrl } from '../../../test/booking-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';

const url = '/api/v1/notifications';
const DAY = 86_400_000;

describe('notifications API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const list = async (user: TestUser, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}${query ? `?${query}` : ''}`,
      headers: user.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TNotificationsResponse;
  };
  const markRead = (user: { headers: Record<string, string> }, payload: object) =>
    t.app.inject({ method: 'POST', url: `${url}/read`, headers: user.headers, payload });
  const finishedImport = (user: TestUser, fileName: string, businessUuid?: string) =>
    notify(t.database.db, {
      userUuid: user.userData.uuid,
      kind: 'import_finished',
      businessUuid,
      params: { imported: 3, fileName, importId: crypto.randomUUID() },
    });
  const fileNames = (items: TNotification[]) => items.map((n) => n.params.fileName);

  it('lists the caller’s own, newest first, paged, with the business name and the unread count', async () => {
    const owner = await createUser(t);
    const business = await createBusiness(t, owner, { name: 'Casa do Rio' });
    await finishedImport(owner, 'a.csv');
    await finishedImport(owner, 'b.csv', business.uuid);
    await finishedImport(owner, 'c.csv');

    const all = await list(owner);
    expect(fileNames(all.notifications)).toEqual(['c.csv', 'b.csv', 'a.csv']);
    expect(all).toMatchObject({ total: 3, unreadCount: 3 });
    expect(all.notifications[1]).toMatchObject({
      kind: 'import_finished',
      business: { uuid: business.uuid, name: 'Casa do Rio' },
      params: { imported: 3, fileName: 'b.csv' },
      readAt: null,
    });
    expect(all.notifications[0]!.business).toBeNull();

    const second = await list(owner, 'page=2&pageSize=2');
    expect(fileNames(second.notifications)).toEqual(['a.csv']);
    expect(second).toMatchObject({ total: 3, unreadCount: 3 });
  });

  it('moves an updated summary to the top, still one notification', async () => {
    const owner = await createUser(t);
    const business = await createBusiness(t, owner);
    const pending = (count: number) =>
      notify(t.database.db, {
        userUuid: owner.userData.uuid,
        businessUuid: business.uuid,
        kind: 'price_changes_pending',
        params: { pending: count },
        groupKey: `price_changes_pending:${business.uuid}`,
      });
    await pending(4);
    await finishedImport(owner, 'a.csv');
    // Written a minute ago, so the update below is later whatever the clock's resolution.
    await t.database.db
      .update(notifications)
      .set({ updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(notifications.userUuid, owner.userData.uuid));
    await pending(7);

    const { notifications: items, unreadCount } = await list(owner);
    expect(items.map((n) => [n.kind, n.params.pending ?? n.params.fileName])).toEqual([
      ['price_changes_pending', 7],
      ['import_finished', 'a.csv'],
    ]);
    expect(unreadCount).toBe(2);
  });

  it('marks some read, idempotently, then all; the unread filter follows', async () => {
    const owner = await createUser(t);
    for (const name of ['a.csv', 'b.csv', 'c.csv']) await finishedImport(owner, name);
    const [c, b] = (await list(owner)).notifications;

    const res = await markRead(owner, { ids: [c!.id, b!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unreadCount: 1 });
    expect((await markRead(owner, { ids: [c!.id] })).json()).toEqual({ unreadCount: 1 });

    const unread = await list(owner, 'unread=true');
    expect(fileNames(unread.notifications)).toEqual(['a.csv']);
    expect(unread).toMatchObject({ total: 1, unreadCount: 1 });
    const read = (await list(owner)).notifications.find((n) => n.id === c!.id)!;
    expect(read.readAt).not.toBeNull();

    expect((await markRead(owner, { all: true })).json()).toEqual({ unreadCount: 0 });
    expect(await list(owner, 'unread=true')).toMatchObject({
      notifications: [],
      total: 0,
      unreadCount: 0,
    });
    expect((await list(owner)).total).toBe(3);
  });

  it('never shows nor touches another user’s notifications', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    await finishedImport(owner, 'mine.csv');
    const [mine] = (await list(owner)).notifications;

    expect(await list(stranger)).toEqual({ notifications: [], total: 0, unreadCount: 0 });
    const res = await markRead(stranger, { ids: [mine!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unreadCount: 0 });
    await markRead(stranger, { all: true });

    expect((await list(owner)).notifications[0]).toMatchObject({ id: mine!.id, readAt: null });
  });

  it('deletes notifications read more than 90 days ago, keeps younger and unread ones', async () => {
    const owner = await createUser(t);
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    const row = (fileName: string, readDaysAgo: number | null) => ({
      userUuid: owner.userData.uuid,
      kind: 'import_finished',
      params: { imported: 1, fileName, importId: crypto.randomUUID() },
      readAt: readDaysAgo === null ? null : ago(readDaysAgo),
      createdAt: ago(200),
      updatedAt: ago(200),
    });
    await t.database.db
      .insert(notifications)
      .values([row('old-read.csv', 91), row('recent-read.csv', 89), row('old-unread.csv', null)]);

    const { notifications: items } = await list(owner);
    expect(fileNames(items).sort()).toEqual(['old-unread.csv', 'recent-read.csv']);
    const left = await t.database.db
      .select({ params: notifications.params })
      .from(notifications)
      .where(eq(notifications.userUuid, owner.userData.uuid));
    expect(left).toHaveLength(2);
  });

  it('answers 401 without a token and 403 to an integration token', async () => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await markRead({ headers: {} }, { all: true })).statusCode).toBe(401);

    const owner = await createUser(t);
    const business = await createBusiness(t, owner);
    const created = await t.app.inject({
      method: 'POST',
      url: tokensUrl(business),
      headers: owner.headers,
      payload: { name: 'PMS', scopes: ['bookings', 'prices'] },
    });
    const headers = { authorization: `Bearer ${created.json().token as string}` };
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect((await markRead({ headers }, { all: true })).statusCode).toBe(403);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const owner = await createUser(t);
    const bad = await markRead(owner, { ids: ['not-a-uuid'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'validation_failed' });
    expect(JSON.stringify(bad.json().error.details)).toContain('ids');

    const page = await t.app.inject({
      method: 'GET',
      url: `${url}?pageSize=500`,
      headers: owner.headers,
    });
    expect(page.statusCode).toBe(400);
    expect(page.json().error.details[0].path).toContain('pageSize');
  });
});
