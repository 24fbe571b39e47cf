/**
 * The Channex adapter: Channex's API v1 (docs.channex.io, "API Reference", "Room Types Collection",
 * "Rate Plans Collection", "Availability and Rates", "Bookings Collection", "API Rate Limits"),
 * behind the provider-neutral `ChannelAdapter`.
 *
 * The base URL is Channex's host — `https://app.channex.io` in production,
 * `https://staging.channex.io` for the sandbox — and every path sits below `/api/v1`. Each call
 * carries the API key in the `user-api-key` header; the key never appears in an error.
 */
import {
  ProviderError,
  type AdapterDescription,
  type AriBatch,
  type AriSnapshot,
  type AvailabilityValue,
  type BookingRevision,
  type BookingsPage,
  type ChannelAdapter,
  type ItemWarning,
  type OccupancyRate,
  type PushOutcome,
  type RateValue,
  type RemoteRatePlan,
  type RemoteRoom,
} from '../adapter';
import { answerError, call, type CallAnswer } from '../http';

/** "10 Restrictions & Price Requests per minute per property" and as many of availability. */
const CALLS_PER_MINUTE = 10;
/**
 * "We can handle up to 10mb per json call": read as 10 000 000 bytes, the smaller of the two
 * readings of "10mb", so that a body that fits here fits there.
 */
const MAX_BODY_BYTES = 10_000_000;
/** The largest page the list endpoints give ("Max `limit` value is 100"). */
const PAGE_LIMIT = 100;
/** A guard against a list that never ends (a server that ignores the page asked for). */
const MAX_PAGES = 1000;
/**
 * How long to wait after a 429 that names no time: the rate-limit page's advice is to "pause
 * updates for the property for 1 minute" (its answer is not documented to carry `Retry-After`).
 */
const RATE_LIMIT_PAUSE_MS = 60_000;
/** The restrictions read back: the ones `RateValue` holds. */
const READ_RESTRICTIONS = [
  'rate',
  'min_stay_arrival',
  'max_stay',
  'closed_to_arrival',
  'closed_to_departure',
  'stop_sell',
];

export interface ChannexOptions {
  /** Channex's host (`https://app.channex.io`); `/api/v1` is added unless already there. */
  baseUrl: string;
  apiKey: string;
  /** The Channex property this connection speaks for. */
  propertyId: string;
  allowPrivate: boolean;
  timeoutMs?: number;
}

type Json = Record<string, unknown>;

const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asJson = (value: unknown): Json => (isJson(value) ? value : {});
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asString = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const asNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
/** Channex's booleans, which its API also writes as 0 and 1. */
const asBoolean = (value: unknown): boolean => value === true || value === 1;

/** The digits after the decimal point of a currency's minor unit (2 when Intl does not know it). */
function fractionDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits as number;
  } catch {
    return 2;
  }
}

/**
 * A Channex amount — a decimal string in major units ("200.00"), as its answers write money — in
 * minor units, without floating point; null when it is not a number.
 */
function minorUnits(amount: unknown, currency: string): number | null {
  const text = typeof amount === 'number' ? String(amount) : asString(amount);
  const match = text === null ? null : /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const digits = fractionDigits(currency);
  const fraction = (match[3] ?? '').padEnd(digits + 1, '0');
  const rounded = Number(fraction[digits]) >= 5 ? 1 : 0;
  const minor =
    Number(match[2]) * 10 ** digits + Number(fraction.slice(0, digits) || '0') + rounded;
  return match[1] ? -minor : minor;
}

/** `https://app.channex.io` → `https://app.channex.io/api/v1`. */
function apiRoot(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return trimmed.endsWith('/api/v1') ? trimmed : `${trimmed}/api/v1`;
}

/** The error with the API key blanked out of its words (an answer may quote a request). */
function scrubbed(error: ProviderError, apiKey: string): ProviderError {
  if (!apiKey || !error.message.includes(apiKey)) return error;
  const message = error.message.split(apiKey).join('[API key]');
  return new ProviderError(message, error.status, error.retryable, error.retryAfterMs);
}

