import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * MoMo v2 signatures (docs/payments.md#momo): `key=value` pairs in a fixed, alphabetical field order,
 * joined with `&`, values raw (not URL-encoded) and numbers as plain decimals; HMAC-SHA256 with
 * the secret key, hex. `accessKey` always comes from our configuration.
 */
export { CREATE_FIELDS, QUERY_FIELDS, REFUND_FIELDS, RESULT_FIELDS } from './fields.mjs';

export type SignedValues = Record<string, string | number | undefined>;

export function rawSignature(order: readonly string[], values: SignedValues): string {
  return order.map((key) => `${key}=${values[key] ?? ''}`).join('&');
}

export function sign(order: readonly string[], values: SignedValues, secretKey: string): string {
  return createHmac('sha256', secretKey).update(rawSignature(order, values), 'utf8').digest('hex');
}

/** Constant-time; anything but 64 hex digits is simply false. */
export function verify(order: readonly string[], values: SignedValues, signature: unknown, secretKey: string): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = Buffer.from(sign(order, values, secretKey), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}
