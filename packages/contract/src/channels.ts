import { z } from 'zod';
import { ZDate } from './business';
import { queryInt, ZIsoDateTime } from './internal';

/**
 * Connections to where rooms are sold (docs/channels.md): a channel manager (Channex) or a system
 * that speaks the OpenTravel messages receives the property's published rates, restrictions and
 * availability, and (Channex) sends its bookings back. `…` below is `/api/v1/businesses/{uuid}`.
 */

export const channelProviders = ['channex', 'opentravel'] as const;
export type TChannelProvider = (typeof channelProviders)[number];

export const channelLimits = {
  nameMax: 80,
  secretMax: 512,
  idMax: 120,
  /** Entries of one page of `GET …/channels/{id}/calls`. */
  callsPageSizeMax: 100,
  /** Nights sent ahead of today (today included). */
  horizonNights: 365,
} as const;

const name = z.string().trim().min(1).max(channelLimits.nameMax);
const remoteId = z.string().trim().min(1).max(channelLimits.idMax);
const secret = z.string().min(1).max(channelLimits.secretMax);

/** `POST …/channels`: the connection is tested with its provider before it is saved. */
export const ZChannelCreate = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('channex'),
    name,
    /** Channex's property id (a uuid in Channex's app, "Properties"). */
    propertyId: z.uuid(),
    apiKey: secret,
    /** `staging`: Channex's test server. */
    environment: z.enum(['production', 'staging']).default('production'),
  }),
  z.object({
    provider: z.literal('opentravel'),
    name,
    endpoint: z.url({ protocol: /^https?$/ }).max(2048),
    hotelCode: remoteId,
    requestorId: remoteId,
    password: secret,
  }),
]);
export type TChannelCreate = z.input<typeof ZChannelCreate>;

const ZChannelRoomMap = z.object({ roomUuid: z.uuid(), remoteRoomId: remoteId });
const ZChannelRateMap = z.object({
  roomUuid: z.uuid(),
  ratePlanUuid: z.uuid(),
  remoteRatePlanId: remoteId,
  /** How the remote plan is priced: one price (at its first occupancy) or one per guests count. */
  sellMode: z.enum(['per_room', 'per_person']),
  occupancies: z.array(z.number().int().min(1).max(50)).min(1).max(50),
});
export const ZChannelMapping = z.object({
  rooms: z.array(ZChannelRoomMap).max(500),
  rates: z.array(ZChannelRateMap).max(5000),
});
export type TChannelMapping = z.infer<typeof ZChannelMapping>;

const channelStatuses = ['mapping', 'active', 'paused'] as const;
/**
 * `never`: nothing pushed yet; `ok`: the last push was taken whole; `warnings`: it was taken but
 * some values were refused (listed in the log); `failing`: the last push or read failed.
 */
const channelHealth = ['never', 'ok', 'warnings', 'failing'] as const;

