import { randomUUID } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { create } from 'xmlbuilder2';
import {
  type AdapterDescription,
  type AriBatch,
  type AvailabilityValue,
  type ChannelAdapter,
  type ItemWarning,
  type PushOutcome,
  ProviderError,
  type RateValue,
} from '../adapter';
import { answerError, call } from '../http';

/**
 * The OpenTravel Alliance adapter: rates and restrictions for systems that speak the industry
 * standard (OTA 2003/05 messages, as published in OpenTravel 2016B). Rates go in one
 * `OTA_HotelRateAmountNotifRQ`, restrictions and rooms left in one `OTA_HotelAvailNotifRQ`; each
 * is answered by a `…RS` holding `<Success/>` (with `<Warnings>` for what was refused while the
 * rest was taken) or `<Errors>` (nothing was taken). The standard has no listing of a hotel's
 * rooms and plans, no read-back and no bookings feed here: the mapping is typed in by hand.
 */

export const OTA_NAMESPACE = 'http://www.opentravel.org/OTA/2003/05';

/**
 * `Version` is the version of each message's schema in the publication followed (2016B): the
 * standard defines it so ("the version of the message"), a receiver may use it to pick a parser.
 */
const VERSIONS = {
  OTA_HotelRateAmountNotifRQ: '5.000',
  OTA_HotelAvailNotifRQ: '4.000',
  OTA_PingRQ: '3.000',
} as const;

/**
 * The standard sets no rate or size limit, so these are ours, chosen to be safe with the usual
 * channel systems: one call a second on average (each of rates and availability counts), and 5 MB
 * a body — about 15,000 rate messages, far more than a year of one property's changes, while
 * staying under the 10 MB many HTTP front ends refuse by default. A bigger push is split.
 */
const CALLS_PER_MINUTE = 60;
const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** What every message carries besides its content. */
export interface MessageContext {
  hotelCode: string;
  /** `POS/Source/RequestorID/@ID`: who sends, as the receiving system knows us. */
  requestorId: string;
  /** `RequestorID/@MessagePassword`. */
  password: string;
  /** Unique per message; the standard has the receiver echo it in its answer. */
  echoToken: string;
  /** `xs:dateTime` of when the message was made. */
  timeStamp: string;
}

// ---------------------------------------------------------------------------------------------
// Reading XML
// ---------------------------------------------------------------------------------------------

/** One element of a document read by `readXml`, its namespace resolved. */
export interface XmlElement {
  /** The local name (without a prefix). */
  name: string;
  /** The namespace URI in scope for it ('' when none). */
  namespace: string;
  /** Attributes by their name as written (namespace declarations included). */
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Its own text (CDATA included), untrimmed. */
  text: string;
}

/** A document refused before it was read: not XML, or one that declares a DOCTYPE or entities. */
export class XmlRefusedError extends Error {
  override readonly name = 'XmlRefusedError';
}

/**
 * A DOCTYPE is the door of every entity attack (billion laughs, external entities): no
 * OpenTravel message needs one, so a document that declares one is refused unread.
 */
const DECLARES_ENTITIES = /<!\s*(DOCTYPE|ENTITY)/i;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // With no DOCTYPE allowed, only the five predefined entities and character references remain.
  processEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/** A node of fast-xml-parser's ordered output: `{ tag: children, ':@': attributes }` or text. */
type OrderedNode = Record<string, unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The element of an ordered node, with namespaces resolved from the declarations in scope. */
function elementOf(node: OrderedNode, scope: ReadonlyMap<string, string>): XmlElement | null {
  const tag = Object.keys(node).find((key) => key !== ':@' && !key.startsWith('#'));
  if (tag === undefined) return null;
  const rawAttrs = isRecord(node[':@']) ? node[':@'] : {};
  const attrs: Record<string, string> = {};
  for (const [key, value] of Object.entries(rawAttrs)) attrs[key] = String(value);
  const inner = new Map(scope);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === 'xmlns') inner.set('', value);
    else if (key.startsWith('xmlns:')) inner.set(key.slice(6), value);
  }
  const colon = tag.indexOf(':');
  const prefix = colon === -1 ? '' : tag.slice(0, colon);
  const children: XmlElement[] = [];
  let text = '';
  const content = node[tag];
  for (const child of Array.isArray(content) ? content : []) {
    if (!isRecord(child)) continue;
    if ('#text' in child) text += String(child['#text']);
    const element = elementOf(child, inner);
    if (element) children.push(element);
  }
  return {
    name: colon === -1 ? tag : tag.slice(colon + 1),
    namespace: inner.get(prefix) ?? '',
    attrs,
    children,
    text,
  };
}

