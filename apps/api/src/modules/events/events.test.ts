import type { TBusiness, TEvent, TPriceCell } from '@tarifa/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema';
import { multipartBody } from '../../../test/booking-factories';
import {
  businessesUrl,
  createBusiness,
  roomInput,
  saveRooms,
  sazonalityInput,
  stored,
  tariffUrl,
} from '../../../test/business-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createClockedTestApp, type TestApp } from '../../../test/helpers';

/**
 * Local events: their calls, the `.ics` import and the event step in the prices. "Now" is
 * 2026-03-02; the nights priced are in July 2026 (Wednesday 1 July … Friday 3 July), with no
 * weekday or lead-time rule. Room types: DBL at 100 and FAM following it at +20 %.
 */
const now = new Date('2026-03-02T12:00:00Z');

const ics = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//City//Events//PT', ...events, 'END:VCALENDAR']
    .join('\r\n')
    .concat('\r\n');

describe('events', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let business: TBusiness;
  let dbl: string;
  let fam: string;

  beforeAll(async () => {
    t = await createClockedTestApp(() => now);
    owner = await createUser(t);
    stranger = await createUser(t);
    business = await createBusiness(t, owner, { country: 'PT' });
    const saved = await saveRooms(t, owner, business, [
      roomInput({ name: 'Double', code: 'DBL', basePrice: 100 }),
      roomInput({
        name: 'Family',
        code: 'FAM',
        basePrice: 120,
        derivedFrom: { roomCode: 'DBL', type: 'percent', value: 20 },
      }),
    ]);
    const uuidOf = (code: string) =>
      saved.tariffConfiguration.roomsTariff.find((r) => r.code === code)!.uuid;
    [dbl, fam] = [uuidOf('DBL'), uuidOf('FAM')];
  });
  afterAll(() => t.close());

  const eventsUrl = (rest = '', b: { uuid: string } = business) =>
    `${businessesUrl}/${b.uuid}/events${rest}`;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    user: TestUser = owner,
  ) => t.app.inject({ method, url, headers: user.headers, payload });
  const createEvent = async (event: object) => {
    const res = await call('POST', eventsUrl(), { event });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { event: TEvent; business: TBusiness };
  };
  const upload = (content: string, query = '', user: TestUser = owner, b = business) => {
    const body = multipartBody({}, [
      { content, filename: 'city.ics', contentType: 'text/calendar' },
    ]);
    return t.app.inject({
      method: 'POST',
      url: eventsUrl(`/import${query}`, b),
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const pricesOf = async (from: string, to: string) => {
    const res = await call('GET', `${businessesUrl}/${business.uuid}/prices?from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const cells = res.json().prices as TPriceCell[];
    return (room: string, date: string) =>
      cells.find((c) => c.roomUuid === room && c.date === date)!;
  };

  it('creates, lists by dates, replaces and deletes an event, each audited and versioned', async () => {
    const {
      event,
      business: { version },
    } = await createEvent({
      name: 'Jazz festival',
      startDate: '2026-05-10',
      endDate: '2026-05-12',
      impact: 'high',
    });
    expect(event).toMatchObject({
      name: 'Jazz festival',
      impact: 'high',
      adjustmentPercent: null,
      source: 'manual',
      externalUid: null,
    });
    const listed = async (query: string) =>
      (await call('GET', eventsUrl(query))).json().events.map((e: TEvent) => e.id);
    expect(await listed('?from=2026-05-12&to=2026-05-20')).toContain(event.id);
    expect(await listed('?from=2026-05-13&to=2026-05-20')).not.toContain(event.id);

    const replaced = await call('PUT', eventsUrl(`/${event.id}`), {
      event: { name: 'Jazz', startDate: '2026-05-10', endDate: '2026-05-11', adjustmentPercent: 5 },
      version,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().event).toMatchObject({
      name: 'Jazz',
      impact: 'medium',
      adjustmentPercent: 5,
    });

    // The version read before the replace is stale now.
    const stale = await call('DELETE', eventsUrl(`/${event.id}?version=${version}`));
    expect(stale.statusCode).toBe(409);
    const removed = await call(
      'DELETE',
      eventsUrl(`/${event.id}?version=${replaced.json().business.version}`),
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await listed('')).not.toContain(event.id);
    const gone = await call('DELETE', eventsUrl(`/${event.id}`));
    expect(gone.statusCode).toBe(404);

    const trail = (await stored.auditEvents(t, business.uuid)).filter(
      (e) => e.entityId === event.id,
    );
    expect(trail.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(trail[1]!.changes).toMatchObject({ name: { before: 'Jazz festival', after: 'Jazz' } });
  });

  it('refuses bad events naming the field, and another tenant’s business or event as missing', async () => {
    const bad = async (event: object, path: string, code: string) => {
      const res = await call('POST', eventsUrl(), { event });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.details).toContainEqual(expect.objectContaining({ path, code }));
    };
    const valid = { name: 'Fair', startDate: '2026-05-01', endDate: '2026-05-02' };
    await bad({ ...valid, name: ' ' }, 'event.name', 'required');
    await bad({ ...valid, endDate: '2026-04-30' }, 'event.endDate', 'range_reversed');
    await bad({ ...valid, endDate: '2027-05-01' }, 'event.endDate', 'range_too_long');
    await bad({ ...valid, startDate: '2026-02-30' }, 'event.startDate', 'invalid_format');
    await bad({ ...valid, impact: 'huge' }, 'event.impact', 'invalid_option');
    await bad({ ...valid, adjustmentPercent: 1000 }, 'event.adjustmentPercent', 'too_big');

    const { event } = await createEvent(valid);
    const foreignList = await call('GET', eventsUrl(), undefined, stranger);
    expect(foreignList.statusCode).toBe(404);
    const foreignPut = await call('PUT', eventsUrl(`/${event.id}`), { event: valid }, stranger);
    expect(foreignPut.statusCode).toBe(404);
    // The event of one business is not reachable through another of the same owner.
    const other = await createBusiness(t, owner, {});
    const crossed = await call('DELETE', eventsUrl(`/${event.id}`, other));
    expect(crossed.statusCode).toBe(404);
    const foreignImport = await upload(ics(), '', stranger);
    expect(foreignImport.statusCode).toBe(404);
  });

  it('puts the event between season and weekday; the largest event wins; derived types follow', async () => {
    // Season +10 % in July; Fridays +5 %; an event +20 % on 1–3 July and another +10 % on 2 July.
    await call('PUT', tariffUrl(business, 'settings'), {
      settings: { weekdayAdjustments: { mon: 0, tue: 0, wed: 0, thu: 0, fri: 5, sat: 0, sun: 0 } },
    });
    await call('POST', tariffUrl(business, 'sazonalities'), {
      sazonality: sazonalityInput({ startDate: '2026-07-01', endDate: '2026-07-31', value: 10 }),
    });
    const fair = (
      await createEvent({
        name: 'Summer fair',
        startDate: '2026-07-01',
        endDate: '2026-07-03',
        adjustmentPercent: 20,
      })
    ).event;
    await createEvent({
      name: 'Concert',
      startDate: '2026-07-02',
      endDate: '2026-07-02',
      adjustmentPercent: 10,
    });
    const rain = (
      await createEvent({
        name: 'Rainy week',
        startDate: '2026-07-06',
        endDate: '2026-07-06',
        adjustmentPercent: -15,
      })
    ).event;
    const cell = await pricesOf('2026-07-01', '2026-07-06');

    // Friday 3 July: 100 × 1.10 = 110 → × 1.20 = 132 → × 1.05 = 138.60.
    expect(cell(dbl, '2026-07-03').recommendedPrice).toBe(138.6);
    expect(cell(dbl, '2026-07-03').breakdown.map((b) => [b.step, b.label, b.after])).toEqual([
      ['season', 'Summer', 110],
      ['event', 'Summer fair', 132],
      ['weekday', expect.any(String), 138.6],
    ]);
    // Thursday 2 July: the +20 % fair wins over the +10 % concert: 110 × 1.20 = 132.
    expect(cell(dbl, '2026-07-02').recommendedPrice).toBe(132);
    expect(cell(dbl, '2026-07-02').eventId).toBe(fair.id);
    // Monday 6 July: 110 × 0.85 = 93.50.
    expect(cell(dbl, '2026-07-06').recommendedPrice).toBe(93.5);
    expect(cell(dbl, '2026-07-06').eventId).toBe(rain.id);
    // The family room follows the double: 132 × 1.20 = 158.40.
    expect(cell(fam, '2026-07-02').recommendedPrice).toBe(158.4);
  });

  it('turns an event into a season that takes over its adjustment', async () => {
    const { event } = await createEvent({
      name: 'Book fair',
      startDate: '2026-09-10',
      endDate: '2026-09-13',
      adjustmentPercent: 12.5,
    });
    const res = await call('POST', eventsUrl(`/${event.id}/season`), {});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().sazonality).toMatchObject({
      name: 'Book fair',
      startDate: '2026-09-10',
      endDate: '2026-09-13',
      adjustmentType: 'percent',
      value: 12.5,
    });
    const after = (await call('GET', eventsUrl('?from=2026-09-10&to=2026-09-10'))).json().events;
    expect(after).toContainEqual(
      expect.objectContaining({ id: event.id, adjustmentPercent: null }),
    );
    // Thursday 10 September: the season's 12.5 % once, not twice: 112.50.
    const cell = await pricesOf('2026-09-10', '2026-09-10');
    expect(cell(dbl, '2026-09-10').recommendedPrice).toBe(112.5);
    expect(cell(dbl, '2026-09-10').breakdown.map((b) => b.step)).toEqual(['season']);
  });

  describe('iCalendar import', () => {
    const festival = [
      'BEGIN:VEVENT',
      'UID:festival-2026@city.example',
      'DTSTART;VALUE=DATE:20261009',
      'DTEND;VALUE=DATE:20261012',
      'SUMMARY:Festa da cidade\\, edição 2026',
      'END:VEVENT',
    ];
    const marathon = [
      'BEGIN:VEVENT',
      'UID:marathon@city.example',
      'DTSTART;TZID=Europe/Lisbon:20261018T083000',
      'DTEND;TZID=Europe/Lisbon:20261018T140000',
      'SUMMARY:Maratona de ',
      ' Lisboa',
      'BEGIN:VALARM',
      'TRIGGER:-PT1H',
      'SUMMARY:Not the event',
      'END:VALARM',
      'END:VEVENT',
    ];
    const broken = [
      'BEGIN:VEVENT',
      'UID:broken@city.example',
      'DTSTART:2026-10-20',
      'SUMMARY:Broken dates',
      'END:VEVENT',
    ];
    const imported = async () =>
      (
        (await call('GET', eventsUrl('?from=2026-10-01&to=2026-10-31'))).json().events as TEvent[]
      ).filter((e) => e.source === 'ics');

    it('imports nothing when an event is bad, and lists each bad one with its line', async () => {
      const res = await upload(ics(...festival, ...broken, ...marathon));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_failed',
        details: [{ path: 'events.1.startDate', code: 'invalid_format', params: { line: 10 } }],
      });
      expect(await imported()).toEqual([]);
      const notCalendar = await upload('external_id,arrival\n1,2026-10-01\n');
      expect(notCalendar.json().error.details[0]).toMatchObject({
        path: 'file',
        code: 'invalid_ics',
      });
    });

    it('reads dates, date-times, folded and escaped text; a re-import updates by UID', async () => {
      const res = await upload(ics(...festival, ...marathon));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ created: 2, updated: 0, skipped: 0, errors: [] });
      const events = await imported();
      // DTEND of a DATE event is the first day after it: nights 9, 10 and 11 October.
      expect(events.map((e) => [e.name, e.startDate, e.endDate, e.externalUid])).toEqual([
        ['Festa da cidade, edição 2026', '2026-10-09', '2026-10-11', 'festival-2026@city.example'],
        ['Maratona de Lisboa', '2026-10-18', '2026-10-18', 'marathon@city.example'],
      ]);

      const again = await upload(ics(...festival, ...marathon));
      expect(again.json()).toMatchObject({ created: 0, updated: 0 });
      const moved = festival.map((line) =>
        line.startsWith('DTEND') ? 'DTEND;VALUE=DATE:20261013' : line,
      );
      const changed = await upload(ics(...moved, ...marathon));
      expect(changed.json()).toMatchObject({ created: 0, updated: 1 });
      const after = await imported();
      expect(after).toHaveLength(2);
      expect(after[0]).toMatchObject({ id: events[0]!.id, endDate: '2026-10-12' });
    });

    it('refuses a NUL or bytes that are not UTF-8 in the file, naming the line, and stores nothing', async () => {
      const before = await imported();
      const nul = await upload(
        ics(...festival.map((l) => l.replace('SUMMARY:', 'SUMMARY:\u0000'))),
      );
      expect(nul.statusCode, nul.body).toBe(400);
      expect(nul.json().error.details).toEqual([
        expect.objectContaining({ path: 'file', code: 'invalid_text' }),
      ]);
      const latin1 = Buffer.from(ics(...marathon).replace('Maratona', 'Marat\u00f3na'), 'latin1');
      const body = multipartBody({}, [
        { content: latin1, filename: 'city.ics', contentType: 'text/calendar' },
      ]);
      const broken = await t.app.inject({
        method: 'POST',
        url: eventsUrl('/import'),
        headers: { ...owner.headers, ...body.headers },
        payload: body.payload,
      });
      expect(broken.statusCode, broken.body).toBe(400);
      expect(broken.json().error.details[0]).toMatchObject({
        path: 'file',
        code: 'invalid_text',
        params: { line: 8 },
      });
      expect(await imported()).toEqual(before);
    });

    it('lists the first 100 bad events of a large file and counts the rest', async () => {
      const empty = (i: number) => ['BEGIN:VEVENT', `UID:empty-${i}@city.example`, 'END:VEVENT'];
      const res = await upload(ics(...Array.from({ length: 1500 }, (_, i) => empty(i)).flat()));
      expect(res.statusCode, res.body).toBe(400);
      const details = res.json().error.details as { path: string; code: string }[];
      expect(details).toHaveLength(101);
      expect(details.at(-1)).toMatchObject({
        path: '',
        code: 'more_issues',
        params: { count: 1400 },
      });
      expect(res.body.length).toBeLessThan(30_000);
    });

    it('with atomic=false writes the good events and reports the skipped ones', async () => {
      const party = [
        'BEGIN:VEVENT',
        'UID:party@city.example',
        'DTSTART;VALUE=DATE:20261025',
        'SUMMARY:Party',
        'END:VEVENT',
      ];
      const res = await upload(ics(...broken, ...party), '?atomic=false');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        created: 1,
        skipped: 1,
        errors: [{ path: 'events.0.startDate', line: 4 }],
      });
      expect((await imported()).map((e) => [e.name, e.startDate, e.endDate])).toContainEqual([
        'Party',
        '2026-10-25',
        '2026-10-25',
      ]);
    });
  });
  describe('the limit of events per property', () => {
    it('refuses the event past 5 000, created or imported, and keeps those it has', async () => {
      const full = await createBusiness(t, owner, { country: 'PT' });
      await t.database.db.insert(events).values(
        Array.from({ length: 4999 }, (_, i) => ({
          businessUuid: full.uuid,
          name: `Fair ${i}`,
          startDate: '2027-01-10',
          endDate: '2027-01-10',
        })),
      );
      const create = (name: string) =>
        call('POST', `${businessesUrl}/${full.uuid}/events`, {
          event: { name, startDate: '2027-02-01', endDate: '2027-02-01', impact: 'high' },
        });
      expect((await create('The 5 000th')).statusCode).toBe(201);
      const over = await create('One too many');
      expect(over.statusCode).toBe(400);
      expect(over.json().error.details).toEqual([
        expect.objectContaining({ path: 'event', code: 'too_many', params: { maximum: 5000 } }),
      ]);
      const imported = await upload(
        ics(
          'BEGIN:VEVENT',
          'UID:extra@city.example',
          'DTSTART;VALUE=DATE:20270301',
          'SUMMARY:Extra',
          'END:VEVENT',
        ),
        '',
        owner,
        full,
      );
      expect(imported.statusCode).toBe(400);
      expect(imported.json().error.details[0]).toMatchObject({ path: 'file', code: 'too_many' });
      const stored = await t.database.db
        .select({ id: events.id })
        .from(events)
        .where(eq(events.businessUuid, full.uuid));
      const n = stored.length;
      expect(n).toBe(5000);
    });
  });
});
