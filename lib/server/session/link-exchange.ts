import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { defaultLocale, localeFromPrefix } from '@/lib/i18n/locales';
import { ledgerSql } from '@/lib/server/db';
import { claimLink } from '@/lib/server/ledger/link-claims';
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

/**
 * `GET /pay?t=…`: trades the link's token for a session cookie and sends the browser to the same
 * URL without `t`, so the token is gone from the address bar, history and any later Referer.
 * A bad token clears the session instead: the page then shows `failed0` and no account data.
 * Links are single-use: a second browser opening one gets `failed0`; the browser that opened it
 * first (its session came from this very link) may open it again.
 */
export async function exchangeLink(request: NextRequest): Promise<NextResponse | null> {
  const token = request.nextUrl.searchParams.get('t');
  if (token === null) return null;
  const audience = linkAudienceOf(request.nextUrl.pathname);
  if (!audience) return null;

  const target = request.nextUrl.clone();
  target.searchParams.delete('t');
  const response = NextResponse.redirect(target, 303);
  response.headers.set('Referrer-Policy', 'no-referrer');
  response.headers.set('Cache-Control', 'no-store');

  const options = sessionCookieOptions(request.nextUrl.hostname);
  const name = sessionCookieName(audience, options.secure);
  const verdict = await verifyPaylink(token, audience);
  const refusal = verdict.ok ? await reuseRefusal(request, verdict.claims, verdict.expiresAt) : verdict.reason;
  if (verdict.ok && !refusal) {
    response.cookies.set(name, await sealSession(verdict.claims), options);
  } else {
    console.warn(`[paylink] refused a ${audience} link: ${refusal}`);
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
    console.error('[paylink] could not record a link use', error);
    return 'store';
  }
}
