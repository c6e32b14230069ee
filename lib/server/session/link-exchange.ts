import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { defaultLocale, localeFromPrefix, type Locale } from '@/lib/i18n/locales';
import { ledgerSql } from '@/lib/server/db';
import { claimLink } from '@/lib/server/ledger/link-claims';
import { clientIp } from '@/lib/server/http/guards';
import { rateLimit } from '@/lib/server/http/rate-limit';
import { statusPage } from '@/lib/server/http/status-page';
import { requestLog } from '@/lib/server/observability/log';
import { sessionCookieName, sessionCookieOptions, sessionCookieValue, sessionLinkId, sealSession } from './session';
import { verifyPaylink, type LinkAudience, type LinkClaims } from './paylink';

/** `/pay` or `/team`, unprefixed or under a locale prefix: the pages a link may open. */
export function linkAudienceOf(pathname: string): LinkAudience | null {
  const parts = pathname.split('/').filter(Boolean);
  const page =
    parts.length === 1
      ? parts[0]
      : parts.length === 2 && localeFromPrefix(parts[0] ?? '') && parts[0] !== defaultLocale
        ? parts[1]
        : undefined;
  return page === 'pay' || page === 'team' ? page : null;
}

/** The locale a `/pay` or `/team` path is in (its prefix; English when unprefixed). */
export function linkPageLocale(pathname: string): Locale {
  const prefix = pathname.split('/').filter(Boolean)[0] ?? '';
  return localeFromPrefix(prefix) ?? defaultLocale;
}

/**
 * `GET /pay?t=…`: trades the link's token for a session cookie and sends the browser to the same
 * URL without `t`, so the token is gone from the address bar, history and any later Referer.
 * A bad token clears the session instead: the page then shows `failed0` and no account data.
 * Links are single-use: a second browser opening one gets `failed0`; the browser that opened it
 * first (its session came from this very link) may open it again.
 */
export async function exchangeLink(request: NextRequest): Promise<Response | null> {
  const token = request.nextUrl.searchParams.get('t');
  if (token === null) return null;
  const audience = linkAudienceOf(request.nextUrl.pathname);
  if (!audience) return null;
  // Per client address: guessing or replaying links in bulk gets a 429 long before it gets far.
  const wait = await rateLimit([['linkPerIp', clientIp(request)]]);
  if (wait) return statusPage(linkPageLocale(request.nextUrl.pathname), 'rate_limited', wait);

  const target = request.nextUrl.clone();
  target.searchParams.delete('t');
  const response = NextResponse.redirect(target, 303);
  response.headers.set('Referrer-Policy', 'no-referrer');
  response.headers.set('Cache-Control', 'no-store');

  const options = sessionCookieOptions();
  const name = sessionCookieName(audience, options.secure);
  const verdict = await verifyPaylink(token, audience);
  const refusal = verdict.ok ? await reuseRefusal(request, verdict.claims, verdict.expiresAt) : verdict.reason;
  if (verdict.ok && !refusal) {
    response.cookies.set(name, await sealSession(verdict.claims), options);
  } else {
    requestLog(request).warn({ audience, reason: refusal }, 'link refused');
    response.cookies.set(name, '', { ...options, maxAge: 0 });
  }
  return response;
}

async function reuseRefusal(
  request: NextRequest,
  claims: LinkClaims,
  expiresAt: Date,
): Promise<'replayed' | 'store' | null> {
  if ((await sessionLinkId(sessionCookieValue(request.cookies, claims.aud), claims.aud)) === claims.jti) return null;
  try {
    const first = await claimLink(await ledgerSql(), claims.jti, expiresAt, new Date());
    return first ? null : 'replayed';
  } catch (error) {
    // Fail closed: without the store nobody can tell a first use from a replay (nor show the page).
    requestLog(request).error({ err: error }, 'could not record a link use');
    return 'store';
  }
}
