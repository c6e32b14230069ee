import 'server-only';
import { createHmac, randomBytes, webcrypto } from 'node:crypto';
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

/**
 * What a derived key is for: the payer's session, a session's handoff to another browser, or a
 * gateway's local sandbox as `<id>-sandbox`
 * (its stand-in's secrets, asked for in the gateway's own folder), so a new gateway brings its own.
 */
export type KeyPurpose = 'session' | 'handoff' | `${string}-sandbox`;

/** A key for one purpose, derived from the pay-link secret, so one key never signs two kinds of thing. */
const derived = new Map<string, Buffer>();

export function derivedKey(purpose: KeyPurpose): Buffer {
  let key = derived.get(purpose);
  if (!key) derived.set(purpose, (key = createHmac('sha256', paylinkSecret()).update(`quorum:${purpose}`).digest()));
  return key;
}

const cryptoKeys = new Map<string, Promise<CryptoKey>>();

/**
 * The pay-link key as a WebCrypto key, imported once. jose verifies with WebCrypto: handed raw
 * bytes or a KeyObject, it imports the key again on every sign and verify (a third of the cost of
 * a verify in a profile of the server at 50 concurrent). Sessions are sealed with node:crypto
 * (hs256.ts) under derivedKey('session').
 */
export function signingKey(purpose: 'paylink'): Promise<CryptoKey> {
  let key = cryptoKeys.get(purpose);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', paylinkSecret(), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    cryptoKeys.set(purpose, key);
    key.catch(() => cryptoKeys.delete(purpose)); // a failed import is tried again next time
  }
  return key;
}
