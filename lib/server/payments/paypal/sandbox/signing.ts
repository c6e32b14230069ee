import 'server-only';
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { crc32 } from 'node:zlib';
import { env } from '@/lib/server/env';
import { SANDBOX_PATH } from './identity';

/**
 * PayPal's webhook signature scheme, played by the local sandbox: RSA-SHA256
 * over `transmissionId|transmissionTime|webhookId|crc32(raw body)`. The sandbox's key pair is
 * generated once into DATA_DIR (like the pay-link secret); its public key is the "certificate"
 * at the sandbox's cert URL. The site never checks this itself: it asks the (sandbox) API's
 * verify-webhook-signature, exactly as it asks PayPal.
 */
export const AUTH_ALGO = 'SHA256withRSA';
export const CERT_ID = 'CERT-QUORUM-SANDBOX';

/** Where the sandbox's deliveries say its "certificate" is (the header PayPal's verification checks). */
export const certUrl = () => `${env().SITE_URL}${SANDBOX_PATH}/certs/${CERT_ID}`;

let keys: { privateKey: KeyObject; publicKey: KeyObject } | undefined;

export function sandboxKeys() {
  if (keys) return keys;
  const dir = resolve(env().DATA_DIR);
  const file = join(dir, 'paypal-sandbox-key.pem');
  mkdirSync(dir, { recursive: true });
  try {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(file, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const privateKey = createPrivateKey(readFileSync(file, 'utf8'));
  return (keys = { privateKey, publicKey: createPublicKey(privateKey) });
}

export function signedMessage(transmissionId: string, transmissionTime: string, webhookId: string, rawBody: string) {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(rawBody, 'utf8')) >>> 0}`;
}

export function signTransmission(message: string): string {
  return sign('sha256', Buffer.from(message, 'utf8'), sandboxKeys().privateKey).toString('base64');
}

export function verifyTransmission(message: string, signature: string): boolean {
  try {
    return verify('sha256', Buffer.from(message, 'utf8'), sandboxKeys().publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
