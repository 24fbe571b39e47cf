import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A price of a delivery, as the receivers of these specs read it (`ZWebhookPrice`). */
export interface DeliveredPrice {
  roomUuid: string;
  roomCode: string;
  date: string;
  price: number;
  rates: { ratePlanCode: string; guests: number; price: number }[];
}

/**
 * A webhook receiver on 127.0.0.1 that checks every delivery's signature with the secret it is
 * given (401 without it, or when it does not verify) and keeps, of the ones it takes, the last
 * price of each `roomCode|date` and the codes of the rate plans named.
 */
export async function startReceiver() {
  let secret = '';
  let refused = 0;
  const prices = new Map<string, DeliveredPrice>();
  const plans = new Set<string>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const timestamp = String(req.headers['x-tarifa-timestamp'] ?? '');
      const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
      if (!secret || req.headers['x-tarifa-signature'] !== expected) {
        refused += 1;
        res.writeHead(401).end();
        return;
      }
      const payload = JSON.parse(body) as {
        ratePlans: { code: string }[];
        prices: DeliveredPrice[];
      };
      for (const plan of payload.ratePlans) plans.add(plan.code);
      for (const price of payload.prices) prices.set(`${price.roomCode}|${price.date}`, price);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    prices,
    plans,
    refused: () => refused,
    useSecret: (value: string) => (secret = value),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
