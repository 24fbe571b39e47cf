import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelCalls } from '../../db/schema';
import { createBusiness } from '../../../test/business-factories';
import { createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { CALLS_KEPT, connectionRecords, connectionsRepository } from './repository';

/** A connection's log keeps its own newest entries, whatever the other connections log. */
describe('a connection’s log', () => {
  let t: TestApp;
  const connections: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t);
    const business = await createBusiness(t, owner);
    for (const name of ['A', 'B']) {
      const uuid = randomUUID();
      await connectionsRepository(t.database.db, business.uuid).insert(
        {
          uuid,
          provider: 'opentravel',
          name,
          settings: { endpoint: 'http://127.0.0.1:9/ota', propertyId: 'H1' },
          credentials: 'sealed',
          credentialsHint: '…0000',
        },
        new Date(),
      );
      connections.push(uuid);
    }
  });
  afterAll(() => t.close());

  const entry = { operation: 'push', outcome: 'ok', at: new Date(), durationMs: 1 } as const;
  const entriesOf = async (uuid: string) => {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(channelCalls)
      .where(eq(channelCalls.connectionUuid, uuid));
    return row!.n;
  };

  it('keeps each connection’s newest entries when the connections’ entries interleave', async () => {
    const [a, b] = connections as [string, string];
    // 600 entries each, A's and B's one after the other (ids count both).
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      ...entry,
      connectionUuid: i % 2 === 0 ? a : b,
      message: String(i),
    }));
    await t.database.db.insert(channelCalls).values(rows);

    await connectionRecords(t.database.db, a).log({ ...entry, message: 'newest of A' });
    expect(await entriesOf(a)).toBe(CALLS_KEPT);
    // B's log is B's: A's entry prunes none of it.
    expect(await entriesOf(b)).toBe(600);
    await connectionRecords(t.database.db, b).log({ ...entry, message: 'newest of B' });
    expect(await entriesOf(b)).toBe(CALLS_KEPT);

    // What is kept is the newest: the last entry logged and the ones just before it.
    const kept = await t.database.db
      .select({ message: channelCalls.message })
      .from(channelCalls)
      .where(eq(channelCalls.connectionUuid, a));
    const messages = new Set(kept.map((k) => k.message));
    expect(messages.has('newest of A')).toBe(true);
    expect(messages.has('1198')).toBe(true);
    expect(messages.has('0')).toBe(false);
  });
});
