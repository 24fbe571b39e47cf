import { randomUUID } from 'node:crypto';
import type {
  TChannelCallsPage,
  TChannelDelivered,
  TChannelConnection,
  TChannelCreate,
  TChannelMapping,
  TChannelRemote,
  TChannelUpdate,
} from '@tarifa/contract';
import { ZChannelCreate } from '@tarifa/contract';
import { systemClock } from '../../core/clock';
import type { JobRunner } from '../../core/jobs';
import { roomTypesRepository } from '../../core/room-types-repository';
import { policyFor, reachBusiness, type BusinessRow, type Caller } from '../../core/tenancy';
import { versionConflict, type UnitOfWork, type WriteContext } from '../../core/unit-of-work';
import type { Db, Executor } from '../../db/client';
import type { StoredChannelSettings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { checkOutgoingUrl } from '../../lib/url-guard';
import type { Sealer } from '../../lib/sealed';
import { currentRateRules } from '../pricing-inputs/rate-rules';
import {
  ProviderError,
  type ChannelAdapter,
  type ProviderCode,
  type RemoteRatePlan,
  type RemoteRoom,
} from './adapter';
import { batchOf, sizeOf, type ChannelState } from './ari';
import {
  adapterFor,
  providerCapabilities,
  sealCredentials,
  type OpenTravelSecret,
} from './providers';
import {
  connectionRecords,
  connectionsRepository,
  type CallRow,
  type ConnectionRow,
} from './repository';
import { enqueueBookings } from './bookings';
import { enqueueSync, horizonOf } from './sync';

/** Channex's test server: a connection made with `environment: staging` talks to it. */
export const CHANNEX_STAGING_URL = 'https://staging.channex.io';

export interface ChannelsServiceDeps {
  unitOfWork: UnitOfWork;
  jobs: Pick<JobRunner, 'enqueue' | 'kick'>;
  sealer: Sealer;
  /** Connections may reach internal addresses (`CHANNELS_ALLOW_PRIVATE`). */
  allowPrivate: boolean;
  /** Channex's base URL (`CHANNEX_URL`). */
  channexUrl: string;
  clock?: () => Date;
  /** Builds a connection's adapter (tests may wrap it). */
  adapterOf?: (connection: ConnectionRow) => ChannelAdapter;
}

const noConnection = () => AppError.notFound('Connection');
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A connection on the wire: never its credentials, only their last four characters. */
export function toWireConnection(row: ConnectionRow): TChannelConnection {
  const health =
    row.lastPushAt === null
      ? 'never'
      : row.lastError !== null
        ? 'failing'
        : row.warnings > 0 || row.differences > 0
          ? 'warnings'
          : 'ok';
  return {
    uuid: row.uuid,
    provider: row.provider as TChannelConnection['provider'],
    name: row.name,
    propertyId: row.settings.propertyId,
    endpoint: row.settings.endpoint,
    credentialsHint: row.credentialsHint,
    status: row.status as TChannelConnection['status'],
    mapping: row.mapping,
    health,
    lastPushAt: iso(row.lastPushAt),
    lastSuccessAt: iso(row.lastSuccessAt),
    lastBookingAt: iso(row.lastBookingAt),
    lastError: row.lastError,
    warnings: row.warnings,
    differences: row.differences,
    capabilities: providerCapabilities[row.provider as ProviderCode],
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toWireCall = (row: CallRow): TChannelCallsPage['calls'][number] => ({
  id: row.id,
  operation: row.operation as TChannelCallsPage['calls'][number]['operation'],
  outcome: row.outcome as TChannelCallsPage['calls'][number]['outcome'],
  at: row.at.toISOString(),
  durationMs: row.durationMs,
  calls: row.calls,
  bytes: row.bytes,
  items: row.items,
  from: row.fromNight,
  to: row.toNight,
  httpStatus: row.httpStatus,
  message: row.message,
  details: row.details as TChannelCallsPage['calls'][number]['details'],
});

/** The last four characters of a secret, all the owner sees of it again. */
const hintOf = (secret: string) => (secret.length > 8 ? `…${secret.slice(-4)}` : '…');

/** Words without case, accents or punctuation, to match names across systems. */
const plain = (text: string | null | undefined) =>
  (text ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The mapping Tarifa suggests: each room type to the remote room type of the same code, else of
 * the same name; each (room type, rate plan) to a plan of that remote room type with the same
 * code or name — the base plan to the remote room's only plan when it has one.
 */
export function suggestMapping(
  rooms: { uuid: string; code: string; name: string }[],
  plans: {
    uuid: string;
    code: string;
    name: string;
    base: boolean;
    roomUuids: readonly string[];
  }[],
  remoteRooms: RemoteRoom[],
  remotePlans: RemoteRatePlan[],
): TChannelMapping {
  const mapping: TChannelMapping = { rooms: [], rates: [] };
  const taken = new Set<string>();
  for (const room of rooms) {
    const match =
      remoteRooms.find((r) => !taken.has(r.id) && r.code && plain(r.code) === plain(room.code)) ??
      remoteRooms.find((r) => !taken.has(r.id) && plain(r.name) === plain(room.name));
    if (!match) continue;
    taken.add(match.id);
    mapping.rooms.push({ roomUuid: room.uuid, remoteRoomId: match.id });
    const ofRoom = remotePlans.filter((p) => p.roomId === match.id || p.roomId === null);
    for (const plan of plans) {
      if (plan.roomUuids.length > 0 && !plan.roomUuids.includes(room.uuid)) continue;
      const remote =
        ofRoom.find((p) => p.code && plain(p.code) === plain(plan.code)) ??
        ofRoom.find((p) => plain(p.name) === plain(plan.name)) ??
        (plan.base && ofRoom.length === 1 ? ofRoom[0] : undefined);
      if (!remote) continue;
      mapping.rates.push({
        roomUuid: room.uuid,
        ratePlanUuid: plan.uuid,
        remoteRatePlanId: remote.id,
        sellMode: remote.sellMode,
        occupancies: remote.occupancies.length > 0 ? remote.occupancies : [1],
      });
    }
  }
  return mapping;
}

/**
 * A provider's refusal of a connection as the owner's error: refused credentials name the field
 * that holds them, an unknown property its id; a provider that does not answer is a 503.
 */
function connectionRefusal(err: ProviderError, provider: string): AppError {
  const secretField = provider === 'channex' ? 'apiKey' : 'password';
  if (err.status === 401 || err.status === 403) {
    return AppError.field(
      secretField,
      'credentials_refused',
      'The provider refused these credentials',
    );
  }
  if (err.status === 404) {
    return AppError.field(
      provider === 'channex' ? 'propertyId' : 'hotelCode',
      'unknown_property',
      'The provider has no property with this id for these credentials',
    );
  }
  if (!err.retryable && err.status !== null && err.status < 500) {
    return AppError.field(
      provider === 'channex' ? 'propertyId' : 'endpoint',
      'refused',
      err.message,
    );
  }
  return new AppError('service_unavailable', `The provider did not answer: ${err.message}`);
}

/**
 * A business's channel connections (docs/channels.md): made (tested first), mapped, paused,
 * resumed, re-synced, read in their log, disconnected (optionally putting back what the channel
 * held). Writes go through the unit of work with their audit (entity `channel_connection`); the
 * credentials are sealed before they touch the database and are never audited, logged or answered.
 */
export function channelsService(db: Db, deps: ChannelsServiceDeps) {
  const clock = deps.clock ?? systemClock;
  const uow = deps.unitOfWork;
  const adapterOf =
    deps.adapterOf ??
    ((connection: ConnectionRow) =>
      adapterFor(connection, { sealer: deps.sealer, allowPrivate: deps.allowPrivate }));

  const assertManage = (caller: Caller) =>
    policyFor(caller).assert('manage', 'Channel', 'Integration tokens may not manage connections');

  async function reachConnection(
    executor: Executor,
    caller: Caller,
    businessUuid: string,
    uuid: string,
  ) {
    assertManage(caller);
    const business = await reachBusiness(executor, caller, businessUuid);
    const row = await connectionsRepository(executor, business.uuid).get(uuid);
    if (!row) throw noConnection();
    return { business, row };
  }

  /** Runs a provider call, turning its refusal into the owner's error. */
  async function tried<T>(provider: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof ProviderError) throw connectionRefusal(err, provider);
      throw err;
    }
  }

  async function write<T>(
    caller: Caller,
    businessUuid: string,
    work: (
      ctx: WriteContext & {
        business: BusinessRow;
        repo: ReturnType<typeof connectionsRepository>;
        now: Date;
      },
    ) => Promise<T>,
  ): Promise<T> {
    assertManage(caller);
    const result = await uow.write(caller, async (ctx) => {
      const business = await reachBusiness(ctx.tx, caller, businessUuid);
      return work({
        ...ctx,
        business,
        repo: connectionsRepository(ctx.tx, business.uuid),
        now: clock(),
      });
    });
    deps.jobs.kick();
    return result;
  }

  /** The settings and secret of a new connection, its addresses checked. */
  async function settingsOf(
    body: ReturnType<typeof ZChannelCreate.parse>,
  ): Promise<{ settings: StoredChannelSettings; secret: string | OpenTravelSecret; hint: string }> {
    if (body.provider === 'channex') {
      const endpoint = body.environment === 'staging' ? CHANNEX_STAGING_URL : deps.channexUrl;
      return {
        settings: { propertyId: body.propertyId, endpoint },
        secret: body.apiKey,
        hint: hintOf(body.apiKey),
      };
    }
    const refusal = await checkOutgoingUrl(body.endpoint, { allowPrivate: deps.allowPrivate });
    if (refusal) {
      throw refusal.code === 'invalid_url'
        ? AppError.field('endpoint', 'invalid_format', refusal.message, { format: 'url' })
        : AppError.field('endpoint', refusal.code, refusal.message);
    }
    return {
      settings: { propertyId: body.hotelCode, endpoint: body.endpoint },
      secret: { requestorId: body.requestorId, password: body.password },
      hint: hintOf(body.password),
    };
  }

  /**
   * For a provider that lists nothing (OpenTravel): Tarifa's own codes, the usual agreement with
   * such a system — each room type by its code, each plan by its code, priced per guest count.
   */
  async function codesMapping(business: BusinessRow): Promise<TChannelMapping> {
    const rooms = await roomTypesRepository(db, business.uuid).liveRoomTypes();
    const plans = (await currentRateRules(db, business, rooms)).ratePlans;
    return {
      rooms: rooms.map((room) => ({ roomUuid: room.uuid, remoteRoomId: room.code })),
      rates: rooms.flatMap((room) =>
        plans
          .filter((plan) => plan.roomUuids.length === 0 || plan.roomUuids.includes(room.uuid))
          .map((plan) => ({
            roomUuid: room.uuid,
            ratePlanUuid: plan.uuid,
            remoteRatePlanId: plan.code,
            sellMode: 'per_person' as const,
            occupancies: Array.from({ length: room.maxGuests }, (_, i) => i + 1),
          })),
      ),
    };
  }

  return {
    /** `GET …/channels`. */
    async list(caller: Caller, businessUuid: string) {
      assertManage(caller);
      const business = await reachBusiness(db, caller, businessUuid);
      const rows = await connectionsRepository(db, business.uuid).list();
      return { connections: rows.map((row) => toWireConnection(row)) };
    },

    /** `GET …/channels/{id}`. */
    async get(caller: Caller, businessUuid: string, uuid: string) {
      const { row } = await reachConnection(db, caller, businessUuid, uuid);
      return { connection: toWireConnection(row) };
    },

    /**
     * `POST …/channels`: the credentials are tried with the provider first (a refusal names the
     * field); the connection starts in `mapping`, sending nothing until its mapping is confirmed.
     */
    async create(caller: Caller, businessUuid: string, input: TChannelCreate) {
      assertManage(caller);
      await reachBusiness(db, caller, businessUuid);
      const body = ZChannelCreate.parse(input);
      const { settings, secret, hint } = await settingsOf(body);
      const uuid = randomUUID();
      const credentials = sealCredentials(deps.sealer, uuid, secret);
      const draft = { uuid, provider: body.provider, settings, credentials };
      await tried(body.provider, () => adapterOf(draft as ConnectionRow).test());
      const row = await write(caller, businessUuid, async ({ repo, record, now }) => {
        const inserted = await repo.insert(
          { ...draft, name: body.name, credentialsHint: hint },
          now,
        );
        record(businessUuid, {
          action: 'create',
          entity: 'channel_connection',
          entityId: uuid,
          entityName: body.name,
          changes: {
            provider: { before: null, after: body.provider },
            propertyId: { before: null, after: settings.propertyId },
            endpoint: { before: null, after: settings.endpoint },
          },
        });
        return inserted;
      });
      return { connection: toWireConnection(row) };
    },

    /** `PATCH …/channels/{id}`: rename, pause or resume, or new credentials (tried first). */
    async update(caller: Caller, businessUuid: string, uuid: string, body: TChannelUpdate) {
      const { row: before } = await reachConnection(db, caller, businessUuid, uuid);
      let sealed: { credentials: string; credentialsHint: string } | undefined;
      if (body.secret !== undefined) {
        const secret =
          before.provider === 'channex'
            ? body.secret
            : {
                ...(JSON.parse(deps.sealer.open(before.credentials, uuid)) as OpenTravelSecret),
                password: body.secret,
              };
        const credentials = sealCredentials(deps.sealer, uuid, secret);
        await tried(before.provider, () => adapterOf({ ...before, credentials }).test());
        sealed = { credentials, credentialsHint: hintOf(body.secret) };
      }
      if (body.status === 'active' && before.status === 'mapping') {
        throw AppError.field(
          'status',
          'mapping_required',
          'Confirm the mapping first: it starts sending',
        );
      }
      const row = await write(caller, businessUuid, async ({ tx, repo, record, now }) => {
        const current = await repo.get(uuid, { lock: true });
        if (!current) throw noConnection();
        if (current.version !== body.version) throw versionConflict();
        const updated = await repo.update(
          uuid,
          {
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.status !== undefined && current.status !== 'mapping'
              ? { status: body.status }
              : {}),
            ...sealed,
          },
          now,
        );
        const changes: Record<string, { before: unknown; after: unknown }> = {};
        if (body.name !== undefined && body.name !== current.name)
          changes.name = { before: current.name, after: body.name };
        if (updated!.status !== current.status)
          changes.status = { before: current.status, after: updated!.status };
        if (sealed)
          changes.credentialsHint = {
            before: current.credentialsHint,
            after: sealed.credentialsHint,
          };
        record(businessUuid, {
          action: 'update',
          entity: 'channel_connection',
          entityId: uuid,
          entityName: updated!.name,
          changes,
        });
        // Resumed: what changed while paused goes out now.
        if (current.status === 'paused' && updated!.status === 'active')
          await enqueueSync(deps.jobs, tx, updated!);
        return updated!;
      });
      return { connection: toWireConnection(row) };
    },

    /** `GET …/channels/{id}/remote`: the provider's room types and plans, and a suggested mapping. */
    async remote(caller: Caller, businessUuid: string, uuid: string): Promise<TChannelRemote> {
      const { business, row } = await reachConnection(db, caller, businessUuid, uuid);
      const adapter = adapterOf(row);
      if (!adapter.listRemoteRooms || !adapter.listRemoteRatePlans) {
        return { rooms: [], ratePlans: [], suggestion: await codesMapping(business) };
      }
      const [rooms, ratePlans] = await tried(row.provider, () =>
        Promise.all([adapter.listRemoteRooms!(), adapter.listRemoteRatePlans!()]),
      );
      const ours = await roomTypesRepository(db, business.uuid).liveRoomTypes();
      const plans = (await currentRateRules(db, business, ours)).ratePlans;
      const suggestion = suggestMapping(
        ours,
        plans.map((p) => ({ ...p, base: p.derivedFromUuid === null })),
        rooms,
        ratePlans,
      );
      return { rooms, ratePlans, suggestion };
    },

    /**
     * `PUT …/channels/{id}/mapping`: checks every room type and plan is the property's (and, where
     * the provider lists them, every remote id is the provider's), keeps it, and — a connection in
     * `mapping` becoming `active` — sends everything.
     */
    async putMapping(
      caller: Caller,
      businessUuid: string,
      uuid: string,
      body: { version: number; mapping: TChannelMapping },
    ) {
      const { business, row } = await reachConnection(db, caller, businessUuid, uuid);
      const rooms = await roomTypesRepository(db, business.uuid).liveRoomTypes();
      const plans = (await currentRateRules(db, business, rooms)).ratePlans;
      const roomIds = new Set(rooms.map((r) => r.uuid));
      const planIds = new Set(plans.map((p) => p.uuid));
      const { mapping } = body;
      mapping.rooms.forEach((entry, i) => {
        if (!roomIds.has(entry.roomUuid)) {
          throw AppError.field(
            `mapping.rooms.${i}.roomUuid`,
            'unknown_room',
            'Not a room type of this property',
          );
        }
      });
      const mappedRooms = new Set(mapping.rooms.map((r) => r.roomUuid));
      mapping.rates.forEach((entry, i) => {
        if (!mappedRooms.has(entry.roomUuid)) {
          throw AppError.field(
            `mapping.rates.${i}.roomUuid`,
            'room_not_mapped',
            'Map the room type first',
          );
        }
        if (!planIds.has(entry.ratePlanUuid)) {
          throw AppError.field(
            `mapping.rates.${i}.ratePlanUuid`,
            'unknown_rate_plan',
            'Not a rate plan of this property',
          );
        }
      });
      const seen = new Set<string>();
      mapping.rates.forEach((entry, i) => {
        const key = `${entry.roomUuid}|${entry.ratePlanUuid}`;
        if (seen.has(key)) {
          throw AppError.field(
            `mapping.rates.${i}.ratePlanUuid`,
            'duplicate',
            'This room type and plan are mapped twice',
          );
        }
        seen.add(key);
      });
      const adapter = adapterOf(row);
      if (adapter.listRemoteRooms && adapter.listRemoteRatePlans) {
        const [remoteRooms, remotePlans] = await tried(row.provider, () =>
          Promise.all([adapter.listRemoteRooms!(), adapter.listRemoteRatePlans!()]),
        );
        const roomOf = new Map(remoteRooms.map((r) => [r.id, r]));
        const planOf = new Map(remotePlans.map((p) => [p.id, p]));
        const remoteRoomOf = new Map(mapping.rooms.map((r) => [r.roomUuid, r.remoteRoomId]));
        mapping.rooms.forEach((entry, i) => {
          if (!roomOf.has(entry.remoteRoomId)) {
            throw AppError.field(
              `mapping.rooms.${i}.remoteRoomId`,
              'unknown_remote',
              'The provider has no such room type',
            );
          }
        });
        mapping.rates.forEach((entry, i) => {
          const remote = planOf.get(entry.remoteRatePlanId);
          if (!remote) {
            throw AppError.field(
              `mapping.rates.${i}.remoteRatePlanId`,
              'unknown_remote',
              'The provider has no such rate plan',
            );
          }
          if (remote.roomId !== null && remote.roomId !== remoteRoomOf.get(entry.roomUuid)) {
            throw AppError.field(
              `mapping.rates.${i}.remoteRatePlanId`,
              'other_room',
              "This rate plan belongs to another of the provider's room types",
            );
          }
        });
      }
      const updated = await write(caller, businessUuid, async ({ tx, repo, record, now }) => {
        const current = await repo.get(uuid, { lock: true });
        if (!current) throw noConnection();
        if (current.version !== body.version) throw versionConflict();
        const next = await repo.update(
          uuid,
          {
            mapping,
            // What the channel holds is known again only after a sync under this mapping.
            syncedAt: null,
            ...(current.status === 'mapping' ? { status: 'active' } : {}),
          },
          now,
        );
        // Values of keys no longer mapped are forgotten: mapped again, they are sent again.
        await connectionRecords(tx, uuid).forget('sent');
        record(businessUuid, {
          action: 'update',
          entity: 'channel_connection',
          entityId: uuid,
          entityName: current.name,
          changes: {
            mapping: {
              before: { rooms: current.mapping.rooms.length, rates: current.mapping.rates.length },
              after: { rooms: mapping.rooms.length, rates: mapping.rates.length },
            },
            ...(current.status !== next!.status
              ? { status: { before: current.status, after: next!.status } }
              : {}),
          },
        });
        if (next!.status === 'active') {
          await enqueueSync(deps.jobs, tx, next!, { full: true });
          await enqueueBookings(deps.jobs, tx, next!);
        }
        return next!;
      });
      return { connection: toWireConnection(updated) };
    },

    /** `POST …/channels/{id}/resync`: every value sent again, whatever the channel is known to hold. */
    async resync(caller: Caller, businessUuid: string, uuid: string) {
      const { row } = await reachConnection(db, caller, businessUuid, uuid);
      if (row.status !== 'active') {
        throw new AppError(
          'conflict',
          row.status === 'mapping' ? 'Confirm the mapping first' : 'The connection is paused',
        );
      }
      await uow.write(caller, async ({ tx }) => enqueueSync(deps.jobs, tx, row, { full: true }));
      deps.jobs.kick();
    },

    /**
     * `GET …/channels/delivered`: where the published prices of a room type's nights went. Read by
     * the owner's calendar; readable by a `prices` token too, like the prices it speaks of.
     */
    async delivered(
      caller: Caller,
      businessUuid: string,
      query: { roomUuid: string; from: string; to: string },
    ): Promise<TChannelDelivered> {
      policyFor(caller).assert('read', 'Price');
      const business = await reachBusiness(db, caller, businessUuid);
      const rows = await connectionsRepository(db, business.uuid).delivered(
        query.roomUuid,
        query.from,
        query.to,
      );
      const nights = new Map<string, TChannelDelivered['nights'][number]>();
      for (const row of rows) {
        let night = nights.get(row.night);
        if (!night) nights.set(row.night, (night = { night: row.night, connections: [] }));
        night.connections.push({
          uuid: row.uuid,
          name: row.name,
          provider:
            row.provider as TChannelDelivered['nights'][number]['connections'][number]['provider'],
          sentAt: row.sentAt === null ? null : new Date(row.sentAt).toISOString(),
        });
      }
      return { nights: [...nights.values()] };
    },

    /** `GET …/channels/{id}/calls`: the log, newest first. */
    async calls(
      caller: Caller,
      businessUuid: string,
      uuid: string,
      page: number,
      pageSize: number,
    ): Promise<TChannelCallsPage> {
      const { business } = await reachConnection(db, caller, businessUuid, uuid);
      const repo = connectionsRepository(db, business.uuid);
      const [rows, total] = await Promise.all([
        repo.calls(uuid, pageSize, (page - 1) * pageSize),
        repo.callCount(uuid),
      ]);
      return { calls: rows.map(toWireCall), total };
    },

    /**
     * `DELETE …/channels/{id}`: with `restore`, what the channel held when the connection started
     * sending is pushed back first (from today on); if that push fails nothing is removed and the
     * error says why. Without it, the channel keeps the last values Tarifa sent.
     */
    async disconnect(caller: Caller, businessUuid: string, uuid: string, restore: boolean) {
      const { business, row } = await reachConnection(db, caller, businessUuid, uuid);
      if (restore) {
        const { from } = horizonOf(clock(), business.timezone);
        const original: ChannelState = await connectionRecords(db, uuid).values('original', from);
        if (sizeOf(original) > 0) {
          const batch = batchOf(original, business.currency);
          const begun = performance.now();
          try {
            const outcome = await adapterOf(row).pushAri(batch);
            await connectionRecords(db, uuid).log({
              operation: 'restore',
              outcome: outcome.warnings.length ? 'warnings' : 'ok',
              at: clock(),
              durationMs: Math.round(performance.now() - begun),
              calls: outcome.calls,
              bytes: outcome.bytes,
              items: batch.rates.length + batch.availability.length,
            });
          } catch (err) {
            if (err instanceof ProviderError) throw connectionRefusal(err, row.provider);
            throw err;
          }
        }
      }
      await write(caller, businessUuid, async ({ repo, record }) => {
        if (!(await repo.delete(uuid))) throw noConnection();
        record(businessUuid, {
          action: 'delete',
          entity: 'channel_connection',
          entityId: uuid,
          entityName: row.name,
          changes: {
            provider: { before: row.provider, after: null },
            restored: { before: null, after: restore },
          },
        });
      });
    },
  };
}
export type ChannelsService = ReturnType<typeof channelsService>;