/**
 * The root element of a document. Refuses (`XmlRefusedError`) a DOCTYPE or entity declaration
 * and anything not well-formed, before reading it.
 */
export function readXml(xml: string): XmlElement {
  if (DECLARES_ENTITIES.test(xml)) {
    throw new XmlRefusedError('it declares a DOCTYPE or entities, which are refused');
  }
  const verdict = XMLValidator.validate(xml);
  if (verdict !== true) throw new XmlRefusedError(`it is not well-formed XML (${verdict.err.msg})`);
  const nodes: unknown = parser.parse(xml);
  for (const node of Array.isArray(nodes) ? nodes : []) {
    const element = isRecord(node) ? elementOf(node, new Map()) : null;
    if (element) return element;
  }
  throw new XmlRefusedError('it has no root element');
}

/** The children of `element` named `name`. */
export const childrenNamed = (element: XmlElement, name: string): XmlElement[] =>
  element.children.filter((child) => child.name === name);

// ---------------------------------------------------------------------------------------------
// Writing messages
// ---------------------------------------------------------------------------------------------

type Builder = ReturnType<typeof create>;

/** A minor-unit amount as the decimal the standard's `Money` type takes: 12345 → "123.45". */
export function decimalOf(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The root of a request with the standard's payload attributes, and the POS that authenticates
 * it. `RequestorID/@Type` is required by the schema: 10 (Hotel) in the Unique ID Type code list,
 * since Tarifa sends on the hotel's behalf.
 */
function request(root: keyof typeof VERSIONS, ctx: MessageContext, extra = {}): Builder {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const element = doc.ele(OTA_NAMESPACE, root, {
    EchoToken: ctx.echoToken,
    TimeStamp: ctx.timeStamp,
    Version: VERSIONS[root],
    ...extra,
  });
  element
    .ele('POS')
    .ele('Source')
    .ele('RequestorID', { Type: '10', ID: ctx.requestorId, MessagePassword: ctx.password });
  return element;
}

/**
 * Where a status applies. The standard does not say what a range without day-of-week flags
 * means, so all seven are sent: every night of the range, `End` included.
 */
function applicationControl(parent: Builder, from: string, to: string, codes: object): void {
  parent.ele('StatusApplicationControl', {
    Start: from,
    End: to,
    ...codes,
    Mon: 'true',
    Tue: 'true',
    Weds: 'true',
    Thur: 'true',
    Fri: 'true',
    Sat: 'true',
    Sun: 'true',
  });
}

/** An item of a batch with its index there (what a warning maps back to). */
interface Numbered<T> {
  index: number;
  value: T;
}

type AvailUnit =
  | ({ kind: 'rate' } & Numbered<RateValue>)
  | ({ kind: 'availability' } & Numbered<AvailabilityValue>);

/** The restriction messages sent for each rate value (LOS and Master, Arrival, Departure). */
const MESSAGES_PER_RATE = 3;

/**
 * `LocatorID`s: the standard gives every RateAmountMessage and AvailStatusMessage one (a
 * positive integer) and a receiver's `Warning/@RecordID` names the record it refused, so each
 * message is numbered from its item's place in the whole batch — unique within a message, and
 * the same whichever part of a split batch carries it. Rates: `index + 1`. Availability message:
 * rate value `i` is 3i+1 (lengths of stay and Master), 3i+2 (Arrival), 3i+3 (Departure);
 * availability `j` follows all of them, at 3R+j+1 for R rate values.
 */
function itemOfLocator(
  kind: 'rates' | 'availability',
  locator: number,
  rateCount: number,
): Pick<ItemWarning, 'kind' | 'index'> | null {
  if (!Number.isInteger(locator) || locator < 1) return null;
  if (kind === 'rates') return { kind: 'rate', index: locator - 1 };
  if (locator <= MESSAGES_PER_RATE * rateCount) {
    return { kind: 'rate', index: Math.floor((locator - 1) / MESSAGES_PER_RATE) };
  }
  return { kind: 'availability', index: locator - MESSAGES_PER_RATE * rateCount - 1 };
}

/**
 * The rate message of some rate values: one RateAmountMessage each, its prices per number of
 * adults (AgeQualifyingCode 10) after tax. `NotifType="Overlay"` is the standard's full
 * replacement of the amounts of the products named, which is what an absolute value is: guest
 * counts not listed stop being sold at an old price.
 */
function rateMessage(items: Numbered<RateValue>[], currency: string, ctx: MessageContext): string {
  const root = request('OTA_HotelRateAmountNotifRQ', ctx, { NotifType: 'Overlay' });
  if (items.length > 0) {
    const messages = root.ele('RateAmountMessages', { HotelCode: ctx.hotelCode });
    for (const { index, value } of items) {
      const message = messages.ele('RateAmountMessage', { LocatorID: String(index + 1) });
      applicationControl(message, value.from, value.to, {
        InvTypeCode: value.roomId,
        RatePlanCode: value.ratePlanId,
      });
      const amounts = message.ele('Rates').ele('Rate').ele('BaseByGuestAmts');
      for (const rate of value.rates) {
        amounts.ele('BaseByGuestAmt', {
          AmountAfterTax: decimalOf(rate.amountMinor),
          CurrencyCode: currency,
          NumberOfGuests: String(rate.occupancy),
          AgeQualifyingCode: '10',
        });
      }
    }
  }
  return root.end();
}

const openOrClose = (closed: boolean) => (closed ? 'Close' : 'Open');

/**
 * The restriction messages of one rate value. The schema allows one RestrictionStatus per
 * AvailStatusMessage, so Master (stop sell), Arrival and Departure go in three. Minimum stay is
 * arrival-based (SetMinLOS; a minimum under one night is one night); no maximum is sent as
 * RemoveMaxLOS, so an earlier maximum does not stay.
 */
function restrictionMessages(parent: Builder, { index, value }: Numbered<RateValue>): void {
  const codes = { InvTypeCode: value.roomId, RatePlanCode: value.ratePlanId };
  const first = MESSAGES_PER_RATE * index + 1;
  const stay = parent.ele('AvailStatusMessage', { LocatorID: String(first) });
  applicationControl(stay, value.from, value.to, codes);
  const lengths = stay.ele('LengthsOfStay');
  lengths.ele('LengthOfStay', {
    MinMaxMessageType: 'SetMinLOS',
    Time: String(Math.max(1, value.minStayArrival)),
    TimeUnit: 'Day',
  });
  lengths.ele(
    'LengthOfStay',
    value.maxStay === null
      ? { MinMaxMessageType: 'RemoveMaxLOS' }
      : { MinMaxMessageType: 'SetMaxLOS', Time: String(value.maxStay), TimeUnit: 'Day' },
  );
  stay.ele('RestrictionStatus', { Restriction: 'Master', Status: openOrClose(value.stopSell) });
  const statuses = [
    ['Arrival', value.closedToArrival],
    ['Departure', value.closedToDeparture],
  ] as const;
  statuses.forEach(([restriction, closed], offset) => {
    const message = parent.ele('AvailStatusMessage', { LocatorID: String(first + offset + 1) });
    applicationControl(message, value.from, value.to, codes);
    message.ele('RestrictionStatus', { Restriction: restriction, Status: openOrClose(closed) });
  });
}

/** The availability message of some units (restrictions of rate values, rooms left). */
function availMessage(units: AvailUnit[], rateCount: number, ctx: MessageContext): string {
  const root = request('OTA_HotelAvailNotifRQ', ctx);
  if (units.length > 0) {
    const messages = root.ele('AvailStatusMessages', { HotelCode: ctx.hotelCode });
    for (const unit of units) {
      if (unit.kind === 'rate') {
        restrictionMessages(messages, unit);
        continue;
      }
      const locator = MESSAGES_PER_RATE * rateCount + unit.index + 1;
      const message = messages.ele('AvailStatusMessage', {
        BookingLimit: String(Math.max(0, unit.value.availability)),
        BookingLimitMessageType: 'SetLimit',
        LocatorID: String(locator),
      });
      applicationControl(message, unit.value.from, unit.value.to, {
        InvTypeCode: unit.value.roomId,
      });
    }
  }
  return root.end();
}

const numbered = <T>(values: T[]): Numbered<T>[] =>
  values.map((value, index) => ({ index, value }));

const availUnits = (batch: AriBatch): AvailUnit[] => [
  ...batch.rates.map((value, index) => ({ kind: 'rate' as const, index, value })),
  ...batch.availability.map((value, index) => ({ kind: 'availability' as const, index, value })),
];

/** The batch's rates as one `OTA_HotelRateAmountNotifRQ` (no RateAmountMessages when none). */
export function rateAmountNotif(batch: AriBatch, ctx: MessageContext): string {
  return rateMessage(numbered(batch.rates), batch.currency, ctx);
}

/**
 * The batch's restrictions (per rate value) and rooms left (per availability value, a
 * BookingLimit for the room type, with no rate plan) as one `OTA_HotelAvailNotifRQ`.
 */
export function availNotif(batch: AriBatch, ctx: MessageContext): string {
  return availMessage(availUnits(batch), batch.rates.length, ctx);
}

/** The standard's connectivity test: the receiver echoes `EchoData` (the schema has no POS). */
function pingMessage(echo: string, ctx: MessageContext): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  doc
    .ele(OTA_NAMESPACE, 'OTA_PingRQ', {
      EchoToken: ctx.echoToken,
      TimeStamp: ctx.timeStamp,
      Version: VERSIONS.OTA_PingRQ,
    })
    .ele('EchoData')
    .txt(echo);
  return doc.end();
}

