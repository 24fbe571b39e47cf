import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CellRestrictions } from '@tarifa/pricing';
import { rowsOf, type Executor } from '../../db/client';
import {
  channelCalls,
  channelConnections,
  channelRevisions,
  channelValues,
  type StoredChannelMapping,
  type StoredChannelSettings,
} from '../../db/schema';
import { emptyState, type AvailabilityNight, type ChannelState, type RateNight } from './ari';

export type ConnectionRow = typeof channelConnections.$inferSelect;
export type CallRow = typeof channelCalls.$inferSelect;
export type CallInput = Omit<typeof channelCalls.$inferInsert, 'id' | 'connectionUuid'>;

/** Entries of the log kept per connection (the oldest go first). */
export const CALLS_KEPT = 500;
/** Values written in one statement. */
const VALUES_PER_STATEMENT = 5000;

/** A connection by its uuid alone (the jobs know no business before reading it). */
export async function connectionById(
  db: Executor,
  uuid: string,
  options: { lock?: boolean } = {},
): Promise<ConnectionRow | undefined> {
  const query = db.select().from(channelConnections).where(eq(channelConnections.uuid, uuid));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** The connections of one business the caller already reached: every query carries its uuid. */
export function connectionsRepository(db: Executor, businessUuid: string) {
  const ofBusiness = eq(channelConnections.businessUuid, businessUuid);
  const one = (uuid: string) => and(ofBusiness, eq(channelConnections.uuid, uuid));

  return {
    list: () =>
      db
        .select()
        .from(channelConnections)
        .where(ofBusiness)
        .orderBy(asc(channelConnections.createdAt)),

    get: async (uuid: string, options: { lock?: boolean } = {}) => {
      const query = db.select().from(channelConnections).where(one(uuid));
      const [row] = await (options.lock ? query.for('update') : query);
      return row;
    },

    /** Those that send: the sync of a business goes to each. */
    active: () =>
      db
        .select({ uuid: channelConnections.uuid })
        .from(channelConnections)
        .where(and(ofBusiness, eq(channelConnections.status, 'active'))),

    insert: async (
      values: {
        uuid: string;
        provider: string;
        name: string;
        settings: StoredChannelSettings;
        credentials: string;
        credentialsHint: string;
      },
      now: Date,
    ) => {
      const [row] = await db
        .insert(channelConnections)
        .values({ ...values, businessUuid, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },

    /** Writes the given columns and bumps the version; the row after, or undefined. */
    update: async (
      uuid: string,
      values: Partial<{
        name: string;
        status: string;
        mapping: StoredChannelMapping;
        credentials: string;
        credentialsHint: string;
        settings: StoredChannelSettings;
        syncedAt: Date | null;
      }>,
      now: Date,
    ) => {
      const [row] = await db
        .update(channelConnections)
        .set({ ...values, version: sql`${channelConnections.version} + 1`, updatedAt: now })
        .where(one(uuid))
        .returning();
      return row;
    },

    delete: async (uuid: string) => {
      const rows = await db
        .delete(channelConnections)
        .where(one(uuid))
        .returning({ uuid: channelConnections.uuid });
      return rows.length > 0;
    },

    /** The log of one connection, newest first. */
    calls: (uuid: string, limit: number, offset: number) =>
      db
        .select()
        .from(channelCalls)
        .where(eq(channelCalls.connectionUuid, uuid))
        .orderBy(desc(channelCalls.id))
        .limit(limit)
        .offset(offset),

    callCount: async (uuid: string) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(channelCalls)
        .where(eq(channelCalls.connectionUuid, uuid));
      return row?.n ?? 0;
    },

    /**
     * Where the published prices of a room type's nights `from`…`to` are: for each connection that
     * sells the room type, when its channel took the night's values after the price was published,
     * or else when a sync that began after it left the channel holding everything (null: not yet —
     * waiting, failing or paused). Nights before the connection was made are not its.
     */
    delivered: async (roomUuid: string, from: string, to: string) =>
      rowsOf<{
        night: string;
        uuid: string;
        name: string;
        provider: string;
        sentAt: Date | string | null;
      }>(
        await db.execute(sql`
          select to_char(pp.night, 'YYYY-MM-DD') as night, c.uuid, c.name, c.provider,
                 coalesce(max(v.sent_at) filter (where v.sent_at >= pp.published_at),
                          case when c.synced_at >= pp.published_at then c.synced_at end) as "sentAt"
            from published_prices pp
            join channel_connections c
              on c.business_uuid = pp.business_uuid and c.status <> 'mapping'
             and pp.night >= c.created_at::date
            join lateral jsonb_array_elements(c.mapping -> 'rates') r
              on r ->> 'roomUuid' = pp.room_type_uuid::text
            left join channel_values v
              on v.connection_uuid = c.uuid and v.layer = 'sent' and v.kind = 'rate'
             and v.key = r ->> 'remoteRatePlanId' and v.night = pp.night
           where pp.business_uuid = ${businessUuid} and pp.room_type_uuid = ${roomUuid}
             and pp.night between ${from}::date and ${to}::date
           group by pp.night, c.uuid, c.name, c.provider, c.created_at, c.synced_at, pp.published_at
           order by pp.night, c.created_at`),
      ),

    /** Published prices and restrictions from `from` on (both included through `to`). */
    published: async (from: string, to: string) =>
      rowsOf<{
        roomUuid: string;
        night: string;
        priceMinor: number;
        restrictions: CellRestrictions | null;
      }>(
        await db.execute(sql`
          select room_type_uuid as "roomUuid", to_char(night, 'YYYY-MM-DD') as night,
                 price_minor as "priceMinor", restrictions
            from published_prices
           where business_uuid = ${businessUuid} and night between ${from}::date and ${to}::date`),
      ),
  };
}
export type ConnectionsRepository = ReturnType<typeof connectionsRepository>;

/** A connection's own records: what its channel holds, its log, its booking revisions. */
export function connectionRecords(db: Executor, connectionUuid: string) {
  const ofConnection = eq(channelValues.connectionUuid, connectionUuid);
  return {
    /** One layer of values (`sent` or `original`) from `from` on. */
    values: async (layer: 'sent' | 'original', from: string): Promise<ChannelState> => {
      const rows = rowsOf<{ kind: string; key: string; night: string; value: unknown }>(
        await db.execute(sql`
          select kind, key, to_char(night, 'YYYY-MM-DD') as night, value
            from channel_values
           where connection_uuid = ${connectionUuid} and layer = ${layer}
             and night >= ${from}::date`),
      );
      const state = emptyState();
      for (const row of rows) {
        const value = typeof row.value === 'string' ? JSON.parse(row.value) : row.value;
        if (row.kind === 'rate') {
          let nights = state.rate.get(row.key);
          if (!nights) state.rate.set(row.key, (nights = new Map()));
          nights.set(row.night, value as RateNight);
        } else {
          let nights = state.availability.get(row.key);
          if (!nights) state.availability.set(row.key, (nights = new Map()));
          nights.set(row.night, value as AvailabilityNight);
        }
      }
      return state;
    },

    /** Records values of a layer as of `at` (each night's replaces the one before). */
    write: async (layer: 'sent' | 'original', state: ChannelState, at: Date) => {
      const rows: { kind: string; key: string; night: string; value: unknown }[] = [];
      for (const [kind, byKey] of [
        ['rate', state.rate],
        ['availability', state.availability],
      ] as const) {
        for (const [key, nights] of byKey) {
          for (const [night, value] of nights) rows.push({ kind, key, night, value });
        }
      }
      for (let i = 0; i < rows.length; i += VALUES_PER_STATEMENT) {
        const chunk = JSON.stringify(rows.slice(i, i + VALUES_PER_STATEMENT));
        await db.execute(sql`
          insert into channel_values (connection_uuid, layer, kind, key, night, value, sent_at)
          select ${connectionUuid}, ${layer}, x.kind, x.key, x.night::date, x.value,
                 ${at.toISOString()}::timestamptz
            from jsonb_to_recordset(${chunk}::jsonb) as x(kind text, key text, night text, value jsonb)
          on conflict (connection_uuid, layer, kind, key, night)
          do update set value = excluded.value, sent_at = excluded.sent_at`);
      }
    },

    /** Forgets values of a layer (all of it, or some nights of some keys: re-sent next time). */
    forget: async (
      layer: 'sent' | 'original',
      only?: { kind: string; key: string; night: string }[],
    ) => {
      if (!only) {
        await db.delete(channelValues).where(and(ofConnection, eq(channelValues.layer, layer)));
        return;
      }
      for (let i = 0; i < only.length; i += VALUES_PER_STATEMENT) {
        const chunk = JSON.stringify(only.slice(i, i + VALUES_PER_STATEMENT));
        await db.execute(sql`
          delete from channel_values v
           using jsonb_to_recordset(${chunk}::jsonb) as x(kind text, key text, night text)
           where v.connection_uuid = ${connectionUuid} and v.layer = ${layer}
             and v.kind = x.kind and v.key = x.key and v.night = x.night::date`);
      }
    },

    /** Whether the `original` layer was read (once, when the connection started sending). */
    hasOriginal: async () => {
      const [row] = await db
        .select({ n: sql<number>`1` })
        .from(channelValues)
        .where(and(ofConnection, eq(channelValues.layer, 'original')))
        .limit(1);
      return row !== undefined;
    },

    /** Adds an entry to the log, keeping the newest `CALLS_KEPT`. */
    log: async (call: CallInput) => {
      const [row] = await db
        .insert(channelCalls)
        .values({ ...call, connectionUuid })
        .returning({ id: channelCalls.id });
      // The connection's own newest (ids count every connection's entries): one index walk.
      await db.execute(sql`
        delete from channel_calls
         where connection_uuid = ${connectionUuid}
           and id < (select id from channel_calls where connection_uuid = ${connectionUuid}
                      order by id desc offset ${CALLS_KEPT - 1} limit 1)`);
      return row!.id;
    },

    /**
     * The calls pushes and restores made since `since`, and when the oldest of them was made: what
     * the provider counts against its limit of calls a minute.
     */
    callsSince: async (since: Date) => {
      const [row] = rowsOf<{ calls: number; oldest: Date | string | null }>(
        await db.execute(sql`
          select coalesce(sum(calls), 0)::int as calls, min(at) as oldest
            from channel_calls
           where connection_uuid = ${connectionUuid} and operation in ('push', 'restore')
             and calls > 0 and at > ${since.toISOString()}::timestamptz`),
      );
      return {
        calls: row?.calls ?? 0,
        oldest: row?.oldest ? new Date(row.oldest) : null,
      };
    },

    /** The connection's state after a push or a read. */
    status: (values: Partial<Omit<ConnectionRow, 'uuid' | 'businessUuid' | 'version'>>) =>
      db.update(channelConnections).set(values).where(eq(channelConnections.uuid, connectionUuid)),

    /** A revision stored before (its acknowledgement lost), or undefined. */
    revision: async (revisionId: string) => {
      const [row] = await db
        .select()
        .from(channelRevisions)
        .where(
          and(
            eq(channelRevisions.connectionUuid, connectionUuid),
            eq(channelRevisions.revisionId, revisionId),
          ),
        );
      return row;
    },

    storeRevision: (row: {
      revisionId: string;
      bookingId: string;
      status: string;
      storedAt: Date;
    }) =>
      db
        .insert(channelRevisions)
        .values({ ...row, connectionUuid })
        .onConflictDoNothing(),

    ackedRevision: (revisionId: string, at: Date) =>
      db
        .update(channelRevisions)
        .set({ ackedAt: at })
        .where(
          and(
            eq(channelRevisions.connectionUuid, connectionUuid),
            eq(channelRevisions.revisionId, revisionId),
          ),
        ),
  };
}
