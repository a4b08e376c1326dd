/**
 * Channel secrets at rest: AES-256-GCM with the key of NOTIFICATION_SECRETS_KEY. The channel's
 * id and the secret's name are the additional data, so a ciphertext copied to another channel or
 * field does not decrypt. Plaintext exists only in memory, on the way to the receiver.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ActionRejectedError } from '@/lib/rejected';
import { SECRETS_KEY_SETTING } from './settings';

const VERSION = 'v1';

export function encryptSecret(key: Buffer, channelId: string, name: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`${channelId}:${name}`));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

export function decryptSecret(key: Buffer, channelId: string, name: string, stored: string): string {
  const [version, iv, tag, body] = stored.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined)
    throw new Error(`secret ${name} is not in ${VERSION} form`);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(`${channelId}:${name}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}

/** The key, or the refusal an operator sees when saving a channel without one. */
export function requireSecretsKey(key: Buffer | null): Buffer {
  if (key) return key;
  throw new ActionRejectedError(
    `Channels keep their secrets encrypted, and this console has no key: set ${SECRETS_KEY_SETTING} to 32 random bytes (openssl rand -hex 32) on every console and restart.`,
    'no_secrets_key',
  );
}
