import { addDays, type CellRestrictions, openRestrictions } from '@tarifa/pricing';
import type { StoredChannelMapping } from '../../db/schema';
import type { PropertyRateSheet } from '../pricing-inputs/rate-sheet';
import type { AriBatch, AvailabilityValue, OccupancyRate, RateValue } from './adapter';

/**
 * What a channel should hold, worked out from what Tarifa published (docs/channels.md, "What is
 * sent"). Pure: the sync job reads the inputs and writes what the channel accepted.
 */

/** A night's values of one remote rate plan (a `RateValue` without its range). */
export type RateNight = Omit<RateValue, 'ratePlanId' | 'from' | 'to'>;
/** A night's rooms left of one remote room type. */
export interface AvailabilityNight {
  availability: number;
}

/** Every value of a connection, by kind, remote key (rate plan or room type) and night. */
export interface ChannelState {
  rate: Map<string, Map<string, RateNight>>;
  availability: Map<string, Map<string, AvailabilityNight>>;
}

export const emptyState = (): ChannelState => ({ rate: new Map(), availability: new Map() });

/** What `desiredState` reads. */
export interface DesiredInputs {
  /** The nights sent, ascending: today (the hotel's) onward; past nights are never sent. */
  nights: readonly string[];
  /** Each live room type's rooms. */
  rooms: ReadonlyMap<string, number>;
  /** Published prices (minor units) and their restrictions, by `room|night`. */
  published: ReadonlyMap<string, { priceMinor: number; restrictions: CellRestrictions | null }>;
  /** Rooms sold by `room|night` (absent: none). */
  sold: ReadonlyMap<string, number>;
  rateSheet: PropertyRateSheet;
  mapping: StoredChannelMapping;
}

export const cellKey = (roomUuid: string, night: string) => `${roomUuid}|${night}`;

const setIn = <V>(state: Map<string, Map<string, V>>, key: string, night: string, value: V) => {
  let nights = state.get(key);
  if (!nights) state.set(key, (nights = new Map()));
  nights.set(night, value);
};

/**
 * The values a channel should hold. Availability: each mapped room type's rooms less those sold
 * (never below 0), every night. Rates: for each mapped (room type, rate plan), each night that has
 * a published price — the plan's price for each guest count the remote plan is priced for (one,
 * at its first occupancy, for a per-room plan), the night's published restrictions (the plan's
 * own minimum stay when longer), and stop-sell when the plan is off sale. A plan, room type or
 * guest count that no longer exists is left out.
 */
export function desiredState(inputs: DesiredInputs): ChannelState {
  const { nights, rooms, published, sold, rateSheet, mapping } = inputs;
  const state = emptyState();
  for (const { roomUuid, remoteRoomId } of mapping.rooms) {
    const units = rooms.get(roomUuid);
    if (units === undefined) continue;
    for (const night of nights) {
      const left = Math.max(0, units - (sold.get(cellKey(roomUuid, night)) ?? 0));
      setIn(state.availability, remoteRoomId, night, { availability: left });
    }
  }
  const plans = new Map(rateSheet.plans.map((plan) => [plan.uuid, plan]));
  const remoteRoomOf = new Map(mapping.rooms.map((room) => [room.roomUuid, room.remoteRoomId]));
  for (const entry of mapping.rates) {
    const plan = plans.get(entry.ratePlanUuid);
    const remoteRoomId = remoteRoomOf.get(entry.roomUuid);
    if (!plan || remoteRoomId === undefined || !rooms.has(entry.roomUuid)) continue;
    if (plan.roomUuids.length > 0 && !plan.roomUuids.includes(entry.roomUuid)) continue;
    const max = rateSheet.sheet.guestRules(entry.roomUuid).maxGuests;
    const guests =
      entry.sellMode === 'per_room'
        ? [Math.min(max, Math.max(1, entry.occupancies[0] ?? max))]
        : entry.occupancies.filter((n) => n >= 1 && n <= max);
    for (const night of nights) {
      const cell = published.get(cellKey(entry.roomUuid, night));
      if (!cell) continue;
      const restrictions = cell.restrictions ?? openRestrictions;
      const rates: OccupancyRate[] = guests.map((occupancy) => ({
        occupancy,
        amountMinor: rateSheet.sheet.price(entry.roomUuid, cell.priceMinor, plan.uuid, occupancy),
      }));
      setIn(state.rate, entry.remoteRatePlanId, night, {
        roomId: remoteRoomId,
        rates,
        minStayArrival: Math.max(restrictions.minStay, plan.minStay ?? 1),
        maxStay: restrictions.maxStay,
        closedToArrival: restrictions.closedToArrival,
        closedToDeparture: restrictions.closedToDeparture,
        stopSell: !plan.active,
      });
    }
  }
  return state;
}

