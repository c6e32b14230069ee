import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HS256 JWTs (RFC 7519) with node:crypto, synchronously, for the session cookie, which the site
 * alone writes and reads. jose signs and verifies through WebCrypto: about 0.3 ms of the server's
 * one JavaScript thread plus a thread-pool round trip for every request that opens a session
 * (8.5 % of the server's CPU in a profile of GET /api/pay/view at 50 concurrent); this takes
 * 10–20 µs. Pay links, which the assistant signs, are still verified by jose.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export function signHs256(payload: Record<string, unknown>, key: Uint8Array): string {
  const signed = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signed}.${createHmac('sha256', key).update(signed).digest('base64url')}`;
}

/**
 * The payload of a compact JWS signed with `key` under HS256, or null: a wrong signature, any
 * other algorithm (`none` included) or critical header, or not a JWT with an object payload.
 * The signature is checked first, in constant time, and nothing else is read before it passes.
 */
export function verifyHs256(token: string, key: Uint8Array): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header = '', payload = '', signature = ''] = parts;
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  // Canonical base64url only: another spelling of the same signature is not this token.
  if (given.toString('base64url') !== signature) return null;
  const head = jsonObject(header);
  if (!head || head.alg !== 'HS256' || head.crit !== undefined) return null;
  return jsonObject(payload);
}

function jsonObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
