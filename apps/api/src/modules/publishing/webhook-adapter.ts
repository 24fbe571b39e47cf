import { webhookHeaders } from '@tarifa/contract';
import {
  ProviderError,
  RefusedCallError,
  type DestinationAdapter,
  type DestinationDescription,
} from '../channels/adapter';
import { call } from '../channels/http';
import { signDelivery } from './signature';

/** How long the receiver has to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** At most this much of a receiver's answer is read: kept as the attempt's error text. */
const ERROR_TEXT_MAX = 1024;

/** What one push to the webhook carries: a delivery's stored document, signed when it is sent. */
export interface SignedDelivery {
  id: string;
  body: string;
  /** When it is signed (the `X-Tarifa-Timestamp`, whole seconds). */
  at: Date;
}

const description: DestinationDescription = {
  provider: 'webhook',
  listsRemote: false,
  readsBack: false,
  sendsBookings: false,
  limits: null,
};

/**
 * The business's own webhook as a destination (docs/publishing.md, docs/channels.md): one push
 * POSTs one delivery's JSON, signed with the webhook's current secret and a fresh timestamp,
 * through the same guarded HTTP as the channel providers (no internal address unless allowed,
 * checked on the addresses connected to; redirects not followed, so a 3xx fails). Any 2xx took
 * it; anything else throws a `ProviderError` whose message is what is logged as the attempt's
 * error — `HTTP <status>: <the answer's first KB>` — and a call refused before connecting throws
 * a `RefusedCallError`. It has no list, read-back nor bookings: the receiver is the owner's.
 */
export function webhookAdapter(options: {
  url: string;
  secret: string;
  allowPrivate: boolean;
  /** The job's signal: the server is stopping. */
  signal?: AbortSignal;
  timeoutMs?: number;
}): DestinationAdapter<SignedDelivery> {
  return {
    describe: () => description,

    async pushAri(delivery) {
      const timestamp = Math.floor(delivery.at.getTime() / 1000);
      const answer = await call(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Tarifa-Webhook/1',
          [webhookHeaders.timestamp]: String(timestamp),
          [webhookHeaders.signature]: signDelivery(options.secret, timestamp, delivery.body),
          [webhookHeaders.delivery]: delivery.id,
        },
        body: delivery.body,
        allowPrivate: options.allowPrivate,
        signal: options.signal,
        timeoutMs: options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
        keepBytes: ERROR_TEXT_MAX,
      });
      const status = answer.status;
      if (status >= 200 && status < 300) {
        const bytes = Buffer.byteLength(delivery.body);
        return { warnings: [], tasks: [], calls: 1, bytes, httpStatus: status };
      }
      const text = answer.text.replace(/\s+/g, ' ').trim();
      const error = `HTTP ${status}${text ? `: ${text}` : ''}`.slice(0, ERROR_TEXT_MAX);
      throw new ProviderError(error, status, status === 429 || status >= 500);
    },
  };
}

/** What an attempt to the webhook came to, as its `webhook_attempts` row and the breaker read it. */
export interface AttemptOutcome {
  /** The receiver's status; null when it did not answer. */
  httpStatus: number | null;
  durationMs: number;
  /** Why it failed, in words; null for a 2xx. */
  error: string | null;
  /** Refused before connecting (a bad URL, an internal address): the destination was not tried. */
  refused?: boolean;
}

/** One push as an attempt: never throws for the receiver's failure, the outcome says it. */
export async function attemptOf(
  adapter: DestinationAdapter<SignedDelivery>,
  delivery: SignedDelivery,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const pushed = await adapter.pushAri(delivery);
    return { httpStatus: pushed.httpStatus ?? null, durationMs: elapsed(), error: null };
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    return {
      httpStatus: err.status,
      durationMs: err instanceof RefusedCallError ? 0 : elapsed(),
      error: err.message,
      ...(err instanceof RefusedCallError && { refused: true }),
    };
  }
}
