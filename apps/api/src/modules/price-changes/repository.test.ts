import { priceChangeStatuses, priceStageOf, type TPriceDelivery } from '@tarifa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../db/client';
import { createTestDatabase } from '../../../test/helpers';
import { deliveryStates, stageSql } from './repository';

/** Every stored delivery status, and none. */
const carried = [null, ...(Object.keys(deliveryStates) as (keyof typeof deliveryStates)[])];

describe('a change’s stage in SQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('is the contract’s priceStageOf for every stored status and delivery', async () => {
    const pairs = priceChangeStatuses.flatMap((status) =>
      carried.map((delivery) => ({ status, delivery })),
    );
    const found: { status: string; delivery: string | null; stage: string }[] = [];
    for (const { status, delivery } of pairs) {
      const stage = sql`${stageSql(sql`${status}::text`, sql`${delivery}::text`)}`;
      const [row] = rowsOf<{ stage: string }>(
        await database.db.execute(sql`select ${stage} as stage`),
      );
      found.push({ status, delivery, stage: row!.stage });
    }

    const expected = pairs.map(({ status, delivery }) => {
      const life: TPriceDelivery =
        delivery === null
          ? { destination: null, state: 'none', deliveredAt: null }
          : { destination: 'webhook', state: deliveryStates[delivery], deliveredAt: null };
      return { status, delivery, stage: priceStageOf(status, life) };
    });
    expect(found).toEqual(expected);
    // The rule as the owner reads it, so a wrong priceStageOf fails here too.
    expect(found.filter((f) => f.status === 'approved').map((f) => f.stage)).toEqual([
      'approved',
      'sending',
      'sent',
      'not_sent',
    ]);
    expect(found.filter((f) => f.status === 'published').map((f) => f.stage)).toEqual([
      'not_sent',
      'sending',
      'sent',
      'not_sent',
    ]);
  });
});