/** A value as JSON with its keys sorted: equal values, equal text (jsonb reorders keys). */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Whether any guest count's price is lower in `next` than in `held`. */
const lowers = (held: RateNight, next: RateNight) =>
  next.rates.some((rate) => {
    const before = held.rates.find((r) => r.occupancy === rate.occupancy);
    return before !== undefined && rate.amountMinor < before.amountMinor;
  });

/**
 * What to send: the desired values the channel does not hold (`sent`: what it accepted last), or
 * every desired value (`all`: a full resync). A night sold out on the channel's room type keeps
 * the prices it was sent when the new ones are lower — Tarifa never reopens a sold-out night
 * cheaper; its restrictions still follow.
 */
export function changedState(
  desired: ChannelState,
  sent: ChannelState,
  options: { all?: boolean } = {},
): ChannelState {
  const all = options.all === true;
  const changed = emptyState();
  for (const [key, nights] of desired.availability) {
    const held = sent.availability.get(key);
    for (const [night, value] of nights) {
      const before = held?.get(night);
      if (all || !before || before.availability !== value.availability) {
        setIn(changed.availability, key, night, value);
      }
    }
  }
  for (const [key, nights] of desired.rate) {
    const held = sent.rate.get(key);
    for (const [night, wanted] of nights) {
      const before = held?.get(night);
      let value = wanted;
      const soldOut = desired.availability.get(wanted.roomId)?.get(night)?.availability === 0;
      if (before && soldOut && lowers(before, wanted)) value = { ...wanted, rates: before.rates };
      if (all || !before || canonical(before) !== canonical(value)) {
        setIn(changed.rate, key, night, value);
      }
    }
  }
  return changed;
}

/** Consecutive nights with equal values, as ranges (`to` inclusive), per key in night order. */
function rangesOf<V>(nights: Map<string, V>): { from: string; to: string; value: V }[] {
  const ordered = [...nights.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const ranges: { from: string; to: string; value: V; text: string }[] = [];
  for (const [night, value] of ordered) {
    const text = canonical(value);
    const last = ranges.at(-1);
    if (last && last.text === text && addDays(last.to, 1) === night) last.to = night;
    else ranges.push({ from: night, to: night, value, text });
  }
  return ranges.map(({ from, to, value }) => ({ from, to, value }));
}

/** A state as one push: equal consecutive nights collapsed into ranges. */
export function batchOf(state: ChannelState, currency: string): AriBatch {
  const rates: RateValue[] = [];
  for (const [ratePlanId, nights] of state.rate) {
    for (const { from, to, value } of rangesOf(nights))
      rates.push({ ratePlanId, from, to, ...value });
  }
  const availability: AvailabilityValue[] = [];
  for (const [roomId, nights] of state.availability) {
    for (const { from, to, value } of rangesOf(nights)) {
      availability.push({ roomId, from, to, availability: value.availability });
    }
  }
  return { currency, rates, availability };
}

/** The nights a batch covers, night by night again (what is recorded as sent). */
export function stateOf(batch: Pick<AriBatch, 'rates' | 'availability'>): ChannelState {
  const state = emptyState();
  for (const { ratePlanId, from, to, ...value } of batch.rates) {
    for (let night = from; night <= to; night = addDays(night, 1)) {
      setIn(state.rate, ratePlanId, night, value);
    }
  }
  for (const { roomId, from, to, availability } of batch.availability) {
    for (let night = from; night <= to; night = addDays(night, 1)) {
      setIn(state.availability, roomId, night, { availability });
    }
  }
  return state;
}

/** The number of (key, night) values a state holds. */
export const sizeOf = (state: ChannelState) =>
  [...state.rate.values(), ...state.availability.values()].reduce((n, m) => n + m.size, 0);

/** A state's values up to `to` (included). */
export function until(state: ChannelState, to: string): ChannelState {
  const cut = <V>(byKey: Map<string, Map<string, V>>) => {
    const out = new Map<string, Map<string, V>>();
    for (const [key, nights] of byKey) {
      const kept = new Map([...nights].filter(([night]) => night <= to));
      if (kept.size > 0) out.set(key, kept);
    }
    return out;
  };
  return { rate: cut(state.rate), availability: cut(state.availability) };
}
