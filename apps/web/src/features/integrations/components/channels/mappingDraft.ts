import { z } from 'zod';
import {
  ZChannelMapping,
  type TChannelConnection,
  type TChannelMapping,
  type TChannelRemote,
  type TRatePlan,
  type TRoomTariff,
} from '@tarifa/contract';

/**
 * The mapping as the owner edits it: for each Tarifa room type the provider's room id, for each
 * (room type, rate plan) sold the provider's plan id — '' where it is not sent.
 */
export interface MappingDraft {
  rooms: Record<string, string>;
  rates: Record<string, string>;
}

/** What the draft is read against: the property's room types and plans, the provider's lists. */
export interface MappingContext {
  rooms: TRoomTariff[];
  ratePlans: TRatePlan[];
  remote: TChannelRemote;
  /** Whether the provider lists its rooms and plans (Channex); else the ids are typed. */
  listsRemote: boolean;
  /** The mapping the draft starts from: the confirmed one, else the suggestion. */
  start: TChannelMapping;
}

export const rateKey = (roomUuid: string, ratePlanUuid: string) => `${roomUuid} ${ratePlanUuid}`;

/** The plans sold for a room type: those for every room or naming it, active or already mapped. */
export function plansOf(context: MappingContext, roomUuid: string): TRatePlan[] {
  const mapped = new Set(
    context.start.rates.filter((r) => r.roomUuid === roomUuid).map((r) => r.ratePlanUuid),
  );
  return context.ratePlans.filter(
    (plan) =>
      (plan.roomUuids.length === 0 || plan.roomUuids.includes(roomUuid)) &&
      (plan.active || mapped.has(plan.uuid)),
  );
}

/** The provider's plans a remote room type can take: its own and those of every room type. */
export const remotePlansOf = (remote: TChannelRemote, remoteRoomId: string) =>
  remote.ratePlans.filter((plan) => plan.roomId === null || plan.roomId === remoteRoomId);

/**
 * How a mapped plan is priced on the provider: as the provider lists it (Channex), else as it was
 * mapped or suggested, else one price per guests count from 1 to the room type's maximum.
 */
function pricingOf(
  context: MappingContext,
  room: TRoomTariff,
  ratePlanUuid: string,
  remoteRatePlanId: string,
): Pick<TChannelMapping['rates'][number], 'sellMode' | 'occupancies'> {
  if (context.listsRemote) {
    const remote = context.remote.ratePlans.find((plan) => plan.id === remoteRatePlanId);
    if (remote) {
      return {
        sellMode: remote.sellMode,
        occupancies: remote.occupancies.length > 0 ? remote.occupancies : [1],
      };
    }
  }
  const known = [...context.start.rates, ...context.remote.suggestion.rates].find(
    (rate) => rate.roomUuid === room.uuid && rate.ratePlanUuid === ratePlanUuid,
  );
  if (known) return { sellMode: known.sellMode, occupancies: known.occupancies };
  return {
    sellMode: 'per_person',
    occupancies: Array.from({ length: room.guests.max }, (_, i) => i + 1),
  };
}

/** The draft a mapping starts from; an id the provider no longer lists starts empty. */
export function draftOf(context: MappingContext): MappingDraft {
  const { start, remote, listsRemote } = context;
  const listed = (ids: string[], id: string) => (!listsRemote || ids.includes(id) ? id : '');
  const remoteRooms = remote.rooms.map((room) => room.id);
  const remotePlans = remote.ratePlans.map((plan) => plan.id);
  const draft: MappingDraft = { rooms: {}, rates: {} };
  for (const room of context.rooms) {
    const mapped = start.rooms.find((entry) => entry.roomUuid === room.uuid);
    draft.rooms[room.uuid] = mapped ? listed(remoteRooms, mapped.remoteRoomId) : '';
    for (const plan of plansOf(context, room.uuid)) {
      const rate = start.rates.find(
        (r) => r.roomUuid === room.uuid && r.ratePlanUuid === plan.uuid,
      );
      draft.rates[rateKey(room.uuid, plan.uuid)] = rate
        ? listed(remotePlans, rate.remoteRatePlanId)
        : '';
    }
  }
  return draft;
}

/**
 * The draft as `PUT …/mapping` takes it: the room types given an id, and under each the plans
 * given one, each priced as the provider sells it. Room types and plans left empty are not sent.
 */
export function mappingOf(context: MappingContext, draft: MappingDraft): TChannelMapping {
  const mapping: TChannelMapping = { rooms: [], rates: [] };
  for (const room of context.rooms) {
    const remoteRoomId = draft.rooms[room.uuid]?.trim() ?? '';
    if (!remoteRoomId) continue;
    mapping.rooms.push({ roomUuid: room.uuid, remoteRoomId });
    for (const plan of plansOf(context, room.uuid)) {
      const remoteRatePlanId = draft.rates[rateKey(room.uuid, plan.uuid)]?.trim() ?? '';
      if (!remoteRatePlanId) continue;
      mapping.rates.push({
        roomUuid: room.uuid,
        ratePlanUuid: plan.uuid,
        remoteRatePlanId,
        ...pricingOf(context, room, plan.uuid, remoteRatePlanId),
      });
    }
  }
  return mapping;
}

/**
 * The mapping form's schema: the draft, turned into the mapping and checked with the contract's
 * schema, so the client's issues and the API's details share their paths (`mapping.rates.2.…`).
 */
export const mappingFormSchema = (context: MappingContext) =>
  z.object({
    mapping: z
      .custom<MappingDraft>()
      .transform((draft) => mappingOf(context, draft))
      .pipe(ZChannelMapping),
  });

/** The mapping a connection's form starts from: the confirmed one, else the suggestion. */
export const startOf = (connection: TChannelConnection, remote: TChannelRemote) =>
  connection.status === 'mapping' || connection.mapping.rooms.length === 0
    ? remote.suggestion
    : connection.mapping;
