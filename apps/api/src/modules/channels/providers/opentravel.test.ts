import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type RateCell,
  type RestrictionCell,
  type OpenTravelServer,
  startOpenTravelServer,
  stateKey,
  validateOpenTravel,
} from '../../../../test/channels/opentravel-server';
import { type AriBatch, ProviderError } from '../adapter';
import {
  availNotif,
  type MessageContext,
  opentravelAdapter,
  type OpenTravelOptions,
  parseNotifResponse,
  rateAmountNotif,
} from './opentravel';

/**
 * The OpenTravel adapter: its two messages written out by hand and checked against the local
 * endpoint's reading of the standard, and pushes through that endpoint — what lands, what it
 * refuses, and how its failures come back.
 */

const HOTEL = 'HOTEL1';
const REQUESTOR = 'tarifa';
const PASSWORD = 'p&ss"word<';

/** Two room types: a per-guest rate over three nights, a per-room one over one, availability. */
const batch: AriBatch = {
  currency: 'EUR',
  rates: [
    {
      roomId: 'DBL',
      ratePlanId: 'BAR',
      from: '2026-07-01',
      to: '2026-07-03',
      rates: [
        { occupancy: 1, amountMinor: 9000 },
        { occupancy: 2, amountMinor: 11050 },
      ],
      minStayArrival: 2,
      maxStay: null,
      closedToArrival: true,
      closedToDeparture: false,
      stopSell: false,
    },
    {
      roomId: 'SGL',
      ratePlanId: 'BAR',
      from: '2026-07-04',
      to: '2026-07-04',
      rates: [{ occupancy: 1, amountMinor: 7505 }],
      minStayArrival: 1,
      maxStay: 7,
      closedToArrival: false,
      closedToDeparture: true,
      stopSell: true,
    },
  ],
  availability: [
    { roomId: 'DBL', from: '2026-07-01', to: '2026-07-03', availability: 4 },
    { roomId: 'SGL', from: '2026-07-01', to: '2026-07-04', availability: 0 },
  ],
};

const ctx: MessageContext = {
  hotelCode: HOTEL,
  requestorId: REQUESTOR,
  password: PASSWORD,
  echoToken: 'echo-1',
  timeStamp: '2026-06-01T08:00:00.000Z',
};

/** The expected XML is written one element a line: the whitespace between tags is layout. */
const compact = (xml: string) => xml.trim().replace(/>\s+</g, '><');

const ALL_DAYS = 'Mon="true" Tue="true" Weds="true" Thur="true" Fri="true" Sat="true" Sun="true"';

