import 'server-only';
import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { env } from '@/lib/server/env';

let cached: Buffer | undefined;

/**
 * The key pay links are signed with: PAYLINK_SECRET, or — outside production only — a random
 * key generated once into DATA_DIR so that `npm start` works with no configuration.
 */
export function paylinkSecret(): Buffer {
  if (cached) return cached;
  const config = env();
  if (config.PAYLINK_SECRET) return (cached = Buffer.from(config.PAYLINK_SECRET, 'utf8'));
  if (config.isProduction) throw new Error('PAYLINK_SECRET is required in production');
  const dir = resolve(config.DATA_DIR);
  const file = join(dir, 'paylink-secret');
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return (cached = Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8'));
}

/** A key for one purpose, derived from the pay-link secret, so one key never signs two kinds of thing. */
const derived = new Map<string, Buffer>();

export function derivedKey(purpose: 'session' | 'vnpay-sandbox' | 'momo-sandbox' | 'paypal-sandbox'): Buffer {
  let key = derived.get(purpose);
  if (!key) derived.set(purpose, (key = createHmac('sha256', paylinkSecret()).update(`quorum:${purpose}`).digest()));
  return key;
}

const keyObjects = new Map<string, KeyObject>();

/**
 * The same keys as KeyObjects, made once: given raw bytes, jose imports the key again on every
 * sign or verify (measured: 121 µs vs 89 µs per verify).
 */
export function signingKey(purpose: 'paylink' | 'session'): KeyObject {
  let key = keyObjects.get(purpose);
  if (!key) {
    key = createSecretKey(purpose === 'paylink' ? paylinkSecret() : derivedKey('session'));
    keyObjects.set(purpose, key);
  }
  return key;
}
