/** Password hashes of the demo accounts: scrypt from node:crypto, self-describing strings. */
import { scryptSync, timingSafeEqual } from 'node:crypto';

const COST = 16384;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;

/** `scrypt$N$r$p$<salt hex>$<hash hex>`; the salt is passed in so seeding stays deterministic. */
export function hashPassword(password: string, saltHex: string): string {
  const hash = scryptSync(password, Buffer.from(saltHex, 'hex'), KEY_LENGTH, {
    N: COST,
    r: BLOCK_SIZE,
    p: PARALLELISM,
  });
  return ['scrypt', COST, BLOCK_SIZE, PARALLELISM, saltHex, hash.toString('hex')].join('$');
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, cost, blockSize, parallelism, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = scryptSync(password, Buffer.from(saltHex, 'hex'), expected.length, {
    N: Number(cost),
    r: Number(blockSize),
    p: Number(parallelism),
  });
  return timingSafeEqual(actual, expected);
}
