import { addDays } from '@tarifa/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomInput } from '../../../test/business-factories';
import { startChannexServer, type ChannexServer } from '../../../test/channels/channex-server';
import {
  client,
  serverEnvironment,
  signUpWithBusiness,
  startServer,
  until,
  type ServerProcess,
} from '../../../test/server-process';

/**
 * A push to Channex cut by a SIGKILL of the server — the request sent, its answer never read —
 * resumes when the server starts again: the same absolute values go again, so Channex ends
 * holding every published price once, with no value lost and none applied twice over another.
 */
describe('a server killed while it pushes to Channex', () => {
  let channex: ChannexServer;
  let place: Awaited<ReturnType<typeof serverEnvironment>>;
  let propertyId: string;
  let remotePlan: string;

  beforeAll(async () => {
    channex = await startChannexServer({ applyDelayMs: 1 });
    propertyId = channex.addProperty({ title: 'Hotel Crash' });
    const room = channex.addRoomType({ propertyId, title: 'Double' });
    remotePlan = channex.addRatePlan({ roomTypeId: room, title: 'Best available rate' });
    place = await serverEnvironment({ CHANNEX_URL: channex.url, CHANNELS_ALLOW_PRIVATE: 'true' });
  }, 60_000);
  afterAll(async () => {
    await channex.close();
    place.cleanUp();
  });

  const kill = async (server: ServerProcess) => {
    server.child.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');
  };
  const restrictionsPosts = () =>
    channex.requests.filter(
      (r) => r.method === 'POST' && r.path.startsWith('/api/v1/restrictions'),
    );

  it('sends the same values again after the restart, and Channex ends with every published price', async () => {
    let server = startServer(place.env);
    let base = await server.listening;
    const call = client(() => base);
    const { token, business } = await signUpWithBusiness(call, {
      email: 'crash-channel@example.test',
    });
    const url = `/api/v1/businesses/${business.uuid}`;
    const saved = await call(
      'POST',
      `${url}/tariff-configuration/rooms-tariff`,
      { roomsTariff: [roomInput({ name: 'Double', code: 'DBL', rooms: 4, basePrice: 100 })] },
      token,
    );
    expect(saved.status).toBe(200);
    const pending = async () =>
      (await call('GET', `${url}/price-changes?status=pending&pageSize=1`, undefined, token)).body
        .total as number;
    await until(async () => (await pending()) > 300, 120_000);

    const made = await call(
      'POST',
      `${url}/channels`,
      { provider: 'channex', name: 'Channex', propertyId, apiKey: channex.apiKey },
      token,
    );
    expect(made.status).toBe(201);
    const connection = made.body.connection as { uuid: string; version: number };
    const remote = await call('GET', `${url}/channels/${connection.uuid}/remote`, undefined, token);
    const mapped = await call(
      'PUT',
      `${url}/channels/${connection.uuid}/mapping`,
      { version: connection.version, mapping: remote.body.suggestion },
      token,
    );
    expect(mapped.status).toBe(200);

    // The push of the approved prices is held by Channex for 5 s: the server dies meanwhile.
    channex.delayNext(5_000, { method: 'POST', path: '/restrictions' });
    const approved = await call('POST', `${url}/price-changes/approve`, { filter: {} }, token);
    expect(approved.status).toBe(200);
    await until(() => channex.arrivals.includes('POST /api/v1/restrictions'), 120_000);
    await kill(server);

    server = startServer(place.env);
    base = await server.listening;
    await until(() => restrictionsPosts().length >= 2, 180_000);
    await channex.settled();

    // The two pushes carried the very same absolute values.
    const [cut, again] = restrictionsPosts().map(
      (r) => JSON.parse(r.body) as { values: unknown[] },
    );
    expect(again!.values).toEqual(cut!.values);
    // And Channex holds every published night's price.
    const from = addDays(new Date().toISOString().slice(0, 10), 3);
    const calendar = await call(
      'GET',
      `${url}/prices?from=${from}&to=${addDays(from, 30)}`,
      undefined,
      token,
    );
    const cells = calendar.body.prices as { date: string; publishedPrice: number | null }[];
    expect(cells.length).toBe(31);
    for (const cell of cells) {
      expect(cell.publishedPrice).not.toBeNull();
      expect(channex.rateOf(remotePlan, cell.date)).toBe(Math.round(cell.publishedPrice! * 100));
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 420_000);
});
