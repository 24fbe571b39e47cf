import type { BusinessRow } from '../../core/tenancy';
import type { Configuration } from '../pricing-inputs/configuration';

/** One side of a copy: a property and its tariff configuration. */
export interface Side {
  business: BusinessRow;
  config: Configuration;
}

/** Why a target cannot take the copy; caught per target, never thrown past it. */
export class CopyRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

/**
 * The source's room types carried onto the target's by their code (a season for the source's
 * `DBL` applies to the target's `DBL`); a code the target lacks refuses the copy, naming it.
 */
export function roomMapper(source: Configuration, target: Configuration) {
  const codeOf = new Map(source.roomsTariff.map((room) => [room.uuid, room.code]));
  const uuidOf = new Map(target.roomsTariff.map((room) => [room.code, room.uuid]));
  return (item: string, uuids: string[]) =>
    uuids.map((uuid) => {
      const code = codeOf.get(uuid) ?? uuid;
      const found = uuidOf.get(code);
      if (!found) {
        throw new CopyRefused('room_type_missing', `No room type ${code} for ${item}`, {
          room: code,
          item,
        });
      }
      return found;
    });
}

/** Fields of a rule in a fixed order, room types sorted: two rules alike compare equal. */
export const canonical = (fields: object) =>
  JSON.stringify(
    Object.entries(fields)
      .map(([key, value]) => [key, Array.isArray(value) ? [...value].sort() : value] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
