import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Request signatures of the chat-backend contract (docs/chat-backend.openapi.yaml, "Signatures"):
 * HMAC-SHA256 over `{timestamp}.{METHOD}.{path and query}.{body}`. Method and path are signed too,
 * so a captured body cannot be replayed against another operation.
 */
export const TIMESTAMP_HEADER = 'x-quorum-timestamp';
export const SIGNATURE_HEADER = 'x-quorum-signature';
/** A signature older or newer than this is a replay (or a broken clock): ±5 min. */
export const REPLAY_WINDOW_SECONDS = 300;

const mac = (secret: string, timestamp: string, method: string, pathAndQuery: string, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${method.toUpperCase()}.${pathAndQuery}.${body}`).digest('hex');

export function signRequest(
  secret: string,
  request: { method: string; pathAndQuery: string; body: string },
  now = new Date(),
): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: `v1=${mac(secret, timestamp, request.method, request.pathAndQuery, request.body)}`,
  };
}

/** Constant-time check of a request's signature and freshness. */
export function verifyRequest(
  secret: string,
  request: { method: string; pathAndQuery: string; body: string; timestamp: string | null; signature: string | null },
  now = new Date(),
): boolean {
  const { timestamp, signature } = request;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > REPLAY_WINDOW_SECONDS) return false;
  const expected = Buffer.from(`v1=${mac(secret, timestamp, request.method, request.pathAndQuery, request.body)}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
