import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { buildApp } from '../../app';
import { rowsOf } from '../../db/client';
import type { StoredReasonItem } from '../../db/schema';
import { createTestDatabase, testConfig, type TestApp } from '../../../test/helpers';
import { tariffUrl } from '../../../test/business-factories';
import type { TestUser } from '../../../test/factories';

/** Tests of the recomputation: an app whose jobs run when the test drains them, at its clock. */
export async function recomputeTestApp(clock: () => Date): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig(),
    database,
    jobs: { clock, background: false },
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A stored price change as a user would read it (minor units). */
export interface ChangeRow {
  id: string;
  roomUuid: string;
  night: string;
  oldPriceMinor: number | null;
  newPriceMinor: number;
  basePriceMinor: number;
  status: string;
  reason: StoredReasonItem[];
  decidedAt: string | null;
  decidedBy: string | null;
  updatedAt: string;
}

/** The business's price changes (of some statuses), by night, room type and creation. */
export async function changesOf(
  t: TestApp,
  businessUuid: string,
  statuses?: string[],
): Promise<ChangeRow[]> {
  const rows = rowsOf<ChangeRow & { reason: unknown }>(
    await t.database.db.execute(sql`
      select id, room_type_uuid as "roomUuid", night::text as night,
             old_price_minor as "oldPriceMinor", new_price_minor as "newPriceMinor",
             base_price_minor as "basePriceMinor", status, reason,
             decided_at::text as "decidedAt", decided_by as "decidedBy",
             updated_at::text as "updatedAt"
        from price_changes
       where business_uuid = ${businessUuid}
       order by night, room_type_uuid, created_at, updated_at`),
  );
  return rows
    .filter((row) => !statuses || statuses.includes(row.status))
    .map((row) => ({
      ...row,
      reason: (typeof row.reason === 'string' ? JSON.parse(row.reason) : row.reason) as never,
    }));
}

/**
 * Publishes every open change of the business as the publishing module would once delivered:
 * `published`, and the cell's published price set, naming the change.
 */
export async function publishOpen(t: TestApp, businessUuid: string, now: Date): Promise<number> {
  const stamp = now.toISOString();
  const moved = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      update price_changes set status = 'published', published_at = ${stamp}::timestamptz,
             updated_at = ${stamp}::timestamptz
       where business_uuid = ${businessUuid} and status in ('pending', 'approved')
      returning id`),
  );
  await t.database.db.execute(sql`
    insert into published_prices (business_uuid, room_type_uuid, night, price_minor, change_id,
                                  published_at)
    select business_uuid, room_type_uuid, night, new_price_minor, id, ${stamp}::timestamptz
      from price_changes
     where business_uuid = ${businessUuid} and status = 'published'
       and published_at = ${stamp}::timestamptz
    on conflict (business_uuid, room_type_uuid, night) do update
       set price_minor = excluded.price_minor, change_id = excluded.change_id,
           published_at = excluded.published_at`);
  return moved.length;
}

/** Marks these changes rejected by the owner, as the reject call would. */
export async function rejectChanges(t: TestApp, ids: string[], by: string, now: Date) {
  await t.database.db.execute(sql`
    update price_changes set status = 'rejected', decided_at = ${now.toISOString()}::timestamptz,
           decided_by = ${by}::uuid, updated_at = ${now.toISOString()}::timestamptz
     where id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid)`);
}

/** A call on the business's tariff configuration, expected to succeed; answers its JSON. */
export async function tariffCall(
  t: TestApp,
  owner: TestUser,
  business: { uuid: string },
  part: string,
  method: 'POST' | 'PUT' | 'DELETE',
  payload?: object,
) {
  const res = await t.app.inject({
    method,
    url: tariffUrl(business, part),
    headers: owner.headers,
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.body ? res.json() : undefined;
}
