import 'server-only';
import { isIP } from 'node:net';
import type { NextRequest } from 'next/server';
import { negotiateLocale } from '@/lib/i18n/negotiate';
import type { Locale } from '@/lib/i18n/locales';

/**
 * A state-changing request must come from this site's own pages. Browsers say where a request
 * comes from (Sec-Fetch-Site, Origin); a request that says nothing of either is refused too.
 */
export function isSameOrigin(request: NextRequest): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin';
  const origin = request.headers.get('origin');
  return origin !== null && origin === request.nextUrl.origin;
}

export type BodyResult =
  | { ok: true; value: unknown }
  | { ok: false; status: 400 | 413 | 415; code: 'invalid_json' | 'too_large' | 'unsupported_media_type' };

/** Reads a JSON body of at most `maxBytes`, refusing early on Content-Length and counting while streaming. */
export async function readJsonBody(request: Request, maxBytes: number): Promise<BodyResult> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) return { ok: false, status: 415, code: 'unsupported_media_type' };
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) return { ok: false, status: 413, code: 'too_large' };
  if (!request.body) return { ok: false, status: 400, code: 'invalid_json' };

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return { ok: false, status: 413, code: 'too_large' };
    }
    chunks.push(value);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { ok: false, status: 400, code: 'invalid_json' };
  }
}

/**
 * The client's address as `next start` saw it: the last X-Forwarded-For hop is the one Next
 * itself appended, so a client cannot pick its own rate-limit bucket by sending the header.
 */
export function clientIp(request: Request): string {
  const hops = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  const last = (hops.at(-1) ?? '').replace(/^::ffff:/, '');
  if (last === '::1' || !isIP(last)) return '127.0.0.1';
  return last;
}

/** The page sends its own locale as Accept-Language, so API errors come back in the page's language. */
export function requestLocale(request: Request): Locale {
  return negotiateLocale({ cookie: undefined, acceptLanguage: request.headers.get('accept-language') });
}