// ---------------------------------------------------------------------------------------------
// Reading answers
// ---------------------------------------------------------------------------------------------

/** An `<Error>` or `<Warning>`: `type` is the standard's Error Warning Type code (4 = auth). */
export interface ResponseIssue {
  type: string | null;
  code: string | null;
  text: string;
}

export interface NotifResponse {
  /** The root element's local name (`OTA_HotelRateAmountNotifRS`…). */
  root: string;
  echoToken: string | null;
  success: boolean;
  warnings: (ResponseIssue & { recordId: string | null })[];
  errors: ResponseIssue[];
  /** `OTA_PingRS` only. */
  echoData: string | null;
}

/** An issue's words: `ShortText`, else the element's text, else its code. */
function issueOf(element: XmlElement): ResponseIssue {
  const type = element.attrs.Type ?? null;
  const code = element.attrs.Code ?? null;
  const text =
    element.attrs.ShortText?.trim() ||
    element.text.replace(/\s+/g, ' ').trim() ||
    `code ${code ?? 'unknown'}`;
  return { type, code, text };
}

/**
 * An OpenTravel answer (any `…RS`): success, warnings with the record they name, errors. Throws a
 * non-retryable `ProviderError` for a document that is refused (DOCTYPE, entities, not XML) or
 * that is not an OpenTravel answer.
 */
