import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets Tarifa must use again (a channel's API key), so it cannot keep only a hash: sealed with
 * AES-256-GCM under a key from configuration. A sealed value is
 * `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url); the key id (the start of the key's SHA-256)
 * says at once when a value was sealed under another key, and the `context` (the owning row's
 * id) is authenticated with it, so a sealed value copied onto another row does not open.
 */
export function sealer(key: Buffer) {
  if (key.length !== 32) throw new Error('the sealing key must be 32 bytes');
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  return {
    seal(plain: string, context: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return ['v1', keyId, ...parts].join('.');
    },
    /** The plain text; throws `SealError` when the value was sealed elsewhere or altered. */
    open(sealed: string, context: string): string {
      const [version, id, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) {
        throw new SealError('not a sealed value');
      }
      if (id !== keyId) throw new SealError('sealed under another key');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch {
        throw new SealError('altered, or sealed for another row');
      }
    },
  };
}
export type Sealer = ReturnType<typeof sealer>;

export class SealError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealError';
  }
}

/**
 * The configured key, or one made once in `dataDir/channels.key` (readable by this user only)
 * for an instance that has none configured.
 */
export function sealingKey(configured: Buffer | undefined, dataDir: string): Buffer {
  if (configured) return configured;
  const file = path.join(dataDir, 'channels.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    // `wx`: two processes starting together keep the first one's key.
    fs.writeFileSync(file, `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  }
}