/** A failed answer as a `ProviderError`; a 429 without `Retry-After` waits the advised minute. */
function failure(answer: CallAnswer, what: string): ProviderError {
  const error = answerError(answer, what);
  if (error.status !== 429 || error.retryAfterMs !== null) return error;
  return new ProviderError(error.message, 429, true, RATE_LIMIT_PAUSE_MS);
}

const succeeded = (answer: CallAnswer) => answer.status >= 200 && answer.status < 300;

/** The JSON of a successful answer. A garbled one is taken as passing (a proxy's page). */
function bodyOf(answer: CallAnswer, what: string): Json {
  try {
    return asJson(JSON.parse(answer.text));
  } catch {
    throw new ProviderError(`${what}: the answer is not JSON`, answer.status, true);
  }
}

type Query = Record<string, string | number>;

/** The HTTP side: one call with the key, answers as they come, errors without the key. */
function channexClient(options: ChannexOptions) {
  const root = apiRoot(options.baseUrl);

  async function send(
    method: 'GET' | 'POST',
    path: string,
    query: Query = {},
    body?: string,
  ): Promise<CallAnswer> {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString();
    try {
      return await call(`${root}${path}${search ? `?${search}` : ''}`, {
        method,
        headers: {
          'user-api-key': options.apiKey,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body }),
        allowPrivate: options.allowPrivate,
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      });
    } catch (error) {
      throw error instanceof ProviderError ? scrubbed(error, options.apiKey) : error;
    }
  }

  /** A call that must succeed: its JSON, or the `ProviderError` of its failure. */
  async function expect(
    what: string,
    method: 'GET' | 'POST',
    path: string,
    query: Query = {},
    body?: string,
  ): Promise<Json> {
    const answer = await send(method, path, query, body);
    if (!succeeded(answer)) throw scrubbed(failure(answer, what), options.apiKey);
    return bodyOf(answer, what);
  }

  return { send, expect };
}

type Client = ReturnType<typeof channexClient>;

/** One resource of a list answer (`{ type, id, attributes, relationships }`). */
interface Resource {
  id: string;
  attributes: Json;
  relationships: Json;
}

function resourceOf(value: unknown): Resource | null {
  const item = asJson(value);
  const attributes = asJson(item.attributes);
  const id = asString(item.id) ?? asString(attributes.id);
  return id === null ? null : { id, attributes, relationships: asJson(item.relationships) };
}

/**
 * Every page of a list (`pagination[page]`, `pagination[limit]`; `meta.total` counts them all).
 * The page size answered (`meta.limit`) is trusted over the one asked for.
 */
async function everyPage(client: Client, what: string, path: string, query: Query) {
  const all: Resource[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await client.expect(what, 'GET', path, {
      ...query,
      'pagination[page]': page,
      'pagination[limit]': PAGE_LIMIT,
    });
    const data = asArray(answer.data);
    all.push(...data.map(resourceOf).filter((item): item is Resource => item !== null));
    const meta = asJson(answer.meta);
    const total = asNumber(meta.total);
    const limit = asNumber(meta.limit) ?? PAGE_LIMIT;
    const done = total === null ? data.length < limit : all.length >= total;
    if (data.length === 0 || done) return all;
  }
  throw new ProviderError(`${what}: more than ${MAX_PAGES} pages`, null, false);
}

/** A rate plan with what the read-back needs beyond `RemoteRatePlan`. */
interface ChannexPlan extends RemoteRatePlan {
  currency: string | null;
  /** The occupancy a single `rate` stands for (its primary option). */
  primaryOccupancy: number | null;
}

