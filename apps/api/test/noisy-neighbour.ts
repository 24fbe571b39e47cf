import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { marketLimits, priceLimits, type TImportStatus } from '@tarifa/contract';
import { addDays } from '@tarifa/pricing';
import type { TestApp } from './helpers';
import { createUser, type TestUser } from './factories';
import { businessesUrl, createBusiness, roomInput, saveRooms } from './business-factories';
import { importsUrl, multipartBody, postImport, withRooms } from './booking-factories';

/**
 * The noisy-neighbour scenario (issue 25), shared by `src/noisy-neighbour.test.ts` and
 * `bench/noisy-neighbour.bench.ts`: tenant A, on the Business plan with many room types, does the
 * worst its plan allows, while tenant B, small, reads its calendar and imports a few bookings.
 */

/** A's room types: 20 000 cells (`priceLimits.cellsMax`) are then 500 nights of all of them. */
export const noisyRoomTypes = 40;
/** How many times A presses "send a test" (a limit on presses a minute may answer some 429). */
export const testPresses = 12;
/** The nights of B's calendar read. */
export const calendarNights = 30;

/**
 * A webhook receiver on 127.0.0.1 that accepts every connection, reads the request and never
 * answers: each delivery to it waits for the deliverer's whole timeout.
 */
export async function startSilentReceiver() {
  const open = new Set<Socket>();
  const waiting: ((socket: Socket) => void)[] = [];
  let accepted = 0;
  let closing = false;
  const server = http.createServer(() => {});
  server.on('connection', (socket: Socket) => {
    if (closing) return socket.destroy();
    accepted += 1;
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    waiting.shift()?.(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    /** Connections accepted so far. */
    accepted: () => accepted,
    /** Connections it holds open now (deliveries waiting for an answer). */
    holding: () => open.size,
    /** The next connection it accepts. */
    nextConnection: () => new Promise<Socket>((resolve) => waiting.push(resolve)),
    /** Stops, ending every connection it holds (their deliveries see the connection reset). */
    async close() {
      closing = true;
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type SilentReceiver = Awaited<ReturnType<typeof startSilentReceiver>>;

export interface Tenant {
  owner: TestUser;
  business: { uuid: string };
  url: (rest: string) => string;
}

const tenant = (owner: TestUser, business: { uuid: string }): Tenant => ({
  owner,
  business,
  url: (rest) => `${businessesUrl}/${business.uuid}/${rest}`,
});

/**
 * Tenant A (Business plan, `noisyRoomTypes` room types, its webhook on `receiver`) and tenant B
 * (Starter, two room types), created through the real calls.
 */
export async function noisyTenants(t: TestApp, receiver: SilentReceiver) {
  const aOwner = await createUser(t, { plan: 'business' });
  const aBusiness = await createBusiness(t, aOwner, { name: 'Grande Hotel A' });
  const saved = await saveRooms(
    t,
    aOwner,
    aBusiness,
    Array.from({ length: noisyRoomTypes }, (_, i) =>
      roomInput({ name: `Room ${i}`, code: `R${i}`, basePrice: 80 + i }),
    ),
  );
  const a = {
    ...tenant(aOwner, aBusiness),
    rooms: saved.tariffConfiguration.roomsTariff.map((r) => r.uuid),
  };
  const webhook = await t.app.inject({
    method: 'PUT',
    url: a.url('webhook'),
    headers: aOwner.headers,
    payload: { url: receiver.url },
  });
  if (webhook.statusCode !== 200) throw new Error(`setting A's webhook: ${webhook.body}`);

  const bOwner = await createUser(t, { plan: 'starter' });
  const bBusiness = await createBusiness(t, bOwner, { name: 'Casa B' });
  await withRooms(t, bOwner, bBusiness);
  return { a, b: tenant(bOwner, bBusiness) };
}
export type NoisyTenants = Awaited<ReturnType<typeof noisyTenants>>;

/** One of A's calls and how it was answered. */
export interface Answered {
  call: string;
  status: number;
  /** From the call to its whole answer (the bench reports it; tests assert no duration). */
  ms: number;
  /** The error's code and the limit it names (`params.maximum`), for a 4xx. */
  error?: { code?: string; maximum?: unknown };
}

async function answered(
  call: string,
  res: Promise<{ statusCode: number; body: string }>,
): Promise<Answered> {
  const started = performance.now();
  const { statusCode, body } = await res;
  const ms = performance.now() - started;
  if (statusCode < 400) return { call, status: statusCode, ms };
  const error = (JSON.parse(body) as { error?: { code?: string; details?: unknown[] } }).error;
  const detail = error?.details?.[0] as { code?: string; params?: { maximum?: unknown } };
  return {
    call,
    status: statusCode,
    ms,
    error: { code: detail?.code ?? error?.code, maximum: detail?.params?.maximum },
  };
}

/** `POST …/webhook/test`: A presses "send a test". */
export const pressTest = (t: TestApp, a: Tenant) =>
  answered(
    'POST …/webhook/test',
    t.app.inject({ method: 'POST', url: a.url('webhook/test'), headers: a.owner.headers }),
  );

/**
 * A competitor-rates CSV just under the import's row limit (`marketLimits.importRowsMax`): 10
 * competitors × 5 categories, night after night from `from`.
 */
export function competitorRatesCsv(from: string, rows = marketLimits.importRowsMax - 1000) {
  const lines = ['competitor,category,date,price'];
  for (let i = 0; i < rows; i += 1) {
    const night = addDays(from, Math.floor(i / 50));
    lines.push(`Rival ${i % 10},Category ${Math.floor(i / 10) % 5},${night},${100 + (i % 97)}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A presses "send a test" `testPresses` times in a row, as fast as it is answered: every
 * delivery accepted waits for the silent receiver's answer, one after another.
 */
export async function pressTests(t: TestApp, a: Tenant): Promise<Answered[]> {
  const answers: Answered[] = [];
  for (let i = 0; i < testPresses; i += 1) answers.push(await pressTest(t, a));
  return answers;
}

/**
 * The heaviest calls A's plan allows, all at once: the largest write of manual prices
 * (`priceLimits.cellsMax` cells), the export of every price change, and a competitor-rates CSV
 * near its limit. Answers how each call was answered.
 */
export function heavyCalls(t: TestApp, a: NoisyTenants['a'], from: string): Promise<Answered[]> {
  const nights = Math.floor(priceLimits.cellsMax / a.rooms.length);
  const rates = multipartBody({}, [{ content: competitorRatesCsv(from), filename: 'rates.csv' }]);
  return Promise.all([
    answered(
      'PUT …/prices/overrides',
      t.app.inject({
        method: 'PUT',
        url: a.url('prices/overrides'),
        headers: a.owner.headers,
        payload: {
          overrides: a.rooms.map((roomUuid) => ({
            roomUuid,
            from,
            to: addDays(from, nights - 1),
            price: 123,
          })),
        },
      }),
    ),
    answered(
      'GET …/price-changes/export.csv',
      t.app.inject({
        method: 'GET',
        url: a.url('price-changes/export.csv'),
        headers: a.owner.headers,
      }),
    ),
    answered(
      'POST …/competitor-rates/import',
      t.app.inject({
        method: 'POST',
        url: a.url('competitor-rates/import?createCompetitors=true'),
        headers: { ...a.owner.headers, ...rates.headers },
        payload: rates.payload,
      }),
    ),
  ]);
}

/**
 * A's calls that were neither answered nor refused by a limit (a 400 naming it, or 429): a 5xx,
 * or any other refusal.
 */
export const outsideLimits = (answers: Answered[]) =>
  answers.filter(
    ({ status, error }) =>
      !([200, 201, 202, 429].includes(status) || (status === 400 && error?.maximum !== undefined)),
  );

/** B's calendar, `calendarNights` nights from `from`: its status and how many prices it held. */
export async function readCalendar(t: TestApp, b: Tenant, from: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: b.url(`prices?from=${from}&to=${addDays(from, calendarNights - 1)}`),
    headers: b.owner.headers,
  });
  const prices = res.statusCode === 200 ? (res.json() as { prices: unknown[] }).prices.length : 0;
  return { status: res.statusCode, prices };
}

/** B's small bookings CSV (Tarifa format): three stays on its room type DBL after `from`. */
export function smallBookingsCsv(from: string) {
  const header =
    'external_id,room_code,arrival,departure,rooms,adults,children,status,booked_at,cancelled_at,total_amount,currency,channel,segment,country,guest_name';
  const bookedAt = `${addDays(from, -2)}T09:00:00Z`;
  const rows = [0, 1, 2].map(
    (i) =>
      `B-${i},DBL,${addDays(from, 10 + i)},${addDays(from, 12 + i)},1,2,0,confirmed,${bookedAt},,240,EUR,Direct,Leisure,PT,`,
  );
  return `${[header, ...rows].join('\n')}\n`;
}

/** B posts its small import (`POST …/bookings/import`); answers the import's id. */
export async function startImport(t: TestApp, b: Tenant, from: string) {
  const res = await postImport(t, b.owner, b.business, smallBookingsCsv(from), {
    format: 'tarifa',
  });
  if (res.statusCode !== 202)
    throw new Error(`B's import refused (${res.statusCode}): ${res.body}`);
  return (res.json() as { importId: string }).importId;
}

/** `GET …/imports/{id}` as B's screen follows it. */
export async function importStatus(t: TestApp, b: Tenant, importId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: importsUrl(b.business, `/${importId}`),
    headers: b.owner.headers,
  });
  if (res.statusCode !== 200) throw new Error(`import status: ${res.statusCode} ${res.body}`);
  return res.json() as TImportStatus;
}

export const ended = (status: TImportStatus) =>
  status.status === 'succeeded' || status.status === 'failed';
