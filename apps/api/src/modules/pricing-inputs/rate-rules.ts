import type { TRateRuleItem, TRateRules } from '@tarifa/contract';
import { inDerivationOrder, type RatePlanInput } from '@tarifa/pricing';
import { roomTypesRepository } from '../../core/room-types-repository';
import { toRoomGuests, toRoomTariff, type RoomTypeRow } from '../../core/room-types';
import type { BusinessRow } from '../../core/tenancy';
import type { Executor } from '../../db/client';
import type { StoredRateRules } from '../../db/schema';
import { toSettings } from '../businesses/mapping';
import { ratePlansRepository, toRatePlanInput, toRuleRatePlan } from '../rate-plans/repository';
import { rateRuleChangesRepository } from './rate-rules-repository';
import { compilePropertySheet, type PropertyRateSheet } from './rate-sheet';

/**
 * The rate rules (docs/rate-plans.md, "Changing the rules"): the rate plans, each room type's
 * guests, the property's guest defaults and length-of-stay rules — what expands an approved base
 * price into every plan and guests count. They are published like prices: the rules the published
 * prices are expanded with are the latest approved row of `rate_rule_changes`, and an edit waits
 * in a pending row until the owner decides. Rounding is the engine's (it moves base prices, which
 * have their own changes): the sheet always rounds as the settings say now.
 */

type RuleRoom = StoredRateRules['rooms'][number];

const byUuid = <T extends { uuid: string }>(a: T, b: T) => (a.uuid < b.uuid ? -1 : 1);

const guestColumns = (row: RoomTypeRow | RuleRoom) => ({
  standardGuests: row.standardGuests,
  maxGuests: row.maxGuests,
  guestPricing: row.guestPricing,
  extraGuestType: row.extraGuestType,
  extraGuestValue: row.extraGuestValue,
  missingGuestType: row.missingGuestType,
  missingGuestValue: row.missingGuestValue,
});

/** The business's rules as they are now (its live room types, its plans, its settings). */
export async function currentRateRules(
  tx: Executor,
  business: BusinessRow,
  rooms?: readonly RoomTypeRow[],
): Promise<StoredRateRules> {
  // One after another: `tx` may be a transaction, one connection running one query at a time.
  const plans = await ratePlansRepository(tx, business.uuid).list();
  const live = rooms ?? (await roomTypesRepository(tx, business.uuid).liveRoomTypes());
  return {
    ratePlans: plans
      .map(({ businessUuid: _b, createdAt: _c, updatedAt: _u, ...plan }) => plan)
      .sort(byUuid),
    rooms: live
      .map((row) => ({ uuid: row.uuid, name: row.name, ...guestColumns(row) }))
      .sort(byUuid),
    guests: business.settings.guests ?? null,
    lengthOfStay: business.settings.lengthOfStay ?? [],
  };
}

