import { NextResponse, type NextRequest } from 'next/server';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from '@/lib/i18n/locale-cookie';
import { routeRequest, type RouteDecision } from '@/lib/i18n/route-request';
import { prefixOf } from '@/lib/i18n/locales';
import { isLoopbackHost } from '@/lib/shared/loopback';
import { exchangeLink } from '@/lib/server/session/link-exchange';

/**
 * The request layer: pay/team link exchange, locale negotiation at `/`, `/en/*` → unprefixed,
 * `/jp` → `ja`.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const exchanged = await exchangeLink(request);
  if (exchanged) return exchanged;
  const { pathname, search } = request.nextUrl;
  const decision = routeRequest({
    pathname,
    search,
    cookie: request.cookies.get(LOCALE_COOKIE)?.value,
    acceptLanguage: request.headers.get('accept-language'),
  });
  return respond(request, decision);
}

function respond(request: NextRequest, decision: RouteDecision): NextResponse {
  if (decision.kind === 'pass') return NextResponse.next();

  let response: NextResponse;
  if (decision.kind === 'redirect') {
    // The decision is a same-site path; Next turns a same-origin Location back into that path,
    // so the Host header never shows up in the answer.
    const url = request.nextUrl.clone();
    const [pathname = '/', search = ''] = decision.location.split(/(?=\?)/, 2);
    url.pathname = pathname;
    url.search = search;
    response = NextResponse.redirect(url, decision.status);
  } else {
    const url = request.nextUrl.clone();
    url.pathname = decision.pathname;
    response = NextResponse.rewrite(url);
  }

  // Only a document navigation may write the cookie: a router prefetch of `/` sent before the
  // visitor switched language would otherwise answer with the old choice and overwrite the new one.
  if (decision.setLocaleCookie && isDocumentRequest(request)) {
    response.cookies.set(LOCALE_COOKIE, prefixOf(decision.setLocaleCookie), {
      path: '/',
      maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS,
      sameSite: 'lax',
      secure: !isLoopbackHost(request.nextUrl.hostname),
    });
    // The answer at `/` depends on who asks: no shared cache may keep it.
    response.headers.set('Vary', 'Accept-Language, Cookie');
    response.headers.set('Cache-Control', 'private, no-store');
  }
  return response;
}

function isDocumentRequest(request: NextRequest): boolean {
  const destination = request.headers.get('sec-fetch-dest');
  return (
    !request.headers.has('rsc') &&
    !request.headers.has('next-router-prefetch') &&
    (destination === null || destination === 'document')
  );
}

export const config = {
  // Prefixed pages whose prefix is their locale code are served straight from the prerendered
  // output: running the proxy on them would halve their throughput for nothing. This list must
  // equal the locale table's such prefixes; tests/i18n/proxy-matcher.test.ts checks it.
  // (Next reads `config` statically, so it cannot be computed from the table.)
  matcher: [
    '/((?!api/|api$|_next/|_vercel/|(?:vi|zh|ko|es|fr|pt|id|de|mr|ur|ru|hi)(?:/|$)|.*\\..*).*)',
    // …except a pay or team link, whose token the proxy exchanges for a session in any locale.
    {
      source: '/:prefix(vi|zh|ko|es|fr|pt|id|de|mr|ur|ru|hi)/:page(pay|team)',
      has: [{ type: 'query', key: 't' }],
    },
  ],
};
