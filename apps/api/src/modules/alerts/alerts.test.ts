import { addDays } from '@tarifa/pricing';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../core/clock';
import { openAlerts } from '../../core/notifications';
import { emitIn, SENDING_FAILING, SENDING_RECOVERED } from '../../core/unit-of-work';
import {
  emails,
  notifications,
  webhookAttempts,
  webhookDeliveries,
  webhooks,
} from '../../db/schema';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { createBusiness, roomInput, sazonalityInput } from '../../../test/business-factories';
import { saveBookings, withRooms } from '../../../test/booking-factories';
import { nights, stay } from '../../../test/forecast-factories';
import { tariffCall } from '../../../test/price-change-factories';
import { connectionFailingEmail } from './email';

const today = '2026-06-10';
// The world is built the evening before (Lisbon); the tests look at 09:00 UTC, after the roll.
const nine = new Date(`${today}T09:00:00Z`);
const clock = manualClock(`${addDays(today, -1)}T22:00:00Z`);
const minutes = (n: number) => n * 60_000;
const ago = (n: number) => new Date(nine.getTime() - minutes(n));
const lisbon = { timezone: 'Europe/Lisbon' };

describe('alerts', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let hot: { uuid: string; name: string };
  let calm: { uuid: string; name: string };

  /** The owner's unread alerts of a business, by kind. */
  async function unread(businessUuid: string) {
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.businessUuid, businessUuid), isNull(notifications.readAt)));
    return Object.fromEntries(
      rows.filter((row) => row.kind.startsWith('alert_')).map((row) => [row.kind, row.params]),
    );
  }

  /** A webhook whose only delivery has failed since `since`, said as publishing says it. */
  async function failingWebhook(businessUuid: string, since: Date) {
    const db = t.database.db;
    await db.insert(webhooks).values({
      businessUuid,
      url: 'https://pms.example/hook',
      secret: 'whsec',
      createdAt: ago(120),
    });
    const [delivery] = await db
      .insert(webhookDeliveries)
      .values({
        businessUuid,
        kind: 'prices',
        body: '{}',
        status: 'pending',
        firstAttemptAt: since,
      })
      .returning();
    await db.insert(webhookAttempts).values({
      deliveryId: delivery!.id,
      attemptedAt: since,
      httpStatus: 503,
      durationMs: 12,
      error: 'HTTP 503: down for maintenance',
    });
    await emitIn(db, t.app.jobs, [
      { type: SENDING_FAILING, businessUuid, since: since.toISOString() },
    ]);
    return delivery!.id;
  }

  const settingsUrl = (business: { uuid: string }) =>
    `/api/v1/businesses/${business.uuid}/alerts/settings`;

  beforeAll(async () => {
    t = await createClockedTestApp(clock);
    owner = await createUser(t, { language: 'pt' });
    other = await createUser(t);
    hot = await createBusiness(t, owner, { name: 'Casa Quente', ...lisbon });
    calm = await createBusiness(t, owner, { name: 'Casa Calma', ...lisbon });

    // The hot property: every kind should fire.
    // Doubles held at their floor (a season 20 % below a base price that is the minimum).
    await withRooms(t, owner, hot, [
      roomInput({ name: 'Double', code: 'DBL', rooms: 10, basePrice: 100, minPrice: 100 }),
      roomInput({ name: 'Suite', code: 'STE', rooms: 2, basePrice: 200, maxPrice: 400 }),
    ]);
    await tariffCall(t, owner, hot, 'sazonalities', 'POST', {
      sazonality: sazonalityInput({
        name: 'Quiet June',
        startDate: today,
        endDate: addDays(today, 29),
        value: -20,
      }),
    });
    const history = [];
    // A steady hotel (4 doubles a night, booked 40 days ahead) for 575 nights, whose last 30
    // nights sold 4 more booked 5 days ahead: the forecast, made 30 days before, missed them.
    for (const night of nights(addDays(today, -575), addDays(today, -1))) {
      history.push(stay(night, 4, 40, { roomCode: 'DBL' }));
      if (night >= addDays(today, -30)) history.push(stay(night, 4, 5, { roomCode: 'DBL' }));
    }
    // Nothing on the books for the next 30 nights (last year had 4 a night): pace behind.
    // Both suites sold 45 nights ahead (N = 30).
    history.push(stay(addDays(today, 45), 2, 3, { roomCode: 'STE', totalAmount: 400 }));
    await saveBookings(t, owner, hot, history);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/businesses/${hot.uuid}/events`,
      headers: owner.headers,
      payload: {
        event: {
          name: 'Festa da Flor',
          startDate: addDays(today, 40),
          endDate: addDays(today, 41),
        },
      },
    });
    await failingWebhook(hot.uuid, ago(40));

    // The calm property: each kind just short of firing.
    await withRooms(t, owner, calm);
    await tariffCall(t, owner, calm, 'sazonalities', 'POST', {
      sazonality: sazonalityInput({
        name: 'Fair',
        startDate: addDays(today, 38),
        endDate: addDays(today, 42),
        value: 10,
      }),
    });
    const calmBookings = [
      // Sold out 10 nights ahead: within N.
      stay(addDays(today, 10), 2, 5, { roomCode: 'STE' }),
    ];
    // Last year 10 room nights on the books at this point, this year 9: 10 % behind.
    for (let k = 0; k < 10; k += 1) {
      calmBookings.push(stay(addDays(today, k - 364), 1, 60, { roomCode: 'DBL' }));
      if (k < 9) {
        calmBookings.push(
          stay(addDays(today, k), 1, 0, {
            roomCode: 'DBL',
            bookedAt: `${addDays(today, -1)}T10:00:00Z`,
          }),
        );
      }
    }
    await saveBookings(t, owner, calm, calmBookings);
    // An event a season covers.
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/businesses/${calm.uuid}/events`,
      headers: owner.headers,
      payload: {
        event: { name: 'Feira', startDate: addDays(today, 40), endDate: addDays(today, 40) },
      },
    });
    // A webhook failing for 10 minutes only.
    await failingWebhook(calm.uuid, ago(10));
    // The changes evaluated only the kinds a change can start or end: no pace, no forecast yet.
    await t.app.jobs.drain();
    const evening = await unread(hot.uuid);
    expect(Object.keys(evening).sort()).toEqual([
      'alert_event_uncovered',
      'alert_price_at_bound',
      'alert_sold_out_early',
    ]);
    // 09:00: the roll of the new day (at local midnight) queued the daily evaluation, and the
    // hot webhook's failure started 40 minutes ago.
    clock.set(nine);
    await t.app.jobs.drain();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('writes each kind with its figures on the property that shows it, none on the other, ranked by money', async () => {
    const alerts = await unread(hot.uuid);
    expect(alerts).toMatchObject({
      alert_connection_failing: {
        failing: 1,
        name: null,
        minutes: 40,
        lastError: 'HTTP 503: down for maintenance',
        value: null,
        link: '/my-property/integrations',
        urgent: true,
      },
      alert_sold_out_early: {
        nights: 1,
        first: addDays(today, 45),
        roomType: 'Suite',
        days: 30,
        daysAhead: 45,
        // 10 % of 2 suites at their base price of 200.
        value: 40,
        link: `/pricing-central?date=${addDays(today, 45)}`,
        urgent: false,
      },
      alert_price_at_bound: {
        roomType: 'Double',
        bound: 'min',
        nights: 30,
        roomTypes: 1,
        first: today,
        // The rules' 80 held at 100: 20 on each of 10 unsold doubles, 30 nights.
        value: 6000,
        link: '/pricing-central/price-setup',
      },
      alert_pace_behind: {
        percent: 100,
        roomNights: 0,
        lastYearRoomNights: 120,
        revenue: 0,
        lastYearRevenue: 12000,
        nights: 30,
        value: 12000,
        link: `/pricing-central?date=${today}`,
      },
      alert_event_uncovered: {
        name: 'Festa da Flor',
        first: addDays(today, 40),
        holiday: false,
        events: 1,
        value: null,
        link: `/pricing-central/sazonalities/new?start=${addDays(today, 40)}`,
      },
      alert_forecast_error: { mape: 0.5, usualMape: 0, nights: 30, value: null },
    });
    expect(await unread(calm.uuid)).toEqual({});

    // The digest's and the portfolio's read: the most money first, then those without a value.
    const open = await openAlerts(t.database.db, owner.userData.uuid, [hot.uuid]);
    expect(open.slice(0, 3).map((alert) => alert.kind)).toEqual([
      'alert_pace_behind',
      'alert_price_at_bound',
      'alert_sold_out_early',
    ]);
    expect(open).toHaveLength(6);
    expect(await openAlerts(t.database.db, owner.userData.uuid, [calm.uuid])).toEqual([]);
  });

  it('e-mails the urgent one at once in the owner’s language, once while it stays unread, and settles it when it is over', async () => {
    const sent = () =>
      t.database.db.select().from(emails).where(eq(emails.kind, 'alert_connection_failing'));
    const [mail] = await sent();
    expect(mail).toMatchObject({
      toAddress: owner.userData.email,
      subject: 'Tarifa: Casa Quente não está a enviar preços',
    });
    expect(mail!.textBody).toContain('O webhook de Casa Quente falha há 40 minutos');
    expect(mail!.textBody).toContain(`/my-property/integrations?select=${hot.uuid}`);
    expect(mail!.htmlBody).toContain('<html lang="pt" dir="ltr">');

    // 15 minutes later: the calm webhook's failure passed 15 minutes at 09:05 and starts its own
    // episode; the hot one, still failing, is not e-mailed again.
    clock.advance(minutes(15));
    await t.app.jobs.drain();
    expect((await unread(hot.uuid)).alert_connection_failing).toMatchObject({ minutes: 40 });
    expect((await unread(calm.uuid)).alert_connection_failing).toMatchObject({ minutes: 25 });
    expect((await sent()).map((m) => m.subject).sort()).toEqual([
      'Tarifa: Casa Calma não está a enviar preços',
      'Tarifa: Casa Quente não está a enviar preços',
    ]);

    // Delivered at last (as publishing says it): settled at once.
    await t.database.db
      .update(webhookDeliveries)
      .set({ status: 'delivered', deliveredAt: clock() })
      .where(eq(webhookDeliveries.businessUuid, hot.uuid));
    await emitIn(t.database.db, t.app.jobs, [{ type: SENDING_RECOVERED, businessUuid: hot.uuid }]);
    await t.app.jobs.drain();
    expect(await unread(hot.uuid)).not.toHaveProperty('alert_connection_failing');
    expect(await sent()).toHaveLength(2);
  });

  it('switches a kind off: settled and not written again; the settings are checked and versioned', async () => {
    const get = await t.app.inject({ url: settingsUrl(hot), headers: owner.headers });
    expect(get.json()).toMatchObject({
      kinds: { pace_behind: true, connection_failing: true },
      soldOutDays: 30,
      version: 0,
    });
    const body = {
      kinds: { ...get.json().kinds, pace_behind: false },
      soldOutDays: 50,
      version: 0,
    };
    const put = await t.app.inject({
      method: 'PUT',
      url: settingsUrl(hot),
      headers: owner.headers,
      payload: body,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      kinds: { pace_behind: false },
      soldOutDays: 50,
      version: 1,
    });
    expect(await unread(hot.uuid)).not.toHaveProperty('alert_pace_behind');

    // The evaluation the save queued: pace stays off; 45 nights ahead is no longer beyond N = 50.
    await t.app.jobs.drain();
    const after = await unread(hot.uuid);
    expect(after).not.toHaveProperty('alert_pace_behind');
    expect(after).not.toHaveProperty('alert_sold_out_early');
    expect(after).toHaveProperty('alert_price_at_bound');

    const again = await t.app.inject({
      method: 'PUT',
      url: settingsUrl(hot),
      headers: owner.headers,
      payload: body,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('version_conflict');

    const bad = await t.app.inject({
      method: 'PUT',
      url: settingsUrl(hot),
      headers: owner.headers,
      payload: { ...body, soldOutDays: 3, version: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'validation_failed',
      details: [expect.objectContaining({ path: 'soldOutDays' })],
    });
    const foreign = await t.app.inject({ url: settingsUrl(hot), headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: settingsUrl(hot), headers: owner.headers })).json(),
    ).toMatchObject({
      soldOutDays: 50,
      version: 1,
    });
  });

  it('words the urgent e-mail right to left in Arabic', () => {
    const mail = connectionFailingEmail('ar', {
      ownerName: 'ليلى',
      property: 'دار',
      name: 'Channex',
      failing: 2,
      minutes: 20,
      lastError: null,
      link: 'https://tarifa.example/my-property/integrations',
    });
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain('يفشل منذ 20 دقيقة');
    expect(mail.text).toContain('https://tarifa.example/my-property/integrations');
  });
});