/** The rules as the owner reads them (the business's other settings fill in the defaults). */
export function rateRulesToWire(rules: StoredRateRules, business: BusinessRow): TRateRules {
  const settings = toSettings({
    ...business.settings,
    guests: rules.guests ?? undefined,
    lengthOfStay: rules.lengthOfStay,
  });
  const plans = inDerivationOrder(rules.ratePlans.map(toRuleRatePlan));
  return {
    ratePlans: plans,
    rooms: rules.rooms.map((room) => ({
      uuid: room.uuid,
      name: room.name,
      guests: toRoomGuests(room),
    })),
    guests: settings.guests,
    lengthOfStay: settings.lengthOfStay,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const fieldsThatDiffer = <T extends object>(a: T, b: T, except: readonly string[] = []) =>
  Object.keys(a).filter(
    (key) => !except.includes(key) && !same(a[key as keyof T], b[key as keyof T]),
  );

/**
 * What moves from `before` to `after` (both on the wire): each plan added, removed or changed
 * (with its fields), each room type's guests (room types in both: a new one has nothing
 * published, a deleted one nothing to publish), the guest defaults, the length-of-stay rules.
 * None: the rules are the same.
 */
export function rateRuleItems(before: TRateRules, after: TRateRules): TRateRuleItem[] {
  const items: TRateRuleItem[] = [];
  const plansBefore = new Map(before.ratePlans.map((plan) => [plan.uuid, plan]));
  const plansAfter = new Map(after.ratePlans.map((plan) => [plan.uuid, plan]));
  for (const plan of after.ratePlans) {
    const was = plansBefore.get(plan.uuid);
    if (!was) items.push({ kind: 'ratePlan', uuid: plan.uuid, change: 'added', fields: [] });
    else {
      const fields = fieldsThatDiffer(was, plan, ['uuid', 'base']);
      if (fields.length)
        items.push({ kind: 'ratePlan', uuid: plan.uuid, change: 'changed', fields });
    }
  }
  for (const plan of before.ratePlans) {
    if (!plansAfter.has(plan.uuid)) {
      items.push({ kind: 'ratePlan', uuid: plan.uuid, change: 'removed', fields: [] });
    }
  }
  const roomsBefore = new Map(before.rooms.map((room) => [room.uuid, room]));
  for (const room of after.rooms) {
    const was = roomsBefore.get(room.uuid);
    const fields = was ? fieldsThatDiffer(was.guests, room.guests) : [];
    if (fields.length) items.push({ kind: 'roomGuests', roomUuid: room.uuid, fields });
  }
  const defaults = fieldsThatDiffer(before.guests, after.guests);
  if (defaults.length) items.push({ kind: 'guestDefaults', fields: defaults });
  if (!same(before.lengthOfStay, after.lengthOfStay)) items.push({ kind: 'lengthOfStay' });
  return items;
}

/**
 * The live room types (`rooms`, uuids) whose rates the change from `before` to `after` moves: a
 * plan's (or any plan derived from it, in either) — every room type for a plan sold for all; a
 * room type's guests; the guest defaults, for room types that use them; every room type for the
 * length-of-stay rules.
 */
export function roomsReached(
  before: TRateRules,
  after: TRateRules,
  items: readonly TRateRuleItem[],
  rooms: readonly string[],
): string[] {
  const reached = new Set<string>();
  const all = () => rooms.forEach((room) => reached.add(room));
  const plans = [...before.ratePlans, ...after.ratePlans];
  const moved = new Set(items.flatMap((item) => (item.kind === 'ratePlan' ? [item.uuid] : [])));
  // A plan derived from a moved plan moves with it.
  for (let grew = true; grew;) {
    grew = false;
    for (const plan of plans) {
      if (plan.derivedFrom !== null && moved.has(plan.derivedFrom) && !moved.has(plan.uuid)) {
        moved.add(plan.uuid);
        grew = true;
      }
    }
  }
  for (const plan of plans) {
    if (!moved.has(plan.uuid)) continue;
    if (plan.roomUuids.length === 0) all();
    else plan.roomUuids.forEach((room) => reached.add(room));
  }
  for (const item of items) {
    if (item.kind === 'roomGuests') reached.add(item.roomUuid);
    else if (item.kind === 'lengthOfStay') all();
    else if (item.kind === 'guestDefaults') {
      for (const room of [...before.rooms, ...after.rooms]) {
        const uses = item.fields.some(
          (field) => room.guests[field as 'extraGuest' | 'missingGuest'] === null,
        );
        if (uses && room.guests.pricing === 'per_room') reached.add(room.uuid);
      }
    }
  }
  const live = new Set(rooms);
  return [...reached].filter((room) => live.has(room)).sort();
}

/** The rate sheet of rules (`rules`) over the business's live room types (`rooms`). */
export function rateSheetOfRules(
  rules: StoredRateRules,
  rooms: readonly RoomTypeRow[],
  business: BusinessRow,
): PropertyRateSheet {
  const ruled = new Map(rules.rooms.map((room) => [room.uuid, room]));
  const roomsTariff = rooms.map((row) => {
    const room = ruled.get(row.uuid);
    // A room type the rules do not know was added since: it has its guests as they are now.
    return toRoomTariff(room ? { ...row, ...guestColumns(room) } : row);
  });
  const settings = toSettings({
    ...business.settings,
    guests: rules.guests ?? undefined,
    lengthOfStay: rules.lengthOfStay,
  });
  const plans: RatePlanInput[] = inDerivationOrder(rules.ratePlans.map(toRatePlanInput));
  return compilePropertySheet({ roomsTariff, settings }, plans);
}

/**
 * The sheet the business's published prices are expanded with (deliveries, the CSV, the
 * calendar's published prices): its published rules', or — a business that never published —
 * its rules as they are now.
 */
export async function loadPublishedRateSheet(
  tx: Executor,
  business: BusinessRow,
): Promise<PropertyRateSheet> {
  const row = await rateRuleChangesRepository(tx, business.uuid).published();
  const rooms = await roomTypesRepository(tx, business.uuid).liveRoomTypes();
  if (row) return rateSheetOfRules(row.rules, rooms, business);
  return rateSheetOfRules(await currentRateRules(tx, business, rooms), rooms, business);
}
