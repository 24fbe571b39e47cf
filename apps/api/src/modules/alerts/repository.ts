import { and, eq, gte, isNull, lte } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { alertSettings, businesses, events, users } from '../../db/schema';

export type AlertSettingsRow = typeof alertSettings.$inferSelect;
type SettingsValues = Pick<AlertSettingsRow, 'disabledKinds' | 'soldOutDays' | 'updatedBy'>;

/** Something of the property that fails to send (a channel connection, or the webhook: `name` null). */
export interface FailingOutlet {
  name: string | null;
  /** The first failure after its last success. */
  since: Date;
  lastError: string | null;
}

/** An owner's event over some of the nights, without an adjustment of its own. */
export interface PlainEvent {
  name: string;
  startDate: string;
  endDate: string;
}

/** The alerts' own reads and writes, of one business already reached (docs/digest-and-alerts.md). */
export function alertsRepository(db: Executor, businessUuid: string) {
  const ofBusiness = eq(alertSettings.businessUuid, businessUuid);
  return {
    /** The settings as saved (undefined: never saved, the defaults). */
    settings: async (options: { lock?: boolean } = {}) => {
      const query = db.select().from(alertSettings).where(ofBusiness);
      return (await (options.lock ? query.for('update') : query))[0];
    },

    /** The settings saved the first time (version 1); undefined when someone saved them first. */
    insertSettings: async (values: SettingsValues, now: Date) =>
      (
        await db
          .insert(alertSettings)
          .values({ businessUuid, ...values, version: 1, createdAt: now, updatedAt: now })
          .onConflictDoNothing()
          .returning()
      )[0],

    /** The settings saved over `version` (one more); undefined when it is no longer the version. */
    updateSettings: async (version: number, values: SettingsValues, now: Date) =>
      (
        await db
          .update(alertSettings)
          .set({ ...values, version: version + 1, updatedAt: now })
          .where(and(ofBusiness, eq(alertSettings.version, version)))
          .returning()
      )[0],

    /** The owner, whom the alerts are for: uuid, name, e-mail and language. */
    owner: async () =>
      (
        await db
          .select({
            uuid: users.uuid,
            name: users.name,
            email: users.email,
            language: users.language,
          })
          .from(businesses)
          .innerJoin(users, eq(users.uuid, businesses.ownerUuid))
          .where(eq(businesses.uuid, businessUuid))
      )[0],

    /**
     * The active channel connections whose last push or read failed, each since its first failed
     * call after its last good one (its last push when the log has none), and the webhook when
     * its deliveries since the last one delivered fail (since the first attempt of the oldest).
     */
    async failingOutlets(): Promise<FailingOutlet[]> {
      const connections = rowsOf<{ name: string; since: string | Date; lastError: string | null }>(
        await db.execute(sql`
          select c.name, c.last_error as "lastError",
                 coalesce((select min(k.at) from channel_calls k
                            where k.connection_uuid = c.uuid
                              and k.outcome in ('retrying', 'failed')
                              and k.id > coalesce((select max(g.id) from channel_calls g
                                                    where g.connection_uuid = c.uuid
                                                      and g.outcome in ('ok', 'warnings')), 0)),
                          c.last_push_at) as since
            from channel_connections c
           where c.business_uuid = ${businessUuid} and c.status = 'active'
             and c.last_error is not null and c.last_push_at is not null
           order by c.name`),
      );
      const [webhook] = rowsOf<{ since: string | Date | null; lastError: string | null }>(
        await db.execute(sql`
          select min(d.first_attempt_at) as since,
                 (select a.error from webhook_attempts a
                    join webhook_deliveries x on x.id = a.delivery_id
                   where x.business_uuid = ${businessUuid}
                   order by a.attempted_at desc, a.id desc limit 1) as "lastError"
            from webhooks w
            join webhook_deliveries d on d.business_uuid = w.business_uuid
           where w.business_uuid = ${businessUuid}
             and d.created_at >= w.created_at
             and d.first_attempt_at is not null
             and d.status <> 'delivered'
             and d.created_at > coalesce((select max(y.delivered_at) from webhook_deliveries y
                                           where y.business_uuid = ${businessUuid}
                                             and y.status = 'delivered'), '-infinity'::timestamptz)`),
      );
      const outlets = connections.map((row): FailingOutlet => ({
        name: row.name,
        since: new Date(row.since),
        lastError: row.lastError,
      }));
      if (webhook?.since) {
        outlets.push({ name: null, since: new Date(webhook.since), lastError: webhook.lastError });
      }
      return outlets;
    },

    /** The owner's events over some of the nights `from`…`to` that have no adjustment. */
    plainEvents: (from: string, to: string): Promise<PlainEvent[]> =>
      db
        .select({ name: events.name, startDate: events.startDate, endDate: events.endDate })
        .from(events)
        .where(
          and(
            eq(events.businessUuid, businessUuid),
            isNull(events.adjustmentBp),
            lte(events.startDate, to),
            gte(events.endDate, from),
          ),
        )
        .orderBy(events.startDate, events.name),
  };
}