function planOf(resource: Resource): ChannexPlan {
  const { attributes, relationships } = resource;
  const options = asArray(attributes.options).map(asJson);
  const occupancies = [
    ...new Set(options.map((o) => asNumber(o.occupancy)).filter((n) => n !== null)),
  ].sort((a, b) => a - b);
  const primary = options.find((o) => o.is_primary === true);
  const roomId =
    asString(asJson(asJson(relationships.room_type).data).id) ?? asString(attributes.room_type_id);
  return {
    id: resource.id,
    name: asString(attributes.title) ?? '',
    code: null,
    roomId,
    sellMode: attributes.sell_mode === 'per_person' ? 'per_person' : 'per_room',
    occupancies,
    currency: asString(attributes.currency),
    primaryOccupancy: asNumber(primary?.occupancy) ?? occupancies.at(-1) ?? null,
  };
}

function roomOf(resource: Resource): RemoteRoom {
  return {
    id: resource.id,
    name: asString(resource.attributes.title) ?? '',
    code: null,
    // Adult bed spaces: children may sleep in them too, so this is the room's guests.
    occupancy: asNumber(resource.attributes.occ_adults),
  };
}

const listRooms = async (client: Client, propertyId: string) =>
  (
    await everyPage(client, 'Channex: reading the room types', '/room_types', {
      'filter[property_id]': propertyId,
    })
  ).map(roomOf);

const listPlans = async (client: Client, propertyId: string) =>
  (
    await everyPage(client, 'Channex: reading the rate plans', '/rate_plans', {
      'filter[property_id]': propertyId,
    })
  ).map(planOf);

/** `RemoteRatePlan` alone (the adapter's answer carries nothing of Channex's own). */
const remotePlan = ({ currency: _c, primaryOccupancy: _p, ...plan }: ChannexPlan) => plan;

/** The dates of a change object: a night alone as `date`, a range as `date_from`/`date_to`. */
const datesOf = (from: string, to: string) =>
  from === to ? { date: from } : { date_from: from, date_to: to };

/**
 * A rate value as a Channex change object. Rates are written as integers in the currency's
 * minor unit, one of the two ways the docs allow ("20000 for 200.00 USD"): exact, and what
 * Tarifa holds. One price is `rate`; several (a per-person plan) are `rates` by occupancy, as in
 * the docs' "Multi Occupancy Rate Plan update". No maximum stay is `max_stay: 0` (the docs say
 * only "non-negative integer"; 0 is the value a rate plan is created with).
 */
function restrictionItem(propertyId: string, value: RateValue): Json {
  const [single] = value.rates;
  const price =
    value.rates.length === 1 && single
      ? { rate: single.amountMinor }
      : { rates: value.rates.map((r) => ({ occupancy: r.occupancy, rate: r.amountMinor })) };
  return {
    property_id: propertyId,
    rate_plan_id: value.ratePlanId,
    ...datesOf(value.from, value.to),
    ...price,
    min_stay_arrival: value.minStayArrival,
    max_stay: value.maxStay ?? 0,
    closed_to_arrival: value.closedToArrival,
    closed_to_departure: value.closedToDeparture,
    stop_sell: value.stopSell,
  };
}

const availabilityItem = (propertyId: string, value: AvailabilityValue): Json => ({
  property_id: propertyId,
  room_type_id: value.roomId,
  ...datesOf(value.from, value.to),
  availability: value.availability,
});

/** A change object ready to send, and where it came from in the batch. */
interface Encoded {
  kind: ItemWarning['kind'];
  index: number;
  item: Json;
  text: string;
  bytes: number;
}

function encode(kind: ItemWarning['kind'], index: number, item: Json): Encoded {
  const text = JSON.stringify(item);
  return { kind, index, item, text, bytes: Buffer.byteLength(text) };
}

const bodyOfValues = (items: Encoded[]) => `{"values":[${items.map((i) => i.text).join(',')}]}`;
const EMPTY_BODY_BYTES = Buffer.byteLength(bodyOfValues([]));

/**
 * The items in as few bodies as the size limit allows, in order (filling each body before the
 * next keeps the batch's order, so a later item still wins over an earlier one).
 */
