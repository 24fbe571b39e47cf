import { randomUUID } from 'node:crypto';
import { roomTypesRepository, toRoomTariff } from '../../core/room-types';
import { businessesRepository, policyFor, systemCaller } from '../../core/tenancy';
import { diff, type AuditInput } from '../../core/unit-of-work';
import type { Executor } from '../../db/client';
import { failures, ImportFailure } from './failures';
import type { StagedRow } from './formats';

/** What a room type created by an import learns from the file: busiest night, average rate. */
export class RoomStats {
  private readonly soldByDay = new Map<number, number>();
  revenueMinor = 0;
  roomNights = 0;

  add(row: StagedRow) {
    if (row.status !== 'confirmed') return; // cancelled and no-show sell no nights (§4)
    const first = Date.parse(`${row.arrival}T00:00:00Z`) / 86_400_000;
    const nights = Math.round(Date.parse(`${row.departure}T00:00:00Z`) / 86_400_000 - first);
    for (let d = 0; d < nights; d++) {
      this.soldByDay.set(first + d, (this.soldByDay.get(first + d) ?? 0) + row.rooms);
    }
    this.revenueMinor += row.totalAmountMinor;
    this.roomNights += nights * row.rooms;
  }

  /** Inventory: the busiest night of the file (so occupancy starts at most 100 %), 1 … 10 000. */
  get rooms() {
    let peak = 1;
    for (const sold of this.soldByDay.values()) if (sold > peak) peak = sold;
    return Math.min(peak, 10_000);
  }

  /** Prices: the file's average nightly rate as base, half of it as minimum, three times as maximum. */
  get prices() {
    const maxMinor = 1_000_000 * 100;
    const base =
      this.roomNights > 0
        ? Math.min(maxMinor, Math.max(100, Math.round(this.revenueMinor / this.roomNights)))
        : 10_000;
    return {
      basePriceMinor: base,
      minPriceMinor: Math.max(1, Math.round(base / 2)),
      maxPriceMinor: Math.min(maxMinor, base * 3),
    };
  }
}

/** Values of a room type created before its rows are all read (settled at the end). */
export const provisionalRoom = {
  rooms: 1,
  basePriceMinor: 10_000,
  minPriceMinor: 5_000,
  maxPriceMinor: 30_000,
};

/** The server, acting for whoever queued the import: it reaches any business. */
export const serverScope = () => policyFor(systemCaller()).businessScope();

/**
 * Room types an import creates (`createMissingRooms`): the business's version goes up once (a
 * tariff change, which also locks its row until commit), and each gets an audit event with the
 * values it ends up with.
 */
export function roomCreator(businessUuid: string) {
  let bumped = false;
  const created = new Map<string, string>();
  return {
    /** Creates the codes not yet taken; answers code → uuid for all of them. */
    async create(
      tx: Executor,
      codes: string[],
      valuesOf: (code: string) => typeof provisionalRoom,
    ): Promise<Map<string, string>> {
      if (!bumped) {
        const row = await businessesRepository(tx, serverScope()).bump(businessUuid, undefined);
        if (!row) throw new ImportFailure(failures.businessGone());
        bumped = true;
      }
      const repo = roomTypesRepository(tx, businessUuid);
      const existing = await repo.liveRoomTypes();
      const byCode = new Map(existing.map((r) => [r.code, r.uuid]));
      const nextOrder = existing.reduce((max, r) => Math.max(max, r.sortOrder + 1), 0);
      const rows = codes
        .filter((code) => !byCode.has(code))
        .map((code, i) => ({
          uuid: randomUUID(),
          name: `Room type ${code}`,
          code,
          ...valuesOf(code),
          sortOrder: nextOrder + i,
        }));
      await repo.insertRoomTypes(rows);
      for (const row of rows) {
        byCode.set(row.code, row.uuid);
        created.set(row.code, row.uuid);
      }
      return new Map(codes.map((code) => [code, byCode.get(code)!]));
    },

    /**
     * Settles the values of the room types created (when given); their codes, and their audit
     * events (written by the unit of work with the import's success).
     */
    async record(
      tx: Executor,
      valuesOf?: (code: string) => typeof provisionalRoom,
    ): Promise<{ codes: string[]; audit: AuditInput[] }> {
      if (created.size === 0) return { codes: [], audit: [] };
      const repo = roomTypesRepository(tx, businessUuid);
      if (valuesOf) {
        for (const [code, uuid] of created) await repo.updateRoomType(uuid, valuesOf(code));
      }
      const uuids = new Set(created.values());
      const rows = (await repo.liveRoomTypes()).filter((r) => uuids.has(r.uuid));
      const audit = rows.map((row): AuditInput => {
        const { uuid: _uuid, ...room } = toRoomTariff(row);
        return {
          action: 'create',
          entity: 'room_type',
          entityId: row.uuid,
          entityName: row.name,
          changes: diff(undefined, room),
        };
      });
      return { codes: [...created.keys()].sort(), audit };
    },
  };
}
export type RoomCreator = ReturnType<typeof roomCreator>;

/** The values the room types an import created end up with: what the file taught about each. */
export const settledRooms =
  (newRooms: ReadonlyMap<string, RoomStats>) =>
  (code: string): typeof provisionalRoom => {
    const stats = newRooms.get(code)!;
    return { rooms: stats.rooms, ...stats.prices };
  };
