import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * VNPay's signature (docs/payments.md#vnpay): every non-empty `vnp_*` field but the hash fields, sorted
 * by key, form-encoded (space → `+`), joined with `&`, HMAC-SHA512 with the hash secret, hex.
 */
const HASH_FIELDS = new Set(['vnp_SecureHash', 'vnp_SecureHashType']);

const formEncode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');

/** The exact string VNPay hashes, built from decoded field values. */
export function signedData(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((key) => key.startsWith('vnp_') && !HASH_FIELDS.has(key) && fields[key] !== '')
    .sort()
    .map((key) => `${formEncode(key)}=${formEncode(fields[key] ?? '')}`)
    .join('&');
}

export function sign(fields: Record<string, string>, hashSecret: string): string {
  return createHmac('sha512', hashSecret).update(signedData(fields), 'utf8').digest('hex');
}

/** Constant-time check of `vnp_SecureHash`; any shape other than 128 hex digits is simply false. */
export function verify(fields: Record<string, string>, hashSecret: string): boolean {
  const received = fields.vnp_SecureHash ?? '';
  if (!/^[0-9a-fA-F]{128}$/.test(received)) return false;
  const expected = Buffer.from(sign(fields, hashSecret), 'hex');
  return timingSafeEqual(expected, Buffer.from(received.toLowerCase(), 'hex'));
}

/** The query string VNPay expects: the signed data plus the hash, appended last. */
export function signedQuery(fields: Record<string, string>, hashSecret: string): string {
  return `${signedData(fields)}&vnp_SecureHash=${sign(fields, hashSecret)}`;
}

/** The `vnp_*` fields of a callback, decoded; the merchant's own query parameters are ignored. */
export function vnpFields(params: URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of params) if (key.startsWith('vnp_')) fields[key] = value;
  return fields;
}
