import 'server-only';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isValidRouterState } from './router-state';

/** What the request layer answers by itself, before Next sees the request. */
export type EarlyRefusal = { status: 400 | 405; headers: Record<string, string> };

type RawRequest = { method?: string; url?: string; headers: Record<string, string | string[] | undefined> };

/**
 * Requests Next would answer with a 500, which anyone can send, refused with the client's error
 * instead (and so never counted or logged as a server fault):
 * - a method other than GET or HEAD on a file of `public/`: Next's static file handler only serves
 *   reads, and throws on anything else;
 * - a `Next-Router-State-Tree` header Next cannot parse: its renderer throws on it. The proxy
 *   cannot check it, because Next removes its router headers before running the proxy.
 */
export function earlyRefusal(request: RawRequest, publicEntries: ReadonlySet<string>): EarlyRefusal | null {
  const method = (request.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD' && publicEntries.has(firstSegment(request.url ?? '/'))) {
    return { status: 405, headers: { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' } };
  }
  const state = request.headers['next-router-state-tree'];
  if (state !== undefined && (typeof state !== 'string' || !isValidRouterState(state))) {
    return { status: 400, headers: { 'Cache-Control': 'no-store' } };
  }
  return null;
}

/** The first path segment as Next resolves it: dot segments applied, percent-decoded. */
function firstSegment(url: string): string {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://request.invalid').pathname;
  } catch {
    return '';
  }
  const segment = pathname.split('/').find(Boolean) ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The names at the top of `public/` (folders and files), which Next serves as static files. */
export function publicEntriesOf(root: string): ReadonlySet<string> {
  try {
    return new Set(readdirSync(join(/* turbopackIgnore: true */ root, 'public')));
  } catch {
    return new Set();
  }
}
