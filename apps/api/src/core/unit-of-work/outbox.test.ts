import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, businesses, jobs, outboxEvents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { createBusiness, roomInput, saveRooms, tariffUrl } from '../../../test/business-factories';
import { bookingInput, bookingsUrl } from '../../../test/booking-factories';
import { BOOKINGS_CHANGED, DISPATCH_JOB, TARIFF_CHANGED, type DispatchedEvent } from '.';

/**
 * Every change writes what it changed to the outbox in its own transaction, so the price
 * recomputation (a later consumer) can never miss a change nor see one that was rolled back.
 */
describe('the outbox', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    // Jobs are drained by hand here, so the dispatcher runs only when the test says so.
    t = await createTestApp({}, { jobs: { background: false } });
    owner = await createUser(t);
  });
  afterAll(() => t.close());

  const eventsOf = (businessUuid: string) =>
    t.database.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.businessUuid, businessUuid))
      .orderBy(asc(outboxEvents.id));

  it('writes tariff.changed with the room types a change touched, and one pending dispatch', async () => {
    const business = await createBusiness(t, owner);
    expect(await eventsOf(business.uuid)).toEqual([]); // a new business is not a tariff change
    const saved = await saveRooms(t, owner, business, [roomInput(), roomInput({ code: 'SGL' })]);
    const uuids = saved.tariffConfiguration.roomsTariff.map((room) => room.uuid).sort();
    const settings = await t.app.inject({
      method: 'PUT',
      url: tariffUrl(business, 'settings'),
      headers: owner.headers,
      payload: { settings: { autoApprove: true } },
    });
    expect(settings.statusCode).toBe(200);

    const events = await eventsOf(business.uuid);
    expect(events.map((e) => [e.type, e.payload])).toEqual([
      [
        TARIFF_CHANGED,
        {
          businessUuid: business.uuid,
          roomTypeUuids: expect.arrayContaining(uuids) as unknown,
          settings: false,
          sazonalityIds: [],
          fluctuationGroupUuids: [],
        },
      ],
      [
        TARIFF_CHANGED,
        {
          businessUuid: business.uuid,
          roomTypeUuids: [],
          settings: true,
          sazonalityIds: [],
          fluctuationGroupUuids: [],
        },
      ],
    ]);
    const pending = await t.database.db.select().from(jobs).where(eq(jobs.type, DISPATCH_JOB));
    expect(pending.filter((job) => job.status === 'queued')).toHaveLength(1);
  });

  it('writes bookings.changed with the room types and the nights of the bookings written', async () => {
    const business = await createBusiness(t, owner);
    const saved = await saveRooms(t, owner, business, [roomInput(), roomInput({ code: 'SGL' })]);
    const [dbl, sgl] = saved.tariffConfiguration.roomsTariff;
    const res = await t.app.inject({
      method: 'POST',
      url: bookingsUrl(business),
      headers: owner.headers,
      payload: {
        bookings: [
          bookingInput({ roomCode: 'DBL', arrival: '2025-07-01', departure: '2025-07-04' }),
          bookingInput({ roomCode: 'SGL', arrival: '2025-06-28', departure: '2025-07-02' }),
        ],
      },
    });
    expect(res.json()).toEqual({ inserted: 2, updated: 0 });
    const events = (await eventsOf(business.uuid)).filter((e) => e.type === BOOKINGS_CHANGED);
    expect(events.map((e) => e.payload)).toEqual([
      {
        businessUuid: business.uuid,
        roomTypeUuids: [dbl!.uuid, sgl!.uuid].sort(),
        from: '2025-06-28',
        to: '2025-07-04',
      },
    ]);
  });

  it('is rolled back with the change: no event, no audit, no version without the change', async () => {
    const business = await createBusiness(t, owner);
    const before = await eventsOf(business.uuid);
    const auditBefore = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.businessUuid, business.uuid));
    // The change and its events are written, then the transaction fails before it commits.
    const attempt = t.app.unitOfWork.change(
      { user: owner.userData },
      business.uuid,
      undefined,
      async (ctx) => {
        await ctx.updateBusiness({ name: 'Never saved' });
        ctx.record({
          action: 'update',
          entity: 'settings',
          entityId: business.uuid,
          entityName: business.name,
          changes: {},
        });
        ctx.emit({
          type: BOOKINGS_CHANGED,
          businessUuid: business.uuid,
          roomTypeUuids: [],
          from: '2025-01-01',
          to: '2025-01-02',
        });
      },
      async (tx) => {
        // Written by now, inside the transaction…
        const inside = await tx
          .select()
          .from(outboxEvents)
          .where(eq(outboxEvents.businessUuid, business.uuid));
        expect(inside.map((e) => e.type).sort()).toEqual([BOOKINGS_CHANGED, TARIFF_CHANGED]);
        throw new Error('the change fails after its events were written');
      },
    );
    await expect(attempt).rejects.toThrow('the change fails after its events were written');
    // …and gone with it.
    expect(await eventsOf(business.uuid)).toEqual(before);
    expect(
      await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.businessUuid, business.uuid)),
    ).toEqual(auditBefore);
    const [row] = await t.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.uuid, business.uuid));
    expect(row).toMatchObject({ name: business.name, version: business.version });
  });

  it('is dispatched by a job: each event handed to its subscribers once, in order', async () => {
    const business = await createBusiness(t, owner);
    await saveRooms(t, owner, business, [roomInput()]);
    const received: DispatchedEvent[] = [];
    t.app.subscribe(TARIFF_CHANGED, async (event) => {
      if (event.businessUuid === business.uuid) received.push(event);
    });
    expect(await t.app.jobs.drain()).toBeGreaterThanOrEqual(1);
    expect(received.map((e) => e.type)).toEqual([TARIFF_CHANGED]);
    const events = await eventsOf(business.uuid);
    expect(events.every((e) => e.dispatchedAt !== null)).toBe(true);
    expect(await t.app.jobs.drain()).toBe(0);
    expect(received).toHaveLength(1);
  });
});