export function parseNotifResponse(xml: string): NotifResponse {
  let root: XmlElement;
  try {
    root = readXml(xml);
  } catch (err) {
    if (!(err instanceof XmlRefusedError)) throw err;
    throw new ProviderError(`the answer was refused: ${err.message}`, null, false);
  }
  if (root.namespace !== OTA_NAMESPACE || !root.name.endsWith('RS')) {
    throw new ProviderError(`the answer is not an OpenTravel response (${root.name})`, null, false);
  }
  const within = (list: string, item: string) =>
    childrenNamed(root, list).flatMap((element) => childrenNamed(element, item));
  const echo = childrenNamed(root, 'EchoData')[0];
  return {
    root: root.name,
    echoToken: root.attrs.EchoToken ?? null,
    success: childrenNamed(root, 'Success').length > 0,
    warnings: within('Warnings', 'Warning').map((element) => ({
      ...issueOf(element),
      recordId: element.attrs.RecordID ?? null,
    })),
    errors: within('Errors', 'Error').map(issueOf),
    echoData: echo ? echo.text : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The adapter
// ---------------------------------------------------------------------------------------------

export interface OpenTravelOptions {
  endpoint: string;
  hotelCode: string;
  requestorId: string;
  password: string;
  /** Loopback and private addresses allowed (tests, on-premises systems). */
  allowPrivate: boolean;
  timeoutMs?: number;
  now?: () => Date;
  /** The largest body sent (default 5 MB): a partner's smaller limit, or a test's. */
  maxBodyBytes?: number;
}

/** A message of a split batch, with the items it carries. */
interface Part<T> {
  items: T[];
  body: string;
}

/**
 * `items` as few messages as fit under `maxBytes`: the whole, else halves, recursively (a message
 * grows with its items; halving keeps each part's LocatorIDs those of the whole batch).
 */
function parts<T>(items: T[], build: (items: T[]) => string, maxBytes: number): Part<T>[] {
  if (items.length === 0) return [];
  const body = build(items);
  if (Buffer.byteLength(body) <= maxBytes) return [{ items, body }];
  if (items.length === 1) {
    throw new ProviderError(
      `one item alone is larger than the ${maxBytes}-byte limit`,
      null,
      false,
    );
  }
  const half = Math.ceil(items.length / 2);
  return [
    ...parts(items.slice(0, half), build, maxBytes),
    ...parts(items.slice(half), build, maxBytes),
  ];
}

/** A words list of issues for an error message. */
const listOf = (issues: ResponseIssue[]) =>
  issues.map((issue) => (issue.code ? `${issue.text} (${issue.code})` : issue.text)).join('; ');

/**
 * Error Warning Types 4 (Authentication), 5 (Authentication timeout) and 6 (Authorization): the
 * credentials, or what they may touch.
 */
const CREDENTIAL_TYPES = new Set(['4', '5', '6']);

/**
 * The OpenTravel adapter. `pushAri` posts the rate message, then the availability message (each
 * split when over the body limit); an HTTP failure is `answerError`'s, an `<Errors>` answer a
 * non-retryable error with the receiver's words, and each `<Warning>` naming a record an
 * `ItemWarning` for its batch item (a warning naming none is the first item's of its message,
 * marked so: a warning is shown, never dropped). The password appears in no error.
 */
export function opentravelAdapter(options: OpenTravelOptions): ChannelAdapter {
  const now = options.now ?? (() => new Date());
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const context = (): MessageContext => ({
    hotelCode: options.hotelCode,
    requestorId: options.requestorId,
    password: options.password,
    echoToken: randomUUID(),
    timeStamp: now().toISOString(),
  });

  /** The password (as written and as XML-escaped) out of a text. */
  const secrets = [options.password, escapeXml(options.password)].filter((s) => s.length > 0);
  const redact = (text: string) => secrets.reduce((out, s) => out.split(s).join('***'), text);
  const redacted = (err: ProviderError) =>
    new ProviderError(redact(err.message), err.status, err.retryable, err.retryAfterMs);

  /** Posts one message and answers its parsed response when it succeeded. */
  async function post(body: string, what: string, expectedRoot: string): Promise<NotifResponse> {
    const answer = await call(options.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', accept: 'application/xml' },
      body,
      allowPrivate: options.allowPrivate,
      timeoutMs: options.timeoutMs,
    }).catch((err: unknown) => {
      throw err instanceof ProviderError ? redacted(err) : err;
    });
    if (answer.status < 200 || answer.status >= 300) throw redacted(answerError(answer, what));
    let response: NotifResponse;
    try {
      response = parseNotifResponse(answer.text);
    } catch (err) {
      throw err instanceof ProviderError
        ? redacted(new ProviderError(`${what}: ${err.message}`, answer.status, false))
        : err;
    }
    if (response.errors.length > 0) {
      const refused = response.errors.some((e) => CREDENTIAL_TYPES.has(e.type ?? ''));
      const words = refused ? 'the credentials were refused' : 'refused';
      // Said as the HTTP status a REST provider would answer, so callers tell them apart alike:
      // an authentication error (type 4) as 401, an authorization one (6: not this hotel) as 404.
      const status = response.errors.some((e) => e.type === '4')
        ? 401
        : response.errors.some((e) => e.type === '6')
          ? 404
          : answer.status;
      throw redacted(
        new ProviderError(`${what}: ${words}: ${listOf(response.errors)}`, status, false),
      );
    }
    if (response.root !== expectedRoot) {
      throw new ProviderError(`${what}: answered ${response.root}`, answer.status, false);
    }
    if (!response.success) {
      throw new ProviderError(`${what}: the answer holds neither Success nor Errors`, null, false);
    }
    return response;
  }

  /** The item warnings of one part's response. */
  function warningsOf(
    response: NotifResponse,
    kind: 'rates' | 'availability',
    carried: Pick<ItemWarning, 'kind' | 'index'>[],
    rateCount: number,
  ): ItemWarning[] {
    const isCarried = (item: Pick<ItemWarning, 'kind' | 'index'>) =>
      carried.some((c) => c.kind === item.kind && c.index === item.index);
    const seen = new Set<string>();
    const out: ItemWarning[] = [];
    for (const warning of response.warnings) {
      const named = itemOfLocator(kind, Number(warning.recordId ?? NaN), rateCount);
      const item = named && isCarried(named) ? named : carried[0];
      if (!item) continue;
      const message = redact(
        named && isCarried(named) ? warning.text : `the message as a whole: ${warning.text}`,
      );
      const key = `${item.kind} ${item.index} ${message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ kind: item.kind, index: item.index, message });
    }
    return out;
  }

  return {
    describe(): AdapterDescription {
      return {
        provider: 'opentravel',
        listsRemote: false,
        readsBack: false,
        sendsBookings: false,
        limits: { callsPerMinute: CALLS_PER_MINUTE, maxBodyBytes },
      };
    },

    /**
     * Connectivity with the standard's ping (the answer must echo what was sent), then the
     * credentials with an `OTA_HotelAvailNotifRQ` that holds no AvailStatusMessages — valid by
     * the schema, and changing nothing. No standard message names a hotel without changing it, so
     * the hotel code is first checked by the first push.
     */
    async test(): Promise<void> {
      const echo = `Tarifa connection test ${randomUUID()}`;
      const ping = await post(pingMessage(echo, context()), 'the OpenTravel ping', 'OTA_PingRS');
      if (ping.echoData?.trim() !== echo) {
        throw new ProviderError(
          'the OpenTravel ping: the answer did not echo the data',
          null,
          false,
        );
      }
      const check = availMessage([], 0, context());
      await post(check, 'the OpenTravel credential check', 'OTA_HotelAvailNotifRS');
    },

    async pushAri(batch: AriBatch): Promise<PushOutcome> {
      const outcome: PushOutcome = { warnings: [], tasks: [], calls: 0, bytes: 0 };
      const rateCount = batch.rates.length;
      const rateParts = parts(
        numbered(batch.rates),
        (items) => rateMessage(items, batch.currency, context()),
        maxBodyBytes,
      );
      const availParts = parts(
        availUnits(batch),
        (units) => availMessage(units, rateCount, context()),
        maxBodyBytes,
      );
      const messages = [
        ...rateParts.map((part) => ({
          body: part.body,
          kind: 'rates' as const,
          carried: part.items.map(({ index }) => ({ kind: 'rate' as const, index })),
        })),
        ...availParts.map((part) => ({
          body: part.body,
          kind: 'availability' as const,
          carried: part.items.map(({ kind, index }) => ({ kind, index })),
        })),
      ];
      for (const message of messages) {
        const what =
          message.kind === 'rates'
            ? 'the OpenTravel rate message'
            : 'the OpenTravel availability message';
        const expected =
          message.kind === 'rates' ? 'OTA_HotelRateAmountNotifRS' : 'OTA_HotelAvailNotifRS';
        outcome.calls += 1;
        outcome.bytes += Buffer.byteLength(message.body);
        const response = await post(message.body, what, expected);
        outcome.warnings.push(...warningsOf(response, message.kind, message.carried, rateCount));
      }
      return outcome;
    },
  };
}

/** Text as it stands in an XML attribute, for finding an echoed secret. */
function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