function chunks(items: Encoded[], maxBytes: number): Encoded[][] {
  const all: Encoded[][] = [];
  let current: Encoded[] = [];
  let size = EMPTY_BODY_BYTES;
  for (const item of items) {
    if (EMPTY_BODY_BYTES + item.bytes > maxBytes) {
      throw new ProviderError(
        `Channex: one ${item.kind} value (#${item.index}) is larger than a request may be`,
        null,
        false,
      );
    }
    const added = item.bytes + (current.length > 0 ? 1 : 0);
    if (size + added > maxBytes) {
      all.push(current);
      current = [];
      size = EMPTY_BODY_BYTES;
    }
    size += item.bytes + (current.length > 0 ? 1 : 0);
    current.push(item);
  }
  if (current.length > 0) all.push(current);
  return all;
}

/** What identifies a change object in a warning, which echoes the object without its index. */
const identity = (item: Json) =>
  JSON.stringify(
    ['rate_plan_id', 'room_type_id', 'date', 'date_from', 'date_to'].map((k) => item[k] ?? null),
  );
/** The warning echoes every field of this item as it was sent. */
const echoes = (warning: Json, item: Json) =>
  Object.entries(item).every(
    ([key, value]) => JSON.stringify(warning[key]) === JSON.stringify(value),
  );

/** `{ rate: ["must be greater than 0"] }` → "rate must be greater than 0". */
function warningWords(warning: unknown): string {
  if (!isJson(warning)) return typeof warning === 'string' ? warning : 'refused';
  const parts = Object.entries(warning).map(([field, messages]) => {
    const words = Array.isArray(messages) ? messages.map(String).join(', ') : String(messages);
    return `${field} ${words}`;
  });
  return parts.join('; ') || 'refused';
}

/**
 * The refused items of one call (`meta.warnings`: each the change object as sent, with a
 * `warning` of its fields' errors), matched back to their batch index by what they echo.
 * One that matches nothing sent is still reported, with index -1.
 */
function warningsOf(answer: Json, sent: Encoded[]): ItemWarning[] {
  const unmatched = [...sent];
  return asArray(asJson(answer.meta).warnings).map((raw) => {
    const warning = asJson(raw);
    // The item it echoes whole; else the first with its plan or room and dates.
    const whole = unmatched.findIndex((item) => echoes(warning, item.item));
    const at =
      whole >= 0 ? whole : unmatched.findIndex((i) => identity(i.item) === identity(warning));
    const match = at >= 0 ? unmatched.splice(at, 1)[0] : undefined;
    return {
      kind: match?.kind ?? (warning.room_type_id ? 'availability' : 'rate'),
      index: match?.index ?? -1,
      message: warningWords(warning.warning),
    };
  });
}

const taskIds = (answer: Json) =>
  asArray(answer.data)
    .map((task) => asString(asJson(task).id))
    .filter((id): id is string => id !== null);

async function pushAri(client: Client, propertyId: string, batch: AriBatch): Promise<PushOutcome> {
  const sends: [string, string, Encoded[]][] = [
    [
      '/restrictions',
      'Channex: sending rates and restrictions',
      batch.rates.map((v, i) => encode('rate', i, restrictionItem(propertyId, v))),
    ],
    [
      '/availability',
      'Channex: sending availability',
      batch.availability.map((v, i) => encode('availability', i, availabilityItem(propertyId, v))),
    ],
  ];
  const outcome: PushOutcome = { warnings: [], tasks: [], calls: 0, bytes: 0 };
  for (const [path, what, items] of sends) {
    for (const chunk of chunks(items, MAX_BODY_BYTES)) {
      const body = bodyOfValues(chunk);
      outcome.calls += 1;
      outcome.bytes += Buffer.byteLength(body);
      const answer = await client.expect(what, 'POST', path, {}, body);
      outcome.tasks.push(...taskIds(answer));
      outcome.warnings.push(...warningsOf(answer, chunk));
    }
  }
  return outcome;
}

