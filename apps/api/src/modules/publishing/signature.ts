import { createHmac, randomBytes } from 'node:crypto';
import { webhookSecretPrefix } from '@tarifa/contract';

/** A new webhook secret: `whsec_` and 32 random bytes in base64url. */
export const newWebhookSecret = () =>
  `${webhookSecretPrefix}${randomBytes(32).toString('base64url')}`;

/** The part of a secret the API shows to tell secrets apart: `whsec_` and 4 more characters. */
export const secretPrefixOf = (secret: string) => secret.slice(0, webhookSecretPrefix.length + 4);

/**
 * `X-Tarifa-Signature` of one attempt: `sha256=` and the hex HMAC-SHA256, keyed by the secret, of
 * `${timestamp}.${body}` (the timestamp in unix seconds, as sent in `X-Tarifa-Timestamp`).
 */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