describe('the OpenTravel messages', () => {
  it('writes the rates as one OTA_HotelRateAmountNotifRQ, a RateAmountMessage a rate value', () => {
    const expected = `
      <?xml version="1.0" encoding="UTF-8"?>
      <OTA_HotelRateAmountNotifRQ xmlns="http://www.opentravel.org/OTA/2003/05" EchoToken="echo-1" TimeStamp="2026-06-01T08:00:00.000Z" Version="5.000" NotifType="Overlay">
        <POS>
          <Source>
            <RequestorID Type="10" ID="tarifa" MessagePassword="p&amp;ss&quot;word&lt;"/>
          </Source>
        </POS>
        <RateAmountMessages HotelCode="HOTEL1">
          <RateAmountMessage LocatorID="1">
            <StatusApplicationControl Start="2026-07-01" End="2026-07-03" InvTypeCode="DBL" RatePlanCode="BAR" ${ALL_DAYS}/>
            <Rates>
              <Rate>
                <BaseByGuestAmts>
                  <BaseByGuestAmt AmountAfterTax="90.00" CurrencyCode="EUR" NumberOfGuests="1" AgeQualifyingCode="10"/>
                  <BaseByGuestAmt AmountAfterTax="110.50" CurrencyCode="EUR" NumberOfGuests="2" AgeQualifyingCode="10"/>
                </BaseByGuestAmts>
              </Rate>
            </Rates>
          </RateAmountMessage>
          <RateAmountMessage LocatorID="2">
            <StatusApplicationControl Start="2026-07-04" End="2026-07-04" InvTypeCode="SGL" RatePlanCode="BAR" ${ALL_DAYS}/>
            <Rates>
              <Rate>
                <BaseByGuestAmts>
                  <BaseByGuestAmt AmountAfterTax="75.05" CurrencyCode="EUR" NumberOfGuests="1" AgeQualifyingCode="10"/>
                </BaseByGuestAmts>
              </Rate>
            </Rates>
          </RateAmountMessage>
        </RateAmountMessages>
      </OTA_HotelRateAmountNotifRQ>`;
    const xml = rateAmountNotif(batch, ctx);
    expect(xml).toBe(compact(expected));
    expect(validateOpenTravel(xml)).toEqual([]);
  });

  it('writes restrictions and rooms left as one OTA_HotelAvailNotifRQ', () => {
    const expected = `
      <?xml version="1.0" encoding="UTF-8"?>
      <OTA_HotelAvailNotifRQ xmlns="http://www.opentravel.org/OTA/2003/05" EchoToken="echo-1" TimeStamp="2026-06-01T08:00:00.000Z" Version="4.000">
        <POS>
          <Source>
            <RequestorID Type="10" ID="tarifa" MessagePassword="p&amp;ss&quot;word&lt;"/>
          </Source>
        </POS>
        <AvailStatusMessages HotelCode="HOTEL1">
          <AvailStatusMessage LocatorID="1">
            <StatusApplicationControl Start="2026-07-01" End="2026-07-03" InvTypeCode="DBL" RatePlanCode="BAR" ${ALL_DAYS}/>
            <LengthsOfStay>
              <LengthOfStay MinMaxMessageType="SetMinLOS" Time="2" TimeUnit="Day"/>
              <LengthOfStay MinMaxMessageType="RemoveMaxLOS"/>
            </LengthsOfStay>
            <RestrictionStatus Restriction="Master" Status="Open"/>
          </AvailStatusMessage>
          <AvailStatusMessage LocatorID="2">
            <StatusApplicationControl Start="2026-07-01" End="2026-07-03" InvTypeCode="DBL" RatePlanCode="BAR" ${ALL_DAYS}/>
            <RestrictionStatus Restriction="Arrival" Status="Close"/>
          </AvailStatusMessage>
          <AvailStatusMessage LocatorID="3">
            <StatusApplicationControl Start="2026-07-01" End="2026-07-03" InvTypeCode="DBL" RatePlanCode="BAR" ${ALL_DAYS}/>
            <RestrictionStatus Restriction="Departure" Status="Open"/>
          </AvailStatusMessage>
          <AvailStatusMessage LocatorID="4">
            <StatusApplicationControl Start="2026-07-04" End="2026-07-04" InvTypeCode="SGL" RatePlanCode="BAR" ${ALL_DAYS}/>
            <LengthsOfStay>
              <LengthOfStay MinMaxMessageType="SetMinLOS" Time="1" TimeUnit="Day"/>
              <LengthOfStay MinMaxMessageType="SetMaxLOS" Time="7" TimeUnit="Day"/>
            </LengthsOfStay>
            <RestrictionStatus Restriction="Master" Status="Close"/>
          </AvailStatusMessage>
          <AvailStatusMessage LocatorID="5">
            <StatusApplicationControl Start="2026-07-04" End="2026-07-04" InvTypeCode="SGL" RatePlanCode="BAR" ${ALL_DAYS}/>
            <RestrictionStatus Restriction="Arrival" Status="Open"/>
          </AvailStatusMessage>
          <AvailStatusMessage LocatorID="6">
            <StatusApplicationControl Start="2026-07-04" End="2026-07-04" InvTypeCode="SGL" RatePlanCode="BAR" ${ALL_DAYS}/>
            <RestrictionStatus Restriction="Departure" Status="Close"/>
          </AvailStatusMessage>
          <AvailStatusMessage BookingLimit="4" BookingLimitMessageType="SetLimit" LocatorID="7">
            <StatusApplicationControl Start="2026-07-01" End="2026-07-03" InvTypeCode="DBL" ${ALL_DAYS}/>
          </AvailStatusMessage>
          <AvailStatusMessage BookingLimit="0" BookingLimitMessageType="SetLimit" LocatorID="8">
            <StatusApplicationControl Start="2026-07-01" End="2026-07-04" InvTypeCode="SGL" ${ALL_DAYS}/>
          </AvailStatusMessage>
        </AvailStatusMessages>
      </OTA_HotelAvailNotifRQ>`;
    const xml = availNotif(batch, ctx);
    expect(xml).toBe(compact(expected));
    expect(validateOpenTravel(xml)).toEqual([]);
  });

  it('the endpoint’s validator refuses what breaks the standard’s rules', () => {
    const rates = rateAmountNotif(batch, ctx);
    const avail = availNotif(batch, ctx);
    const broken = (xml: string, from: string | RegExp, to: string) => {
      const changed = xml.replace(from, to);
      expect(changed).not.toBe(xml);
      return validateOpenTravel(changed);
    };
    // Element order: Rates before StatusApplicationControl.
    expect(
      broken(rates, /(<StatusApplicationControl[^>]*\/>)(<Rates>.*?<\/Rates>)/, '$2$1').join(),
    ).toMatch(/is not expected here/);
    expect(broken(rates, 'Version="5.000"', '')).toEqual([
      'OTA_HotelRateAmountNotifRQ/@Version is missing',
    ]);
    expect(
      broken(rates, 'TimeStamp="2026-06-01T08:00:00.000Z"', 'TimeStamp="1 June"').join(),
    ).toMatch(/TimeStamp "1 June" is not an xs:dateTime/);
    expect(broken(rates, 'End="2026-07-03"', 'End="2026-06-30"').join()).toMatch(/is after End/);
    expect(broken(rates, 'NumberOfGuests="2"', 'NumberOfGuests="0"').join()).toMatch(/guests/);
    expect(broken(rates, 'AmountAfterTax="90.00"', 'AmountAfterTax="90,00"').join()).toMatch(
      /not an amount/,
    );
    expect(broken(rates, 'CurrencyCode="EUR"', 'CurrencyCode="euro"').join()).toMatch(/currency/);
    expect(broken(rates, 'Weds="true"', 'Wed="true"').join()).toMatch(/@Wed is not an attribute/);
    expect(broken(rates, 'xmlns="http://www.opentravel.org/OTA/2003/05"', '').join()).toMatch(
      /namespace/,
    );
    expect(broken(avail, '"SetMinLOS"', '"MinimumStay"').join()).toMatch(/MinMaxMessageType/);
    expect(broken(avail, 'Status="Close"', 'Status="Closed"').join()).toMatch(/Status/);
    expect(broken(avail, 'Restriction="Arrival"', 'Restriction="CheckIn"').join()).toMatch(
      /Restriction/,
    );
    expect(broken(avail, 'BookingLimit="4"', 'BookingLimit="-1"').join()).toMatch(/BookingLimit/);
    expect(broken(avail, ' RatePlanCode="BAR"', '').join()).toMatch(/need a RatePlanCode/);
  });

  it('reads Success, Warnings with their records and Errors', () => {
    const answer = parseNotifResponse(
      `<OTA_HotelAvailNotifRS xmlns="${'http://www.opentravel.org/OTA/2003/05'}" EchoToken="e" Version="4.000">` +
        '<Success/><Warnings><Warning Type="3" Code="402" RecordID="8" ShortText="Unknown room"/>' +
        '<Warning Type="11">Advice in text</Warning></Warnings></OTA_HotelAvailNotifRS>',
    );
    expect(answer).toMatchObject({
      root: 'OTA_HotelAvailNotifRS',
      echoToken: 'e',
      success: true,
      errors: [],
      warnings: [
        { type: '3', code: '402', text: 'Unknown room', recordId: '8' },
        { type: '11', code: null, text: 'Advice in text', recordId: null },
      ],
    });
  });

  it('refuses an answer that declares a DOCTYPE or entities (billion laughs)', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
      '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>' +
      '<OTA_HotelAvailNotifRS xmlns="http://www.opentravel.org/OTA/2003/05" Version="1">' +
      '<Warnings><Warning Type="1">&lol2;</Warning></Warnings></OTA_HotelAvailNotifRS>';
    expect(() => parseNotifResponse(laughs)).toThrow(/DOCTYPE or entities/);
    expect(() => parseNotifResponse('<OTA_PingRS><Success></OTA_PingRS>')).toThrow(
      /not well-formed/,
    );
  });
});

