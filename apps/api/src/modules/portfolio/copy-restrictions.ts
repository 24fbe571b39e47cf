import type { TPortfolioCopyItem, TStayRestrictions } from '@tarifa/contract';
import { addDays, type RestrictionOverride } from '@tarifa/pricing';
import { reads, type Executor } from '../../db/client';
import {
  restrictionsRepository,
  type RestrictionWrite,
} from '../pricing-inputs/restrictions-repository';
import type { OverridesReplacement } from '../restrictions/service';
import { canonical, roomMapper, type Side } from './copy-matching';

/** Past any night a restriction is set on: the copy takes every night from today on. */
const noEnd = '9999-12-31';

/** What a stay-restrictions copy makes of a target: the items named and the work that makes them. */
export interface RestrictionsPlan {
  items: TPortfolioCopyItem[];
  /** The source's rules, when the target's differ (else null: left alone). */
  rules: TStayRestrictions | null;
  /** The target's own restrictions replaced, room type by room type. */
  replacement: OverridesReplacement;
}

const fields = ['minStay', 'maxStay', 'closedToArrival', 'closedToDeparture'] as const;

/** A night's own restrictions as one comparable value. */
const valueOf = (night: RestrictionOverride) =>
  JSON.stringify(fields.map((field) => night[field] ?? null));

/** The nights, by date, each with its restrictions' value. */
const byNight = (nights: RestrictionOverride[]) =>
  new Map([...nights].sort((a, b) => a.date.localeCompare(b.date)).map((n) => [n.date, n]));

/** Runs of consecutive nights alike, as `PUT …/restrictions/overrides` items (null fields left out). */
function runsOf(roomUuid: string, nights: Map<string, RestrictionOverride>): RestrictionWrite[] {
  const runs: (RestrictionWrite & { value: string })[] = [];
  for (const night of nights.values()) {
    const value = valueOf(night);
    const last = runs[runs.length - 1];
    if (last && last.value === value && addDays(last.to, 1) === night.date) {
      last.to = night.date;
      continue;
    }
    const run: RestrictionWrite & { value: string } = {
      roomUuid,
      from: night.date,
      to: night.date,
      value,
    };
    for (const field of fields) {
      if (night[field] != null) Object.assign(run, { [field]: night[field] });
    }
    runs.push(run);
  }
  return runs.map(({ value: _value, ...run }) => run);
}

/**
 * What copying the source's stay restrictions makes of the target (docs/portfolio.md): the price
 * setup's rules become the source's; for each room type both have (matched by code), the
 * target's own restrictions of the nights from `today` on are replaced by the source's — cleared,
 * then set. A room type only the target has keeps its own; the nights before today are left as
 * they are. Throws `CopyRefused` when the source restricts nights of a room type the target lacks.
 */
export async function planRestrictions(
  db: Executor,
  source: Side,
  target: Side,
  today: string,
): Promise<RestrictionsPlan> {
  const overrides = (side: Side) => () =>
    restrictionsRepository(db, side.business.uuid).overrides(today, noEnd);
  const [from, to] = await reads(db, [overrides(source), overrides(target)]);
  const rooms = roomMapper(source.config, target.config);
  const sourceRooms = new Map(source.config.roomsTariff.map((room) => [room.uuid, room]));
  // The source's nights, on the target's room types (a code the target lacks refuses the copy;
  // a room type no longer in the source's configuration is not copied).
  const copied = from.flatMap((night) => {
    const room = sourceRooms.get(night.roomUuid);
    return room ? [{ ...night, roomUuid: rooms(room.name, [room.uuid])[0]! }] : [];
  });
  const codes = new Set(source.config.roomsTariff.map((room) => room.code));

  const plan: RestrictionsPlan = {
    items: [],
    rules: null,
    replacement: { cleared: [], overrides: [] },
  };
  const rules = source.config.settings.restrictions;
  if (canonical(rules) !== canonical(target.config.settings.restrictions)) {
    plan.rules = rules;
    plan.items.push({ action: 'update', name: '', restrictions: { part: 'rules' } });
  }
  for (const room of target.config.roomsTariff.filter((r) => codes.has(r.code))) {
    const theirs = byNight(copied.filter((night) => night.roomUuid === room.uuid));
    const ours = byNight(to.filter((night) => night.roomUuid === room.uuid));
    const alike =
      theirs.size === ours.size &&
      [...theirs].every(
        ([date, night]) => ours.has(date) && valueOf(ours.get(date)!) === valueOf(night),
      );
    if (alike) continue;
    const cleared = [...ours.keys()].filter((date) => !theirs.has(date)).length;
    plan.items.push({
      action: ours.size === 0 ? 'create' : theirs.size === 0 ? 'delete' : 'update',
      name: room.name,
      restrictions: { part: 'nights', set: theirs.size, cleared },
    });
    if (ours.size > 0) {
      plan.replacement.cleared.push({
        roomUuid: room.uuid,
        from: today,
        to: [...ours.keys()].at(-1)!,
      });
    }
    // One at a time: a room's runs over years of nights are too many to spread as arguments.
    for (const run of runsOf(room.uuid, theirs)) plan.replacement.overrides.push(run);
  }
  return plan;
}