/** A night's prices: `rates` by occupancy where answered, else `rate` for the primary one. */
function ratesOf(night: Json, plan: ChannexPlan): OccupancyRate[] {
  const currency = plan.currency ?? '';
  const byOccupancy = asArray(night.rates).map(asJson);
  const listed =
    byOccupancy.length > 0
      ? byOccupancy.map((r) => [asNumber(r.occupancy), minorUnits(r.rate, currency)] as const)
      : [[plan.primaryOccupancy, minorUnits(night.rate, currency)] as const];
  return listed
    .filter((pair): pair is readonly [number, number] => pair[0] !== null && pair[1] !== null)
    .map(([occupancy, amountMinor]) => ({ occupancy, amountMinor }))
    .sort((a, b) => a.occupancy - b.occupancy);
}

function rateNight(plan: ChannexPlan, date: string, value: unknown): RateValue {
  const night = asJson(value);
  const maxStay = asNumber(night.max_stay);
  return {
    roomId: plan.roomId ?? '',
    ratePlanId: plan.id,
    from: date,
    to: date,
    rates: ratesOf(night, plan),
    minStayArrival: asNumber(night.min_stay_arrival) ?? 1,
    maxStay: maxStay ? maxStay : null,
    closedToArrival: asBoolean(night.closed_to_arrival),
    closedToDeparture: asBoolean(night.closed_to_departure),
    stopSell: asBoolean(night.stop_sell),
  };
}

/** The dates of one id's entry of a read answer (`{ [id]: { [date]: … } }`) within the range. */
const nightsIn = (byDate: unknown, from: string, to: string) =>
  Object.entries(asJson(byDate))
    .filter(([date]) => date >= from && date <= to)
    .sort(([a], [b]) => (a < b ? -1 : 1));

async function readBack(
  client: Client,
  propertyId: string,
  range: { from: string; to: string; roomIds: string[]; ratePlanIds: string[] },
): Promise<AriSnapshot> {
  const dates = { 'filter[date][gte]': range.from, 'filter[date][lte]': range.to };
  // The plans asked for, in the order asked (a plan Channex does not have reads back nothing).
  const known = range.ratePlanIds.length ? await listPlans(client, propertyId) : [];
  const plans = range.ratePlanIds.flatMap((id) => known.filter((plan) => plan.id === id));
  const nothing: Json = {};
  const [restrictions, availability] = await Promise.all([
    plans.length
      ? client.expect('Channex: reading rates and restrictions', 'GET', '/restrictions', {
          'filter[property_id]': propertyId,
          ...dates,
          'filter[restrictions]': READ_RESTRICTIONS.join(','),
        })
      : nothing,
    range.roomIds.length
      ? client.expect('Channex: reading availability', 'GET', '/availability', {
          'filter[property_id]': propertyId,
          ...dates,
        })
      : nothing,
  ]);
  const byPlan = asJson(restrictions.data);
  const byRoom = asJson(availability.data);
  return {
    rates: plans.flatMap((plan) =>
      nightsIn(byPlan[plan.id], range.from, range.to).map(([date, night]) =>
        rateNight(plan, date, night),
      ),
    ),
    availability: range.roomIds.flatMap((roomId) =>
      nightsIn(byRoom[roomId], range.from, range.to).flatMap(([date, rooms]) => {
        const count = asNumber(rooms);
        return count === null ? [] : [{ roomId, from: date, to: date, availability: count }];
      }),
    ),
  };
}