const ZChannelConnection = z.object({
  uuid: z.uuid(),
  provider: z.enum(channelProviders),
  name: z.string(),
  /** Channex: its property id; OpenTravel: the hotel code. */
  propertyId: z.string(),
  endpoint: z.string(),
  /** The last four characters of the API key or password (never the rest). */
  credentialsHint: z.string(),
  /** `mapping`: connected, the mapping not confirmed; `active`: sending; `paused`. */
  status: z.enum(channelStatuses),
  mapping: ZChannelMapping,
  health: z.enum(channelHealth),
  lastPushAt: ZIsoDateTime.nullable(),
  lastSuccessAt: ZIsoDateTime.nullable(),
  lastBookingAt: ZIsoDateTime.nullable(),
  lastError: z.string().nullable(),
  /** Values the provider refused in the last push. */
  warnings: z.number().int(),
  /** Differences the last read-back found. */
  differences: z.number().int(),
  /** What the provider can do. */
  capabilities: z.object({
    listsRemote: z.boolean(),
    readsBack: z.boolean(),
    sendsBookings: z.boolean(),
  }),
  version: z.number().int(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TChannelConnection = z.infer<typeof ZChannelConnection>;

export const ZChannelConnections = z.object({ connections: z.array(ZChannelConnection) });
export const ZChannelConnectionResponse = z.object({ connection: ZChannelConnection });
export type TChannelConnectionResponse = z.infer<typeof ZChannelConnectionResponse>;

/** `PATCH …/channels/{id}`: rename, pause or resume, or replace the credentials. */
export const ZChannelUpdate = z.object({
  version: z.number().int(),
  name: name.optional(),
  status: z.enum(['active', 'paused']).optional(),
  /** The new API key (Channex) or password (OpenTravel); tested before it is kept. */
  secret: secret.optional(),
});
export type TChannelUpdate = z.input<typeof ZChannelUpdate>;

/** `PUT …/channels/{id}/mapping`: confirms the mapping; the connection starts sending. */
export const ZChannelMappingBody = z.object({
  version: z.number().int(),
  mapping: ZChannelMapping,
});
export type TChannelMappingBody = z.input<typeof ZChannelMappingBody>;

/** `GET …/channels/{id}/remote`: the provider's rooms and plans, and the mapping Tarifa suggests. */
export const ZChannelRemote = z.object({
  rooms: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      code: z.string().nullable(),
      occupancy: z.number().int().nullable(),
    }),
  ),
  ratePlans: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      code: z.string().nullable(),
      roomId: z.string().nullable(),
      sellMode: z.enum(['per_room', 'per_person']),
      occupancies: z.array(z.number().int()),
    }),
  ),
  /** Matched by code, then by name; what the owner confirms or changes. */
  suggestion: ZChannelMapping,
});
export type TChannelRemote = z.infer<typeof ZChannelRemote>;

const channelOperations = ['push', 'read_back', 'bookings', 'test', 'restore'] as const;
const channelOutcomes = ['ok', 'warnings', 'retrying', 'failed'] as const;

/** One entry of a connection's log. */
const ZChannelCall = z.object({
  id: z.number().int(),
  operation: z.enum(channelOperations),
  outcome: z.enum(channelOutcomes),
  at: ZIsoDateTime,
  durationMs: z.number().int(),
  calls: z.number().int(),
  bytes: z.number().int(),
  /** Ranges sent, bookings read or differences found. */
  items: z.number().int(),
  from: ZDate.nullable(),
  to: ZDate.nullable(),
  httpStatus: z.number().int().nullable(),
  message: z.string().nullable(),
  /** The values the provider refused, or the differences a read-back found. */
  details: z.array(
    z.object({
      kind: z.enum(['rate', 'availability']),
      key: z.string(),
      from: ZDate,
      to: ZDate,
      message: z.string(),
    }),
  ),
});
export type TChannelCall = z.infer<typeof ZChannelCall>;

export const ZChannelCallsQuery = z.object({
  page: queryInt(1).default(1),
  pageSize: queryInt(1, channelLimits.callsPageSizeMax).default(20),
});
export const ZChannelCallsPage = z.object({
  calls: z.array(ZChannelCall),
  total: z.number().int(),
});
export type TChannelCallsPage = z.infer<typeof ZChannelCallsPage>;

/** `GET …/channels/delivered?roomUuid&from&to` (≤ 62 nights). */
export const ZChannelDeliveredQuery = z
  .object({ roomUuid: z.uuid(), from: ZDate, to: ZDate })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'must not be before from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 61 * 86_400_000, {
    path: ['to'],
    message: 'at most 62 nights',
  });

/**
 * Where each published price of the nights went: per night, each connection selling the room type
 * and when its channel took the night's values after the price was published (null: not yet).
 */
export const ZChannelDelivered = z.object({
  nights: z.array(
    z.object({
      night: ZDate,
      connections: z.array(
        z.object({
          uuid: z.uuid(),
          name: z.string(),
          provider: z.enum(channelProviders),
          sentAt: ZIsoDateTime.nullable(),
        }),
      ),
    }),
  ),
});
export type TChannelDelivered = z.infer<typeof ZChannelDelivered>;

/** `DELETE …/channels/{id}?restore=`: `true` puts back what the channel held when connected. */
export const ZChannelDisconnectQuery = z.object({
  restore: z.enum(['true', 'false']).default('false'),
});
