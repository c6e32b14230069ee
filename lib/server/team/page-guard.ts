import 'server-only';
import type { NextRequest } from 'next/server';
import { accountDirectory } from '@/lib/server/directory';
import { isUnavailable } from '@/lib/server/unavailable';
import { linkAudienceOf } from '@/lib/server/session/link-exchange';
import { sessionCookieValue } from '@/lib/server/session/session';
import { log } from '@/lib/server/observability/log';

/**
 * Whether to answer this team page request with the translated 503 page. An App Router page
 * cannot choose its status (only 404, 403, 401, redirects and 500 are open to it), so the proxy,
 * which can, asks first: one ping of the account directory — in webhook mode a signed GET
 * /v1/health through the client's breaker (instant while it is open), in embedded mode a
 * SELECT 1 — for document requests of a team session only. Pages refreshed by the client router
 * skip it; the page itself shows its own unavailable view should the directory fail after the ping.
 */
export async function teamDirectoryDown(request: NextRequest, document: boolean): Promise<boolean> {
  if (!document || request.method !== 'GET') return false;
  if (linkAudienceOf(request.nextUrl.pathname) !== 'team') return false;
  // No session: the page refuses without asking the directory anything.
  if (!sessionCookieValue(request.cookies, 'team')) return false;
  try {
    await (await accountDirectory()).ping();
    return false;
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    log().warn({ err: error }, 'team page: the account directory is down');
    return true;
  }
}