/** Channex's `inserted_at` ("2019-04-23T10:03:29.335485", UTC without a zone) as an ISO instant. */
function instantOf(value: unknown): string {
  const text = asString(value) ?? '';
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`;
  const at = new Date(zoned);
  return Number.isNaN(at.getTime()) ? text : at.toISOString();
}

const STATUSES = ['new', 'modified', 'cancelled'] as const;

/** A feed revision as a `BookingRevision`; a revision that lacks what one needs is an error. */
function revisionOf(resource: Resource): BookingRevision {
  const a = resource.attributes;
  const status = STATUSES.find((s) => s === a.status);
  const currency = asString(a.currency);
  const bookingId = asString(a.booking_id);
  const amountMinor = currency === null ? null : minorUnits(a.amount, currency);
  if (!status || currency === null || bookingId === null || amountMinor === null) {
    throw new ProviderError(
      `Channex: booking revision ${resource.id} lacks its status, booking, currency or amount`,
      null,
      false,
    );
  }
  return {
    revisionId: resource.id,
    bookingId,
    status,
    source: asString(a.ota_name),
    currency,
    amountMinor,
    bookedAt: instantOf(a.inserted_at),
    rooms: asArray(a.rooms).map((value) => {
      const room = asJson(value);
      const occupancy = asJson(room.occupancy);
      return {
        // A room Channex could not map has no room type: it is kept, with an empty id.
        roomId: asString(room.room_type_id) ?? '',
        ratePlanId: asString(room.rate_plan_id),
        arrival: asString(room.checkin_date) ?? asString(a.arrival_date) ?? '',
        departure: asString(room.checkout_date) ?? asString(a.departure_date) ?? '',
        adults: asNumber(occupancy.adults) ?? 0,
        children: asNumber(occupancy.children) ?? 0,
        amountMinor: minorUnits(room.amount, currency) ?? 0,
      };
    }),
    country: asString(asJson(a.customer).country),
  };
}

/** The unacknowledged revisions of the property, oldest first (`order[inserted_at]=asc`). */
async function pullBookings(client: Client, propertyId: string): Promise<BookingsPage> {
  const resources = await everyPage(
    client,
    'Channex: reading the booking feed',
    '/booking_revisions/feed',
    { 'filter[property_id]': propertyId, 'order[inserted_at]': 'asc' },
  );
  const revisions = resources
    .filter((r) => (asString(r.attributes.property_id) ?? propertyId) === propertyId)
    .map(revisionOf);
  return { revisions };
}

/** Reads the property: the key works and reaches it, or an owner is told which is wrong. */
async function testConnection(client: Client, options: ChannexOptions): Promise<void> {
  const path = `/properties/${encodeURIComponent(options.propertyId)}`;
  const answer = await client.send('GET', path);
  if (succeeded(answer)) return;
  if (answer.status === 401 || answer.status === 403) {
    throw new ProviderError(
      'Channex refused the API key: check that it is copied whole and that it may reach this property',
      answer.status,
      false,
    );
  }
  if (answer.status === 404) {
    throw new ProviderError(
      `Channex has no property ${options.propertyId} that this API key can reach: check the property id`,
      404,
      false,
    );
  }
  throw scrubbed(failure(answer, 'Channex: reading the property'), options.apiKey);
}

const description: AdapterDescription = {
  provider: 'channex',
  listsRemote: true,
  readsBack: true,
  sendsBookings: true,
  limits: { callsPerMinute: CALLS_PER_MINUTE, maxBodyBytes: MAX_BODY_BYTES },
};

/** The adapter of one Channex property. */
export function channexAdapter(options: ChannexOptions): ChannelAdapter {
  const client = channexClient(options);
  const { propertyId } = options;
  return {
    describe: () => ({ ...description, limits: { ...description.limits } }),
    test: () => testConnection(client, options),
    listRemoteRooms: () => listRooms(client, propertyId),
    listRemoteRatePlans: async () => (await listPlans(client, propertyId)).map(remotePlan),
    pushAri: (batch) => pushAri(client, propertyId, batch),
    readBack: (range) => readBack(client, propertyId, range),
    pullBookings: () => pullBookings(client, propertyId),
    ack: async (revisionId) => {
      await client.expect(
        'Channex: acknowledging a booking revision',
        'POST',
        `/booking_revisions/${encodeURIComponent(revisionId)}/ack`,
      );
    },
  };
}
