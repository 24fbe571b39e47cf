import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Channex of one's own, on 127.0.0.1: the test double of Channex's API v1 for the whole project
 * (integration tests, the end-to-end test, the benchmark). It is written from Channex's published
 * documentation (docs.channex.io: "API Reference", "Properties / Room Types / Rate Plans
 * Collection", "Availability and Rates", "Update Restrictions API", "Bookings Collection", "API
 * Rate Limits", "Best Practices Guide"), and every place where the documentation is silent says
 * what was chosen. It is controllable: failures, delays and reordered tasks on demand, a clock
 * of the test's, every request recorded, and the state it holds readable.
 */

/** "10 Restrictions & Price Requests per minute per property", and 10 of availability. */
const DOCUMENTED_CALLS_PER_MINUTE = 10;
/** "Up to 10mb per json call" (read as 10 000 000 bytes). */
const DOCUMENTED_MAX_BODY_BYTES = 10_000_000;
/** Lists give 10 elements unless asked; "Max `limit` value is 100". */
const DEFAULT_PAGE_LIMIT = 10;
const MAX_PAGE_LIMIT = 100;
const MINUTE_MS = 60_000;

export interface ChannexServerOptions {
  /** The one key accepted in `user-api-key` (default: a random one, in `apiKey`). */
  apiKey?: string;
  /** The clock of the rate limits, of "today" (no past dates) and of new revisions. */
  now?: () => Date;
  /** How long after its POST a task's values become readable (default 5 ms). */
  applyDelayMs?: number;
  /** Calls a minute per property of each of restrictions and availability (default 10). */
  callsPerMinute?: number;
  maxBodyBytes?: number;
  /** The largest page a list gives (default 100, as documented); smaller to test paging. */
  maxPageLimit?: number;
  /** The shuffle of `reorderTasks(true)` (default Math.random). */
  random?: () => number;
  /** The port on 127.0.0.1 (default: any free one); the end-to-end app is told it beforehand. */
  port?: number;
}

type Json = Record<string, unknown>;
type SellMode = 'per_room' | 'per_person';

interface Property {
  id: string;
  title: string;
  currency: string;
}

interface RoomType {
  id: string;
  propertyId: string;
  title: string;
  occAdults: number;
  occChildren: number;
  defaultOccupancy: number;
}

interface RatePlan {
  id: string;
  propertyId: string;
  roomTypeId: string;
  title: string;
  sellMode: SellMode;
  currency: string;
  /** Guest counts priced (a per-room plan has one), and the primary one. */
  occupancies: number[];
  primaryOccupancy: number;
}

/** A rate plan's values for one night. */
export interface NightRestrictions {
  /** Minor units by occupancy. */
  rates: Record<number, number>;
  min_stay_arrival: number;
  min_stay_through: number;
  max_stay: number;
  closed_to_arrival: boolean;
  closed_to_departure: boolean;
  stop_sell: boolean;
  max_sell: number | null;
  max_availability: number | null;
  availability_offset: number;
}

type Restriction = Exclude<keyof NightRestrictions, 'rates'>;

/** One recorded request (the API key's header left out). */
export interface ChannexRequest {
  method: string;
  /** The path with its query. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  bodyBytes: number;
  status: number;
}

export interface BookingRevisionInput {
  propertyId: string;
  /** The booking the revision is of (default: a new one). */
  bookingId?: string;
  status: 'new' | 'modified' | 'cancelled';
  otaName?: string | null;
  otaReservationCode?: string;
  /** Default: the property's. */
  currency?: string;
  /** The total as Channex writes it: a decimal string ("220.00"). */
  amount: string;
  arrivalDate: string;
  departureDate: string;
  rooms: {
    roomTypeId: string | null;
    ratePlanId: string | null;
    checkinDate?: string;
    checkoutDate?: string;
    adults: number;
    children?: number;
    infants?: number;
    amount: string;
  }[];
  customer?: { name?: string; surname?: string; mail?: string; country?: string | null };
  /** `inserted_at` (default: the clock's now). */
  insertedAt?: string;
}

interface Revision {
  id: string;
  propertyId: string;
  attributes: Json;
  sequence: number;
  acked: boolean;
  acks: number;
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A validated change, ready to apply to a night. */
interface RestrictionChange {
  planId: string;
  dates: string[];
  values: Partial<Record<Restriction, number | boolean | null>>;
  rates: [number, number][];
}

interface AvailabilityChange {
  roomTypeId: string;
  dates: string[];
  availability: number;
}

const isChange = (
  result: RestrictionChange | AvailabilityChange | Errors,
): result is RestrictionChange | AvailabilityChange => 'planId' in result || 'roomTypeId' in result;

type Task =
  | { id: string; kind: 'restrictions'; changes: RestrictionChange[] }
  | { id: string; kind: 'availability'; changes: AvailabilityChange[] };

interface Rule {
  remaining: number;
  method: string | undefined;
  path: string | undefined;
}

const error = (status: number, code: string, title: string, details?: unknown): Answer => ({
  status,
  body: { errors: { code, title, ...(details === undefined ? {} : { details }) } },
});
const unauthorized = () => error(401, 'unauthorized', 'Unauthorized');
const notFound = () => error(404, 'resource_not_found', 'Resource Not Found');
const badRequest = (detail: string) => error(400, 'bad_request', 'Bad Request', [detail]);
const ok = (body: unknown): Answer => ({ status: 200, body });

const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const given = (item: Json, key: string) => item[key] !== undefined;

// --- Dates ---------------------------------------------------------------------------------

const isDate = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function eachDate(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

const WEEKDAYS = ['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa'];
const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '';

// --- Money ---------------------------------------------------------------------------------

const digitsOf = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits as number;

/** Minor units as Channex writes money in its answers: a decimal string ("200.00"). */
function decimal(minor: number, currency: string): string {
  const digits = digitsOf(currency);
  if (digits === 0) return String(minor);
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${minor < 0 ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * A rate as the docs allow it: "Decimal value converted into String ("200.00"), or Integer
 * value with a minimum fraction size of currency (20000 for 200.00 USD)"; "should be greater
 * than 0". A string with more decimals than the currency has is refused (the docs are silent).
 */
function rateOf(value: unknown, currency: string): number | string {
  const digits = digitsOf(currency);
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return 'is invalid';
    return value > 0 ? value : 'must be greater than 0';
  }
  if (typeof value !== 'string') return 'is invalid';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match || (match[3] ?? '').length > digits) return 'is invalid';
  const minor =
    Number(match[2]) * 10 ** digits + Number((match[3] ?? '').padEnd(digits, '0') || '0');
  return match[1] || minor === 0 ? 'must be greater than 0' : minor;
}

// --- Checking change objects -----------------------------------------------------------------

type Errors = Record<string, string[]>;
const NON_NULL = 'Should be a non null value or not existed field';

function addError(errors: Errors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

/** An integer of at least `min`, or its error. */
function integerOf(value: unknown, min: number): number | string {
  if (value === null) return NON_NULL;
  if (typeof value !== 'number' || !Number.isInteger(value)) return 'is invalid';
  return value >= min ? value : `must be greater than or equal to ${min}`;
}

/** A boolean; "our API allow pass `0` or `1` as Boolean representation". */
function booleanOf(value: unknown): boolean | string {
  if (value === null) return NON_NULL;
  if (value === true || value === 1) return true;
  if (value === false || value === 0) return false;
  return 'is invalid';
}

/**
 * The nights of a change object: exactly one of `date` or `date_from`/`date_to` ("Sending both
 * a `date` and the pair is refused, and so is sending neither"), optionally narrowed to `days`.
 * Past dates: a single past `date` and a range wholly past are refused, a range that starts in
 * the past is clamped to today (the current docs; "today" is the test clock's UTC date — the
 * docs do not say in which time zone).
 */
function nightsOf(item: Json, today: string, errors: Errors): string[] {
  const hasRange = given(item, 'date_from') || given(item, 'date_to');
  if (given(item, 'date') && hasRange) {
    addError(errors, 'date', 'cannot be given with date_from and date_to');
    return [];
  }
  if (!given(item, 'date') && !hasRange) {
    addError(errors, 'date', "can't be blank (give date, or date_from and date_to)");
    return [];
  }
  const from = given(item, 'date') ? item.date : item.date_from;
  const to = given(item, 'date') ? item.date : item.date_to;
  const field = given(item, 'date') ? 'date' : 'date_from';
  if (!isDate(from)) addError(errors, field, from === undefined ? "can't be blank" : 'is invalid');
  if (!isDate(to)) addError(errors, given(item, 'date') ? 'date' : 'date_to', 'is invalid');
  if (!isDate(from) || !isDate(to)) return [];
  if (from > to) addError(errors, 'date_to', 'must be on or after date_from');
  else if (to < today) addError(errors, given(item, 'date') ? 'date' : 'date_to', 'is in the past');
  const days = item.days;
  const validDays =
    days === undefined ||
    (Array.isArray(days) && days.every((d) => typeof d === 'string' && WEEKDAYS.includes(d)));
  if (!validDays) addError(errors, 'days', 'is invalid');
  if (Object.keys(errors).length > 0) return [];
  const nights = eachDate(from < today ? today : from, to);
  return Array.isArray(days) ? nights.filter((date) => days.includes(weekdayOf(date))) : nights;
}

/** The fields of a restrictions change object the docs list, echoed back in a warning. */
const RESTRICTION_ECHO = [
  'availability_offset',
  'closed_to_arrival',
  'closed_to_departure',
  'date',
  'date_from',
  'date_to',
  'max_availability',
  'max_sell',
  'max_stay',
  'min_stay_arrival',
  'min_stay_through',
  'property_id',
  'rate',
  'rate_plan_id',
  'stop_sell',
];
const AVAILABILITY_ECHO = [
  'availability',
  'date',
  'date_from',
  'date_to',
  'property_id',
  'room_type_id',
];

/** A warning as the docs show one: the change object, every listed field, and its errors. */
function warningOf(item: unknown, fields: string[], errors: Errors): Json {
  const echoed = Object.fromEntries(fields.map((field) => [field, null]));
  return { ...echoed, ...(isJson(item) ? item : {}), warning: errors };
}

const INTEGER_RESTRICTIONS: [Restriction, number][] = [
  ['min_stay_arrival', 1],
  ['min_stay_through', 1],
  ['max_stay', 0],
  ['availability_offset', 0],
];
const BOOLEAN_RESTRICTIONS: Restriction[] = [
  'closed_to_arrival',
  'closed_to_departure',
  'stop_sell',
];
/** "Null or non-negative integer value". */
const NULLABLE_RESTRICTIONS: Restriction[] = ['max_sell', 'max_availability'];

function restrictionValues(item: Json, errors: Errors): RestrictionChange['values'] {
  const values: RestrictionChange['values'] = {};
  const take = (field: Restriction, value: number | boolean | string | null) => {
    if (typeof value === 'string') addError(errors, field, value);
    else values[field] = value;
  };
  for (const [field, min] of INTEGER_RESTRICTIONS) {
    if (given(item, field)) take(field, integerOf(item[field], min));
  }
  for (const field of BOOLEAN_RESTRICTIONS) {
    if (given(item, field)) take(field, booleanOf(item[field]));
  }
  for (const field of NULLABLE_RESTRICTIONS) {
    if (given(item, field)) take(field, item[field] === null ? null : integerOf(item[field], 0));
  }
  // `min_stay` stands for one of the two only when the property's `min_stay_type` is not
  // `both`; these properties keep the default, `both`.
  if (given(item, 'min_stay'))
    addError(errors, 'min_stay', 'is not applicable: min_stay_type is both');
  return values;
}

/** `rate` (the primary occupancy's) or `rates` by occupancy, in minor units. */
function ratesOf(item: Json, plan: RatePlan, errors: Errors): [number, number][] {
  if (given(item, 'rate') && given(item, 'rates')) {
    addError(errors, 'rates', 'cannot be given with rate');
    return [];
  }
  if (given(item, 'rate')) {
    const minor = rateOf(item.rate, plan.currency);
    if (typeof minor === 'string') addError(errors, 'rate', minor);
    return typeof minor === 'number' ? [[plan.primaryOccupancy, minor]] : [];
  }
  if (!given(item, 'rates')) return [];
  if (!Array.isArray(item.rates) || item.rates.length === 0) {
    addError(errors, 'rates', 'is invalid');
    return [];
  }
  return item.rates.flatMap((entry): [number, number][] => {
    const occupancy = isJson(entry) ? entry.occupancy : undefined;
    if (typeof occupancy !== 'number' || !plan.occupancies.includes(occupancy)) {
      addError(errors, 'rates', `occupancy ${String(occupancy)} is not an option of the rate plan`);
      return [];
    }
    const minor = rateOf(isJson(entry) ? entry.rate : undefined, plan.currency);
    if (typeof minor === 'string') addError(errors, 'rates', `rate ${minor}`);
    return typeof minor === 'number' ? [[occupancy, minor]] : [];
  });
}

// --- The server ------------------------------------------------------------------------------

/**
 * Starts the double. Seed it with `addProperty`, `addRoomType`, `addRatePlan` and
 * `addBookingRevision`; read what it holds with `restrictionsOf`, `rateOf`, `availabilityOf`
 * and `ackCount`; steer it with `failNext`, `delayNext` and `reorderTasks`; `settled()` waits
 * until every task received is applied.
 */
export async function startChannexServer(options: ChannexServerOptions = {}) {
  const apiKey = options.apiKey ?? `chx-${randomUUID()}`;
  const now = options.now ?? (() => new Date());
  const applyDelayMs = options.applyDelayMs ?? 5;
  const callsPerMinute = options.callsPerMinute ?? DOCUMENTED_CALLS_PER_MINUTE;
  const maxBodyBytes = options.maxBodyBytes ?? DOCUMENTED_MAX_BODY_BYTES;
  const maxPageLimit = options.maxPageLimit ?? MAX_PAGE_LIMIT;
  const random = options.random ?? Math.random;

  const properties = new Map<string, Property>();
  const roomTypes = new Map<string, RoomType>();
  const ratePlans = new Map<string, RatePlan>();
  const nights = new Map<string, Map<string, NightRestrictions>>();
  const availability = new Map<string, Map<string, number>>();
  const revisions = new Map<string, Revision>();
  const requests: ChannexRequest[] = [];
  /** Call times by `${kind} ${propertyId}`, for the sliding minute of the rate limits. */
  const calls = new Map<string, number[]>();
  const failures: (Rule & { status: number; retryAfter: string | undefined })[] = [];
  const delays: (Rule & { ms: number })[] = [];
  /** `METHOD /path` of every request as soon as its body is read (before any delay). */
  const arrivals: string[] = [];
  const queue: Task[] = [];
  let reorder = false;
  let flushTimer: NodeJS.Timeout | null = null;
  let waiters: (() => void)[] = [];
  let revisionSequence = 0;

  const today = () => now().toISOString().slice(0, 10);

  // --- State ---

  /** A night as it stands: a new rate plan's "Rate = 0, Stop sell = Off, Min Stay = 1". */
  function nightOf(plan: RatePlan, date: string): NightRestrictions {
    const stored = nights.get(plan.id)?.get(date);
    if (stored) return stored;
    return {
      rates: Object.fromEntries(plan.occupancies.map((o) => [o, 0])),
      min_stay_arrival: 1,
      min_stay_through: 1,
      max_stay: 0,
      closed_to_arrival: false,
      closed_to_departure: false,
      stop_sell: false,
      max_sell: null,
      max_availability: null,
      availability_offset: 0,
    };
  }

  function applyRestriction(change: RestrictionChange) {
    const plan = ratePlans.get(change.planId);
    if (!plan) return;
    const byDate = nights.get(plan.id) ?? new Map<string, NightRestrictions>();
    nights.set(plan.id, byDate);
    for (const date of change.dates) {
      const night = { ...nightOf(plan, date), ...change.values } as NightRestrictions;
      night.rates = { ...night.rates };
      for (const [occupancy, minor] of change.rates) night.rates[occupancy] = minor;
      byDate.set(date, night);
    }
  }

  /** "Availability of all rooms created will be 0." */
  const availabilityAt = (roomTypeId: string, date: string) =>
    availability.get(roomTypeId)?.get(date) ?? 0;

  function applyAvailability(change: AvailabilityChange) {
    const byDate = availability.get(change.roomTypeId) ?? new Map<string, number>();
    availability.set(change.roomTypeId, byDate);
    for (const date of change.dates) byDate.set(date, change.availability);
  }

  // --- Tasks: applied a moment after their POST, in the order received ---

  function apply(task: Task) {
    if (task.kind === 'restrictions') task.changes.forEach(applyRestriction);
    else task.changes.forEach(applyAvailability);
  }

  function shuffled<T>(items: T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  function flush() {
    flushTimer = null;
    const due = queue.splice(0);
    (reorder ? shuffled(due) : due).forEach(apply);
    const done = waiters;
    waiters = [];
    done.forEach((resolve) => resolve());
  }

  function enqueue(task: Task) {
    queue.push(task);
    flushTimer ??= setTimeout(flush, applyDelayMs);
  }

  // --- Rate limits ---

  /** The seconds until a call is allowed again, or 0 when it is (and then it counts). */
  function limited(kind: string, propertyIds: string[]): number {
    const at = now().getTime();
    const windows = propertyIds.map((id) => {
      const key = `${kind} ${id}`;
      const recent = (calls.get(key) ?? []).filter((t) => t > at - MINUTE_MS);
      calls.set(key, recent);
      return recent;
    });
    const full = windows.filter((recent) => recent.length >= callsPerMinute);
    if (full.length > 0) {
      const frees = Math.max(...full.map((recent) => (recent[0] ?? at) + MINUTE_MS));
      return Math.max(1, Math.ceil((frees - at) / 1000));
    }
    windows.forEach((recent) => recent.push(at));
    return 0;
  }

  // --- Resources as the API writes them ---

  const roomTypeJson = (room: RoomType) => ({
    type: 'room_type',
    id: room.id,
    attributes: {
      id: room.id,
      title: room.title,
      occ_adults: room.occAdults,
      occ_children: room.occChildren,
      occ_infants: 0,
      default_occupancy: room.defaultOccupancy,
      count_of_rooms: 1,
      room_kind: 'room',
      capacity: null,
      content: { description: null, photos: [] },
    },
    relationships: {
      facilities: { data: [] },
      property: { data: { type: 'property', id: room.propertyId } },
    },
  });

  const ratePlanJson = (plan: RatePlan) => ({
    type: 'rate_plan',
    id: plan.id,
    attributes: {
      id: plan.id,
      title: plan.title,
      sell_mode: plan.sellMode,
      rate_mode: 'manual',
      currency: plan.currency,
      children_fee: '0.00',
      infant_fee: '0.00',
      options: plan.occupancies.map((occupancy) => ({
        rate: decimal(0, plan.currency),
        occupancy,
        is_primary: occupancy === plan.primaryOccupancy,
        derived_option: null,
      })),
      meal_type: 'none',
    },
    relationships: {
      room_type: { data: { type: 'room_type', id: plan.roomTypeId } },
      property: { data: { type: 'property', id: plan.propertyId } },
    },
  });

  const revisionJson = (revision: Revision) => ({
    type: 'booking_revision',
    id: revision.id,
    attributes: revision.attributes,
  });

  /** A list's page: `pagination[page]` from 1, `pagination[limit]` up to the maximum. */
  function page<T>(items: T[], query: URLSearchParams): Answer {
    const number = Math.max(1, Number.parseInt(query.get('pagination[page]') ?? '1', 10) || 1);
    const asked = Number.parseInt(query.get('pagination[limit]') ?? '', 10) || DEFAULT_PAGE_LIMIT;
    const limit = Math.min(Math.max(1, asked), maxPageLimit);
    const data = items.slice((number - 1) * limit, number * limit);
    return ok({ data, meta: { page: number, limit, total: items.length } });
  }

  const ofProperty = <T extends { propertyId: string; title: string }>(
    items: Iterable<T>,
    query: URLSearchParams,
  ) => {
    const id = query.get('filter[property_id]');
    // "Most endpoints by default sort entities by `title` field at ascending direction."
    return [...items]
      .filter((item) => id === null || item.propertyId === id)
      .sort((a, b) => a.title.localeCompare(b.title));
  };

  // --- Reading ARI ---

  /** `filter[date]` or `filter[date][gte]` with `filter[date][lte]`. */
  function dateFilter(query: URLSearchParams): string[] | Answer {
    const single = query.get('filter[date]');
    const from = single ?? query.get('filter[date][gte]');
    const to = single ?? query.get('filter[date][lte]');
    if (from === null || to === null) return badRequest('date is required');
    if (!isDate(from) || !isDate(to) || from > to) return badRequest('date is invalid');
    return eachDate(from, to);
  }

  const READABLE = new Set([
    'availability',
    'rate',
    'min_stay_arrival',
    'min_stay_through',
    'min_stay',
    'closed_to_arrival',
    'closed_to_departure',
    'stop_sell',
    'max_stay',
    'availability_offset',
    'max_sell',
    'max_availability',
  ]);

  /**
   * One night of `GET /restrictions`. `rate` is the primary occupancy's, as a decimal string;
   * a per-person plan also answers `rates` by occupancy — the docs do not say how a per-person
   * plan's other occupancies read back, so the double answers them all.
   */
  function readNight(plan: RatePlan, date: string, wanted: string[]): Json {
    const night = nightOf(plan, date);
    const entries = wanted.map((name): [string, unknown] => {
      if (name === 'rate')
        return [name, decimal(night.rates[plan.primaryOccupancy] ?? 0, plan.currency)];
      if (name === 'availability') return [name, availabilityAt(plan.roomTypeId, date)];
      if (name === 'min_stay') return [name, night.min_stay_arrival];
      return [name, night[name as Restriction]];
    });
    if (plan.sellMode === 'per_person' && wanted.includes('rate')) {
      const rates = plan.occupancies.map((occupancy) => ({
        occupancy,
        rate: decimal(night.rates[occupancy] ?? 0, plan.currency),
      }));
      entries.push(['rates', rates]);
    }
    return Object.fromEntries(entries);
  }

  function readRestrictions(query: URLSearchParams): Answer {
    const propertyId = query.get('filter[property_id]');
    if (propertyId === null) return badRequest('property_id is required');
    if (!properties.has(propertyId)) return notFound();
    const dates = dateFilter(query);
    if (!Array.isArray(dates)) return dates;
    const names = query.get('filter[restrictions]');
    if (!names) return badRequest('restrictions is required');
    const wanted = names.split(',').map((name) => name.trim());
    const unknown = wanted.find((name) => !READABLE.has(name));
    if (unknown !== undefined) return badRequest(`${unknown} is not a supported restriction`);
    const plans = [...ratePlans.values()].filter((plan) => plan.propertyId === propertyId);
    const data = Object.fromEntries(
      plans.map((plan) => [
        plan.id,
        Object.fromEntries(dates.map((date) => [date, readNight(plan, date, wanted)])),
      ]),
    );
    return ok({ data });
  }

  function readAvailability(query: URLSearchParams): Answer {
    const dates = dateFilter(query);
    if (!Array.isArray(dates)) return dates;
    const rooms = ofProperty(roomTypes.values(), query);
    const data = Object.fromEntries(
      rooms.map((room) => [
        room.id,
        Object.fromEntries(dates.map((date) => [date, availabilityAt(room.id, date)])),
      ]),
    );
    return ok({ data });
  }

  // --- Updating ARI ---

  /** The rate plan or room type a change object names, which must be of the property it names. */
  function ownedBy<T extends { propertyId: string }>(
    raw: Json,
    field: 'rate_plan_id' | 'room_type_id',
    items: Map<string, T>,
    errors: Errors,
  ): T | undefined {
    const propertyId = raw.property_id;
    const property = typeof propertyId === 'string' ? properties.get(propertyId) : undefined;
    if (!property) addError(errors, 'property_id', propertyId ? 'not found' : "can't be blank");
    const id = raw[field];
    const item = typeof id === 'string' ? items.get(id) : undefined;
    if (item && item.propertyId === property?.id) return item;
    addError(errors, field, id ? 'not found' : "can't be blank");
    return undefined;
  }

  function checkRestriction(raw: unknown): RestrictionChange | Errors {
    if (!isJson(raw)) return { values: ['is invalid'] };
    const errors: Errors = {};
    const plan = ownedBy(raw, 'rate_plan_id', ratePlans, errors);
    const dates = nightsOf(raw, today(), errors);
    const values = restrictionValues(raw, errors);
    const rates = plan ? ratesOf(raw, plan, errors) : [];
    const anyGiven = [
      'rate',
      'rates',
      'min_stay',
      ...INTEGER_RESTRICTIONS.map(([f]) => f),
      ...BOOLEAN_RESTRICTIONS,
      ...NULLABLE_RESTRICTIONS,
    ].some((field) => given(raw, field));
    // "At least one restriction should be present on the request."
    if (!anyGiven) addError(errors, 'restrictions', 'at least one should be present');
    if (Object.keys(errors).length > 0 || !plan) return errors;
    return { planId: plan.id, dates, values, rates };
  }

  function checkAvailability(raw: unknown): AvailabilityChange | Errors {
    if (!isJson(raw)) return { values: ['is invalid'] };
    const errors: Errors = {};
    const room = ownedBy(raw, 'room_type_id', roomTypes, errors);
    const dates = nightsOf(raw, today(), errors);
    const count = given(raw, 'availability') ? integerOf(raw.availability, 0) : "can't be blank";
    if (typeof count === 'string') addError(errors, 'availability', count);
    if (Object.keys(errors).length > 0 || !room || typeof count !== 'number') return errors;
    return { roomTypeId: room.id, dates, availability: count };
  }

  /**
   * `POST /restrictions` or `/availability`: `{ values: [change, …] }`. A change object that
   * fails is "rejected on its own and reported under `meta.warnings`" while the others apply,
   * still `200 OK`; `data` holds one task per property (empty when everything was refused).
   * A body that is not JSON is a 400; one without a list of `values`, a 422 (the docs' error
   * codes: "400 … missing a required parameter", "422 Validation Error").
   */
  function update(kind: Task['kind'], text: string): Answer {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return badRequest('the body is not valid JSON');
    }
    const values = isJson(parsed) ? parsed.values : undefined;
    if (!Array.isArray(values) || values.length === 0) {
      const why = values === undefined ? "can't be blank" : 'should be a non-empty list';
      return error(422, 'validation_error', 'Validation Error', { values: [why] });
    }
    const named = values
      .map((item) => (isJson(item) ? item.property_id : undefined))
      .filter((id): id is string => typeof id === 'string' && properties.has(id));
    const wait = limited(kind, [...new Set(named)]);
    if (wait > 0) {
      return {
        ...error(429, 'http_too_many_requests', 'Too Many Requests'),
        headers: { 'retry-after': String(wait) },
      };
    }
    return accept(kind, values);
  }

  function accept(kind: Task['kind'], values: unknown[]): Answer {
    const check = kind === 'restrictions' ? checkRestriction : checkAvailability;
    const echo = kind === 'restrictions' ? RESTRICTION_ECHO : AVAILABILITY_ECHO;
    const warnings: Json[] = [];
    const byProperty = new Map<string, (RestrictionChange | AvailabilityChange)[]>();
    for (const item of values) {
      const result: RestrictionChange | AvailabilityChange | Errors = check(item);
      if (!isChange(result)) {
        warnings.push(warningOf(item, echo, result));
        continue;
      }
      const propertyId = String((item as Json).property_id);
      const changes = byProperty.get(propertyId) ?? [];
      changes.push(result);
      byProperty.set(propertyId, changes);
    }
    const tasks = [...byProperty.values()].map((changes) => {
      const task = { id: randomUUID(), kind, changes } as Task;
      enqueue(task);
      return { id: task.id, type: 'task' };
    });
    return ok({ data: tasks, meta: { message: 'Success', warnings } });
  }

  // --- Bookings ---

  function feed(query: URLSearchParams): Answer {
    const propertyId = query.get('filter[property_id]');
    // The docs show the oldest-first order as an option (`order[inserted_at]=asc`): newest
    // first is taken as the default.
    const direction = query.get('order[inserted_at]') === 'asc' ? 1 : -1;
    const open = [...revisions.values()]
      .filter((r) => !r.acked && (propertyId === null || r.propertyId === propertyId))
      .sort((a, b) => direction * (a.sequence - b.sequence));
    return page(open.map(revisionJson), query);
  }

  function ack(id: string): Answer {
    const revision = revisions.get(id);
    if (!revision) return notFound();
    // Acknowledging again answers as the first time did (a retried ack is harmless).
    revision.acked = true;
    revision.acks += 1;
    return ok({ meta: { message: 'Success' } });
  }

  // --- Routing ---

  function route(method: string, path: string, query: URLSearchParams, body: string): Answer {
    const parts = path.replace(/^\/api\/v1\/?/, '').split('/');
    const [resource, id, action] = parts;
    const at = `${method} ${resource ?? ''}${id === undefined ? '' : '/:id'}${action ? `/${action}` : ''}`;
    if (!path.startsWith('/api/v1/')) return error(404, 'not_found', 'Not Found');
    switch (at) {
      case 'GET properties/:id': {
        const property = properties.get(id ?? '');
        return property ? ok({ data: propertyJson(property) }) : notFound();
      }
      case 'GET room_types':
        return page(ofProperty(roomTypes.values(), query).map(roomTypeJson), query);
      case 'GET rate_plans':
        return page(ofProperty(ratePlans.values(), query).map(ratePlanJson), query);
      case 'GET restrictions':
        return readRestrictions(query);
      case 'POST restrictions':
        return update('restrictions', body);
      case 'GET availability':
        return readAvailability(query);
      case 'POST availability':
        return update('availability', body);
      case 'GET booking_revisions/:id':
        if (id === 'feed') return feed(query);
        return revisions.has(id ?? '')
          ? ok({ data: revisionJson(revisions.get(id ?? '')!) })
          : notFound();
      case 'POST booking_revisions/:id/ack':
        return ack(id ?? '');
      default:
        return error(404, 'not_found', 'Not Found');
    }
  }

  const propertyJson = (property: Property) => ({
    type: 'property',
    id: property.id,
    attributes: {
      id: property.id,
      title: property.title,
      is_active: true,
      currency: property.currency,
      settings: { min_stay_type: 'both' },
    },
  });

  // --- HTTP ---

  function takeRule<T extends Rule>(rules: T[], method: string, path: string): T | undefined {
    const rule = rules.find(
      (r) =>
        (r.method === undefined || r.method === method) &&
        (r.path === undefined || r.path === path || `/api/v1${r.path}` === path),
    );
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) rules.splice(rules.indexOf(rule), 1);
    return rule;
  }

  /** The body, read whole but kept only up to the limit (a bigger one is answered 413). */
  function readBody(req: http.IncomingMessage): Promise<{ text: string; bytes: number }> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      req.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= maxBodyBytes) chunks.push(chunk);
      });
      req.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), bytes }));
      req.on('error', reject);
    });
  }

  function answerOf(req: http.IncomingMessage, url: URL, body: { text: string; bytes: number }) {
    const method = req.method ?? 'GET';
    const failure = takeRule(failures, method, url.pathname);
    if (failure) {
      const answer =
        failure.status === 429
          ? error(429, 'http_too_many_requests', 'Too Many Requests')
          : error(failure.status, 'injected_failure', http.STATUS_CODES[failure.status] ?? 'Error');
      return failure.retryAfter === undefined
        ? answer
        : { ...answer, headers: { 'retry-after': failure.retryAfter } };
    }
    if (req.headers['user-api-key'] !== apiKey) return unauthorized();
    // The docs set the limit but not the answer: 413, in Channex's error shape.
    if (body.bytes > maxBodyBytes) return error(413, 'payload_too_large', 'Payload Too Large');
    return route(method, url.pathname, url.searchParams, body.text);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req);
    arrivals.push(`${req.method ?? 'GET'} ${url.pathname}`);
    const delay = takeRule(delays, req.method ?? 'GET', url.pathname);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay.ms));
    const answer = answerOf(req, url, body);
    const { 'user-api-key': _key, ...headers } = req.headers;
    requests.push({
      method: req.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      headers,
      body: body.text,
      bodyBytes: body.bytes,
      status: answer.status,
    });
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(JSON.stringify(answer.body));
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: { code: 'internal_error', title: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The host, as the adapter takes it (`/api/v1` below it). */
    url: `http://127.0.0.1:${port}`,
    apiKey,
    /** Every request answered, oldest first. */
    requests,
    /** Every request received (`METHOD /path`), answered or still held by `delayNext`. */
    arrivals,

    addProperty(input: { id?: string; title?: string; currency?: string } = {}): string {
      const id = input.id ?? randomUUID();
      properties.set(id, {
        id,
        title: input.title ?? 'Demo Hotel',
        currency: input.currency ?? 'EUR',
      });
      return id;
    },
    addRoomType(input: {
      id?: string;
      propertyId: string;
      title: string;
      occAdults?: number;
      occChildren?: number;
    }): string {
      const id = input.id ?? randomUUID();
      const occAdults = input.occAdults ?? 2;
      const room = { id, propertyId: input.propertyId, title: input.title, occAdults };
      roomTypes.set(id, {
        ...room,
        occChildren: input.occChildren ?? 0,
        defaultOccupancy: occAdults,
      });
      return id;
    },
    /**
     * A rate plan of a room type: per room (one occupancy option, the room's adults unless
     * given) or per person (an option for each of `occupancies`, the largest primary unless
     * `primaryOccupancy` says).
     */
    addRatePlan(input: {
      id?: string;
      roomTypeId: string;
      title: string;
      sellMode?: SellMode;
      currency?: string;
      occupancies?: number[];
      primaryOccupancy?: number;
    }): string {
      const room = roomTypes.get(input.roomTypeId);
      if (!room) throw new Error(`no room type ${input.roomTypeId}`);
      const id = input.id ?? randomUUID();
      const occupancies = [...(input.occupancies ?? [room.occAdults])].sort((a, b) => a - b);
      ratePlans.set(id, {
        id,
        propertyId: room.propertyId,
        roomTypeId: room.id,
        title: input.title,
        sellMode: input.sellMode ?? 'per_room',
        currency: input.currency ?? properties.get(room.propertyId)?.currency ?? 'EUR',
        occupancies,
        primaryOccupancy: input.primaryOccupancy ?? occupancies.at(-1) ?? room.occAdults,
      });
      return id;
    },
    /** A revision waiting in the feed (oldest first in the order added); answers its id. */
    addBookingRevision(input: BookingRevisionInput): string {
      const id = randomUUID();
      const currency = input.currency ?? properties.get(input.propertyId)?.currency ?? 'EUR';
      const attributes = {
        id,
        property_id: input.propertyId,
        booking_id: input.bookingId ?? randomUUID(),
        ota_reservation_code: input.otaReservationCode ?? String(1_000_000 + revisionSequence),
        ota_name: input.otaName === undefined ? 'Booking.com' : input.otaName,
        status: input.status,
        currency,
        amount: input.amount,
        arrival_date: input.arrivalDate,
        departure_date: input.departureDate,
        rooms: input.rooms.map((room) => ({
          amount: room.amount,
          checkin_date: room.checkinDate ?? input.arrivalDate,
          checkout_date: room.checkoutDate ?? input.departureDate,
          rate_plan_id: room.ratePlanId,
          room_type_id: room.roomTypeId,
          occupancy: {
            adults: room.adults,
            children: room.children ?? 0,
            infants: room.infants ?? 0,
          },
        })),
        customer: { name: 'Guest', surname: 'Test', ...input.customer },
        occupancy: {
          adults: input.rooms.reduce((sum, room) => sum + room.adults, 0),
          children: input.rooms.reduce((sum, room) => sum + (room.children ?? 0), 0),
          infants: 0,
        },
        // Channex writes it in UTC without a zone: "2019-04-23T10:03:29.335485".
        inserted_at: input.insertedAt ?? now().toISOString().replace('Z', ''),
      };
      revisionSequence += 1;
      revisions.set(id, {
        id,
        propertyId: input.propertyId,
        attributes,
        sequence: revisionSequence,
        acked: false,
        acks: 0,
      });
      return id;
    },

    /** A rate plan's values for a night, as applied so far. */
    restrictionsOf(ratePlanId: string, date: string): NightRestrictions {
      const plan = ratePlans.get(ratePlanId);
      if (!plan) throw new Error(`no rate plan ${ratePlanId}`);
      return nightOf(plan, date);
    },
    /** A night's price in minor units (the primary occupancy's unless one is named). */
    rateOf(ratePlanId: string, date: string, occupancy?: number): number | undefined {
      const plan = ratePlans.get(ratePlanId);
      if (!plan) throw new Error(`no rate plan ${ratePlanId}`);
      return nightOf(plan, date).rates[occupancy ?? plan.primaryOccupancy];
    },
    availabilityOf: availabilityAt,
    /** How many times a revision was acknowledged. */
    ackCount: (revisionId: string) => revisions.get(revisionId)?.acks ?? 0,
    /** Tasks received and not applied yet. */
    pendingTasks: () => queue.length,

    /**
     * The next `n` requests (of `method`, to `path` — `/restrictions` or the full path — when
     * given) fail with `status`, with `Retry-After` when given, before anything else is looked at.
     */
    failNext(
      n: number,
      status: number,
      rule: { retryAfter?: number | string; path?: string; method?: string } = {},
    ) {
      const retryAfter = rule.retryAfter === undefined ? undefined : String(rule.retryAfter);
      failures.push({ remaining: n, status, retryAfter, method: rule.method, path: rule.path });
    },
    /** The next request (of `method`, to `path`, when given) is answered `ms` later. */
    delayNext(ms: number, rule: { path?: string; method?: string } = {}) {
      delays.push({ remaining: 1, ms, method: rule.method, path: rule.path });
    },
    /**
     * Tasks waiting together are applied in a shuffled order (as a provider that does not keep
     * the FIFO it documents would): a client sending absolute values stays right only if it
     * waits for a property's tasks before sending it more.
     */
    reorderTasks(on: boolean) {
      reorder = on;
    },
    /** Resolves once every task received so far is applied. */
    settled(): Promise<void> {
      if (queue.length === 0 && flushTimer === null) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    close(): Promise<void> {
      if (flushTimer) clearTimeout(flushTimer);
      flush();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
export type ChannexServer = Awaited<ReturnType<typeof startChannexServer>>;