/** The nights from `from` to `to`, inclusive. */
function nights(from: string, to: string): string[] {
  const out: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`);) {
    out.push(new Date(at).toISOString().slice(0, 10));
    at += 86_400_000;
  }
  return out;
}

/** What the endpoint should hold once `pushed` landed whole, written from the batch alone. */
function stateOf(pushed: AriBatch) {
  const rates = new Map<string, RateCell>();
  const restrictions = new Map<string, RestrictionCell>();
  const bookingLimits = new Map<string, number>();
  const status = (closed: boolean) => (closed ? 'Close' : 'Open');
  for (const value of pushed.rates) {
    for (const night of nights(value.from, value.to)) {
      for (const { occupancy, amountMinor } of value.rates) {
        rates.set(stateKey(value.roomId, value.ratePlanId, night, occupancy), {
          amount: (amountMinor / 100).toFixed(2),
          currency: pushed.currency,
          taxIncluded: true,
        });
      }
      restrictions.set(stateKey(value.roomId, value.ratePlanId, night), {
        minLos: value.minStayArrival,
        maxLos: value.maxStay,
        arrival: status(value.closedToArrival),
        departure: status(value.closedToDeparture),
        master: status(value.stopSell),
      });
    }
  }
  for (const value of pushed.availability) {
    for (const night of nights(value.from, value.to)) {
      bookingLimits.set(stateKey(value.roomId, night), value.availability);
    }
  }
  return { rates, restrictions, bookingLimits };
}

describe('the OpenTravel adapter against a local endpoint', () => {
  let server: OpenTravelServer;
  const adapter = (overrides: Partial<OpenTravelOptions> = {}) =>
    opentravelAdapter({
      endpoint: server.url,
      hotelCode: HOTEL,
      requestorId: REQUESTOR,
      password: PASSWORD,
      allowPrivate: true,
      now: () => new Date('2026-06-01T08:00:00Z'),
      ...overrides,
    });

  beforeAll(async () => {
    server = await startOpenTravelServer({
      requestorId: REQUESTOR,
      password: PASSWORD,
      hotelCode: HOTEL,
    });
  });
  afterAll(() => server.close());
  afterEach(() => {
    server.received.length = 0;
    server.state.rates.clear();
    server.state.restrictions.clear();
    server.state.bookingLimits.clear();
    Object.assign(server.control, { answers: [], warnFor: [], maxBodyBytes: null, delayMs: 0 });
  });

  it('describes itself: no listing, read-back or bookings; 60 calls a minute, 5 MB a body', () => {
    expect(adapter().describe()).toEqual({
      provider: 'opentravel',
      listsRemote: false,
      readsBack: false,
      sendsBookings: false,
      limits: { callsPerMinute: 60, maxBodyBytes: 5 * 1024 * 1024 },
    });
  });

  it('a push lands: rates, then restrictions and rooms left, the endpoint holding the batch', async () => {
    const outcome = await adapter().pushAri(batch);
    expect(server.received.map((r) => [r.root, r.status])).toEqual([
      ['OTA_HotelRateAmountNotifRQ', 200],
      ['OTA_HotelAvailNotifRQ', 200],
    ]);
    for (const message of server.received) {
      expect(validateOpenTravel(message.body)).toEqual([]);
      expect(message.answer).toContain('<Success/>');
    }
    expect(outcome).toEqual({
      warnings: [],
      tasks: [],
      calls: 2,
      bytes: server.received.reduce((sum, r) => sum + r.bytes, 0),
    });
    expect(server.state).toEqual(stateOf(batch));
  });

  it('a later push overlays the earlier one: a guest count no longer sent is gone', async () => {
    await adapter().pushAri(batch);
    const [first, second] = batch.rates;
    if (!first || !second) throw new Error('the batch has two rate values');
    const next: AriBatch = {
      ...batch,
      rates: [{ ...first, rates: [{ occupancy: 2, amountMinor: 12000 }], maxStay: 5 }, second],
    };
    await adapter().pushAri(next);
    expect(server.state).toEqual(stateOf(next));
  });

  it('test() pings, then checks the credentials with a message that changes nothing', async () => {
    await adapter().test();
    expect(server.received.map((r) => r.root)).toEqual(['OTA_PingRQ', 'OTA_HotelAvailNotifRQ']);
    expect(server.received[0]?.answer).toMatch(/<EchoData>Tarifa connection test /);
    expect(server.state).toEqual(stateOf({ currency: 'EUR', rates: [], availability: [] }));
  });

  it('a wrong password is refused for good, and the error does not carry a password', async () => {
    const wrong = 'Wr0ng&"secret';
    for (const attempt of [
      () => adapter({ password: wrong }).test(),
      () => adapter({ password: wrong }).pushAri(batch),
    ]) {
      const error = await attempt().catch((err: unknown) => err);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ retryable: false });
      const message = (error as ProviderError).message;
      expect(message).toMatch(/credentials were refused.*authentication failed/);
      expect(message).not.toContain(wrong);
      expect(message).not.toContain('Wr0ng&amp;');
      expect(message).not.toContain(PASSWORD);
    }
    expect(server.state.rates.size).toBe(0);
  });

  it('a password echoed in a failure’s body is taken out of the error', async () => {
    server.control.answers.push({
      status: 500,
      body: `<Errors>could not process MessagePassword="p&amp;ss&quot;word&lt;" / ${PASSWORD}</Errors>`,
    });
    const error = await adapter()
      .pushAri(batch)
      .catch((err: unknown) => err);
    expect(error).toMatchObject({ retryable: true, status: 500 });
    expect((error as ProviderError).message).toContain('***');
    expect((error as ProviderError).message).not.toContain('p&amp;ss');
    expect((error as ProviderError).message).not.toContain(PASSWORD);
  });

  it('HTTP 503 is retryable, and nothing landed', async () => {
    server.control.answers.push({ status: 503, body: 'maintenance' });
    const error = await adapter()
      .pushAri(batch)
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: 503, retryable: true });
    expect(server.state.rates.size).toBe(0);
  });

  it('no answer in time is retryable', async () => {
    server.control.delayMs = 1_000;
    const error = await adapter({ timeoutMs: 100 })
      .pushAri(batch)
      .catch((err: unknown) => err);
    expect(error).toMatchObject({ retryable: true, status: null });
  });

  it('an <Errors> answer is refused for good with the endpoint’s words', async () => {
    const error = await adapter({ hotelCode: 'OTHER' })
      .pushAri(batch)
      .catch((err: unknown) => err);
    expect(error).toMatchObject({ retryable: false });
    expect((error as ProviderError).message).toMatch(
      /credentials were refused: invalid hotel code/,
    );
  });

  it('a <Warning> naming one record becomes an ItemWarning of that item, the rest landing', async () => {
    server.control.warnFor.push(
      {
        root: 'OTA_HotelRateAmountNotifRQ',
        invTypeCode: 'SGL',
        ratePlanCode: 'BAR',
        text: 'Rate closed by the hotel',
      },
      {
        root: 'OTA_HotelAvailNotifRQ',
        invTypeCode: 'SGL',
        ratePlanCode: null,
        text: 'Unknown room type',
      },
    );
    const outcome = await adapter().pushAri(batch);
    expect(outcome.warnings).toEqual([
      { kind: 'rate', index: 1, message: 'Rate closed by the hotel' },
      { kind: 'availability', index: 1, message: 'Unknown room type' },
    ]);
    // Everything but SGL's rate and SGL's rooms left.
    const landed = stateOf({ ...batch, availability: batch.availability.slice(0, 1) });
    landed.rates.delete(stateKey('SGL', 'BAR', '2026-07-04', 1));
    expect(server.state).toEqual(landed);
  });

  it('a response with a DOCTYPE is refused unread', async () => {
    server.control.answers.push({
      status: 200,
      contentType: 'application/xml',
      body:
        '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>' +
        '<OTA_HotelRateAmountNotifRS xmlns="http://www.opentravel.org/OTA/2003/05" Version="5">' +
        '<Success/><Warnings><Warning Type="1" RecordID="1">&b;</Warning></Warnings>' +
        '</OTA_HotelRateAmountNotifRS>',
    });
    const error = await adapter()
      .pushAri(batch)
      .catch((err: unknown) => err);
    expect(error).toMatchObject({ retryable: false });
    expect((error as ProviderError).message).toMatch(/refused: it declares a DOCTYPE or entities/);
  });

  it('a batch above the body limit is split, each part under it, and lands whole', async () => {
    const big: AriBatch = {
      currency: 'EUR',
      rates: Array.from({ length: 30 }, (_, i) => ({
        roomId: `R${i}`,
        ratePlanId: i % 2 === 0 ? 'BAR' : 'NREF',
        from: '2026-08-01',
        to: '2026-08-05',
        rates: [
          { occupancy: 1, amountMinor: 8000 + i },
          { occupancy: 2, amountMinor: 9900 + i },
        ],
        minStayArrival: 1 + (i % 3),
        maxStay: i % 4 === 0 ? null : 10,
        closedToArrival: i % 5 === 0,
        closedToDeparture: i % 7 === 0,
        stopSell: i % 11 === 0,
      })),
      availability: Array.from({ length: 30 }, (_, i) => ({
        roomId: `R${i}`,
        from: '2026-08-01',
        to: '2026-08-05',
        availability: i,
      })),
    };
    const limit = 4_000;
    server.control.maxBodyBytes = limit;
    server.control.warnFor.push({
      root: 'OTA_HotelAvailNotifRQ',
      invTypeCode: 'R29',
      ratePlanCode: null,
      text: 'Closed room',
    });
    const outcome = await adapter({ maxBodyBytes: limit }).pushAri(big);
    expect(outcome.calls).toBeGreaterThan(4);
    expect(outcome.calls).toBe(server.received.length);
    expect(server.received.every((r) => r.status === 200 && r.bytes <= limit)).toBe(true);
    // Every rate part goes before the first availability part.
    const roots = server.received.map((r) => r.root);
    expect(roots.lastIndexOf('OTA_HotelRateAmountNotifRQ')).toBeLessThan(
      roots.indexOf('OTA_HotelAvailNotifRQ'),
    );
    // Each part keeps the whole batch's LocatorIDs: the warning finds its item.
    expect(outcome.warnings).toEqual([{ kind: 'availability', index: 29, message: 'Closed room' }]);
    const landed = stateOf({ ...big, availability: big.availability.slice(0, 29) });
    expect(server.state).toEqual(landed);
  });
});
