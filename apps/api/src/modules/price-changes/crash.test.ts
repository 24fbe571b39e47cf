import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/client';
import { roomInput } from '../../../test/business-factories';
import {
  client,
  serverEnvironment,
  signUpWithBusiness,
  startServer,
  type ServerProcess,
} from '../../../test/server-process';

/** Waits until `probe` answers true (every 100 ms, at most `ms`). */
const until = (probe: () => Promise<boolean> | boolean, ms = 120_000) =>
  vi.waitUntil(probe, { timeout: ms, interval: 100 });

/**
 * A webhook receiver that first holds every request open (the server is killed meanwhile), then
 * answers 200 and keeps the prices it was sent.
 */
function receiver() {
  let holding = true;
  const held: http.ServerResponse[] = [];
  const prices = new Map<string, number>();
  let requests = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      requests += 1;
      if (holding) {
        held.push(res);
        return;
      }
      const payload = JSON.parse(body) as {
        prices: { roomUuid: string; date: string; price: number }[];
      };
      for (const p of payload.prices) prices.set(`${p.roomUuid}|${p.date}`, p.price);
      res.writeHead(200).end();
    });
  });
  return {
    server,
    prices,
    requests: () => requests,
    answer() {
      holding = false;
      for (const res of held) res.destroy();
    },
  };
}

/**
 * A change committed is never a recomputation or a delivery lost. The server is killed (SIGKILL,
 * no chance to clean up) while it recomputes a large horizon and again while a delivery is in
 * flight; each time the data left behind is whole (all of the recomputation or none of it, no
 * change published that was not delivered), and once started again the job finishes.
 */
describe('a server killed during a recomputation and during a delivery', () => {
  let place: Awaited<ReturnType<typeof serverEnvironment>>;
  const hook = receiver();
  // The kill lands inside the recomputation's transaction at its crash point, whatever its size;
  // the prices are enough for the deliveries to be several (1000 prices each).
  const rooms = 4;
  const horizon = 400;
  const cells = rooms * horizon;

  beforeAll(async () => {
    place = await serverEnvironment({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    await new Promise<void>((resolve) => hook.server.listen(0, '127.0.0.1', resolve));
  }, 60_000);
  afterAll(async () => {
    hook.answer();
    hook.server.closeAllConnections();
    await new Promise((resolve) => hook.server.close(resolve));
    place.cleanUp();
  });

  /** Counts rows of the server's database while no server runs. */
  async function counts() {
    const database = await place.open();
    try {
      const [row] = rowsOf<Record<string, number>>(
        await database.db.execute(sql`
          select (select count(*)::int from price_changes) as changes,
                 (select count(*)::int from price_changes where status = 'pending') as pending,
                 (select count(*)::int from price_changes where status = 'published') as published,
                 (select count(*)::int from published_prices) as "publishedPrices"`),
      );
      return row!;
    } finally {
      await database.close();
    }
  }

  async function kill(server: ServerProcess) {
    server.child.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');
  }

  it('finishes both after a restart, with nothing half-written', async () => {
    // The first start stops inside the recomputation's transaction, every change written and none
    // committed: killed there, none of it may be left.
    let server = startServer({ ...place.env, TARIFA_CRASH_POINT: 'recompute.before-commit' });
    let base = await server.listening;
    const call = client(() => base);

    const { token, business } = await signUpWithBusiness(call, {
      email: 'crash-prices@example.test',
    });
    const url = `/api/v1/businesses/${business.uuid}`;
    const settings = await call(
      'PUT',
      `${url}/tariff-configuration/settings`,
      { settings: { horizonDays: horizon } },
      token,
    );
    expect(settings.status).toBe(200);

    // 1. Four room types over 400 nights: 1 600 first prices to propose in one recomputation.
    const logged = server.output().length;
    const saved = await call(
      'POST',
      `${url}/tariff-configuration/rooms-tariff`,
      {
        roomsTariff: Array.from({ length: rooms }, (_, i) =>
          roomInput({ name: `Room ${i + 1}`, code: `R${i + 1}`, rooms: 5, basePrice: 100 + i }),
        ),
      },
      token,
    );
    expect(saved.status).toBe(200);
    await until(() => server.output().slice(logged).includes('crash point reached'));
    await kill(server);

    // The recomputation is one transaction: killed before it committed, none of it is stored.
    expect((await counts()).changes).toBe(0);

    server = startServer(place.env);
    base = await server.listening;
    const pendingTotal = async () =>
      (await call('GET', `${url}/price-changes?status=pending&pageSize=1`, undefined, token)).body
        .total as number;
    await until(async () => (await pendingTotal()) === cells);

    // 2. Approve them all, with a webhook that holds the first delivery open: killed in flight.
    const webhook = await call(
      'PUT',
      `${url}/webhook`,
      { url: `http://127.0.0.1:${(hook.server.address() as AddressInfo).port}/prices` },
      token,
    );
    expect(webhook.status).toBe(200);
    const approved = await call('POST', `${url}/price-changes/approve`, { filter: {} }, token);
    expect(approved.body).toEqual({ moved: cells });
    await until(() => hook.requests() > 0);
    await kill(server);

    const inFlight = await counts();
    expect(inFlight).toMatchObject({
      changes: cells,
      pending: 0,
      published: 0,
      publishedPrices: 0,
    });

    // 3. Started again, with a receiver that answers: every price arrives and is published.
    hook.answer();
    server = startServer(place.env);
    base = await server.listening;
    const publishedTotal = async () =>
      (await call('GET', `${url}/price-changes?status=published&pageSize=1`, undefined, token)).body
        .total as number;
    await until(async () => (await publishedTotal()) === cells, 180_000);
    expect(hook.prices.size).toBe(cells);

    // The first night of the horizon, as the calendar shows it: published = delivered = recommended.
    const night = [...hook.prices.keys()].map((key) => key.split('|')[1]!).sort()[0]!;
    const calendar = await call('GET', `${url}/prices?from=${night}&to=${night}`, undefined, token);
    const first = calendar.body.prices as {
      roomUuid: string;
      date: string;
      publishedPrice: number;
      recommendedPrice: number;
    }[];
    expect(first).toHaveLength(rooms);
    for (const cell of first) {
      expect(cell.publishedPrice).toBe(hook.prices.get(`${cell.roomUuid}|${cell.date}`));
      expect(cell.publishedPrice).toBe(cell.recommendedPrice);
    }

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await counts()).toMatchObject({
      changes: cells,
      pending: 0,
      published: cells,
      publishedPrices: cells,
    });
  }, 480_000);
});
