import 'server-only';
import { isIP } from 'node:net';
import { negotiateLocale } from '@/lib/i18n/negotiate';
import { env } from '@/lib/server/env';
import { readCapped } from './capped-read';
import { forwardedChainClient } from './forwarded';
import type { Locale } from '@/lib/i18n/locales';

/**
 * A state-changing request must come from this site's own pages. Browsers say where a request
 * comes from (Sec-Fetch-Site, Origin); a request that says nothing of either is refused too.
 * The origin is SITE_URL's: behind a reverse proxy, the address `next start` listens on is not
 * the one browsers see.
 */
export function isSameOrigin(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin';
  const origin = request.headers.get('origin');
  return origin !== null && origin === env().siteOrigin;
}

export type BodyResult =
  | { ok: true; value: unknown }
  | { ok: false; status: 400 | 413 | 415; code: 'invalid_json' | 'too_large' | 'unsupported_media_type' };

export type CappedBody = { ok: true; bytes: Buffer; text: string } | { ok: false; status: 413; code: 'too_large' };

/**
 * A request body of at most `maxBytes`: refused on its Content-Length before anything is read,
 * else counted while it streams and refused the moment it passes the cap (a chunked body has no
 * length), without waiting for the sender to finish.
 */
export async function readCappedBody(request: Request, maxBytes: number): Promise<CappedBody> {
  const tooLarge = { ok: false, status: 413, code: 'too_large' } as const;
  if (Number(request.headers.get('content-length') ?? '0') > maxBytes) return tooLarge;
  const bytes = await readCapped(request.body, maxBytes);
  return bytes === null ? tooLarge : { ok: true, bytes, text: bytes.toString('utf8') };
}

/** Reads a JSON body of at most `maxBytes` (readCappedBody). */
export async function readJsonBody(request: Request, maxBytes: number): Promise<BodyResult> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) return { ok: false, status: 415, code: 'unsupported_media_type' };
  if (!request.body) return { ok: false, status: 400, code: 'invalid_json' };
  const read = await readCappedBody(request, maxBytes);
  if (!read.ok) return read;
  try {
    return { ok: true, value: JSON.parse(read.text) };
  } catch {
    return { ok: false, status: 400, code: 'invalid_json' };
  }
}

/**
 * The client's address: X-Forwarded-For ends with the socket's peer (server-hooks appends it to
 * whatever the client sent) and each of the TRUSTED_PROXY_HOPS proxies in front added the address
 * it saw, so a client cannot choose its rate-limit bucket or the address sent to a gateway.
 */
export function clientIp(request: Request, hops = env().TRUSTED_PROXY_HOPS): string {
  const ip = forwardedChainClient(request.headers.get('x-forwarded-for'), hops);
  // VNPay wants an IPv4-looking address; a request with no address at all (in-process) is local.
  return ip === null || ip === '::1' ? '127.0.0.1' : ip;
}

/**
 * The client's network, for counting what one sender may do: its IPv4 address, or the /64 of its
 * IPv6 address. One IPv6 host is usually given a whole /64 and can pick any address in it, so a
 * count per address would give it as many buckets as it likes.
 */
export function clientNetwork(request: Request): string {
  const ip = clientIp(request);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail] = ip.replace(/%.*$/, '').split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * True only for a request from this machine that names no other address. The socket's peer is the
 * last X-Forwarded-For entry (server-hooks appends it; nothing a client sends comes after it), and
 * it must be loopback whatever TRUSTED_PROXY_HOPS says: a client that reaches the port directly
 * writes the entries before it. Every address the request names besides (X-Forwarded-For,
 * X-Real-IP, Forwarded) must be loopback too, so a proxy on this machine relaying a remote client
 * is not taken for a local one: forwarded addresses can only take trust away, never grant it.
 */
export function isLoopbackClient(request: Request): boolean {
  const chain = (request.headers.get('x-forwarded-for') ?? '').split(',').map((entry) => entry.trim());
  const peer = chain.at(-1) ?? '';
  const named = [
    ...chain.slice(0, -1),
    ...(request.headers.get('x-real-ip') ?? '').split(',').map((entry) => entry.trim()),
    ...forwardedFor(request.headers.get('forwarded')),
  ].filter(Boolean);
  return isLoopbackIp(peer) && named.every(isLoopbackIp);
}

function isLoopbackIp(address: string): boolean {
  const ip = address.replace(/^::ffff:/i, '');
  return isIP(ip) !== 0 && (ip === '::1' || /^127\./.test(ip));
}

/** The `for=` addresses of a Forwarded header (RFC 7239), without quotes, brackets or ports. */
function forwardedFor(header: string | null): string[] {
  return [...(header ?? '').matchAll(/for=("?)\[?([^\]";,]*)/gi)].map((match) => {
    const value = match[2] ?? '';
    // An IPv4 address may carry a port after a colon; an IPv6 one is bracketed, its port after `]`.
    return value.includes('.') ? (value.split(':')[0] ?? '') : value;
  });
}

/** The page sends its own locale as Accept-Language, so API errors come back in the page's language. */
export function requestLocale(request: Request): Locale {
  return negotiateLocale({ cookie: undefined, acceptLanguage: request.headers.get('accept-language') });
}
