import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got, and whether its signature held for the secret it knew then. */
export interface ReceivedDelivery {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The signature matches `secret` (and the timestamp is within 5 minutes of `now()`). */
  verified: boolean;
  /** The signature matches one of `oldSecrets` (it should not, after a rotation). */
  verifiedWithOld: boolean;
  status: number;
}

const matches = (secret: string, timestamp: string, body: string, signature: string) => {
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
};

/**
 * A webhook receiver on 127.0.0.1 that verifies each delivery as docs/publishing.md tells
 * receivers to (HMAC of `${timestamp}.${body}`, timestamp no older than 5 minutes by the test's
 * clock), and answers the statuses queued in `statuses` (then `fallback`). While `holding`, it
 * answers nothing until `release()` (a receiver slow to answer, a delivery in flight).
 */
export async function startReceiver(now: () => Date) {
  const received: ReceivedDelivery[] = [];
  const state = {
    secret: '',
    oldSecrets: [] as string[],
    statuses: [] as number[],
    fallback: 200,
    holding: false,
  };
  const held: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(req.headers['x-tarifa-timestamp'] ?? '');
      const signature = String(req.headers['x-tarifa-signature'] ?? '');
      const age = now().getTime() / 1000 - Number(timestamp);
      const fresh = Number.isFinite(age) && age >= -300 && age <= 300;
      const status = state.statuses.shift() ?? state.fallback;
      received.push({
        headers: req.headers,
        body,
        verified: fresh && matches(state.secret, timestamp, body, signature),
        verifiedWithOld: state.oldSecrets.some((s) => matches(s, timestamp, body, signature)),
        status,
      });
      const answer = () => {
        res.statusCode = status;
        res.end(status >= 300 ? `receiver says ${status}` : 'ok');
      };
      if (state.holding) held.push(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/tarifa`,
    port,
    received,
    state,
    /** Answers the requests held so far, and the next ones at once. */
    release() {
      state.holding = false;
      for (const answer of held.splice(0)) answer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
