import { randomBytes } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from '@/lib/i18n/locale-cookie';
import {
  decisionLocale,
  routeRequest,
  type LinkPageRoute,
  type OpsRoute,
  type RouteDecision,
} from '@/lib/i18n/route-request';
import { prefixOf, type Locale } from '@/lib/i18n/locales';
import { contentSecurityPolicy, opsContentSecurityPolicy, type PageSources } from '@/lib/security/csp.mjs';
import { env } from '@/lib/server/env';
import { linkOpening } from '@/lib/server/links/link-exchange';
import { prerenderedPage, prerenderedResponse } from '@/lib/server/prerendered';
import { storeAvailable } from '@/lib/server/availability';
import { requestLog } from '@/lib/server/observability/log';
import { statusPage } from '@/lib/server/http/status-page';
import { teamDirectoryDown } from '@/lib/server/team/page-guard';
import { UNAVAILABLE_RETRY_SECONDS } from '@/lib/server/unavailable';
import { opsSignInRequired } from '@/lib/server/ops/page-guard';

/**
 * The request layer, for what cannot be static: the pay/team link's opening page, locale negotiation at
 * `/`, the English home at `/en`, `/en/*` → unprefixed, the localized 404, and a CSP nonce for pages
 * rendered per request. (`/ja/*` → `/jp/*` is next.config.mjs's redirect, answered before this runs.)
 * Known pages never come here (see the matcher): next.config.mjs rewrites map them onto the
 * prerendered `[locale]` tree.
 */
export async function proxy(request: NextRequest): Promise<Response> {
  // The request is classified once, here; everything after acts on the decision.
  const { pathname, search } = request.nextUrl;
  const decision = routeRequest({
    pathname,
    search,
    cookie: request.cookies.get(LOCALE_COOKIE)?.value,
    acceptLanguage: request.headers.get('accept-language'),
  });
  try {
    if (decision.kind === 'ops') return await opsPage(request, decision);
    return decision.kind === 'link-page' ? await linkPage(request, decision) : await respond(request, decision);
  } catch (error) {
    // Next would answer a bare 500; the visitor gets the error page of the locale they were in.
    requestLog(request).error({ err: error, path: pathname }, 'proxy failed');
    return (await statusPage(decisionLocale(decision), 'error', 500)) ?? new NextResponse(null, { status: 500 });
  }
}

/** `/pay` and `/team`: the pages a link opens, and the only ones that need the store. */
async function linkPage(request: NextRequest, page: LinkPageRoute): Promise<Response> {
  const { token } = page;
  // A pay or team link (`?t=`) opens a page that spends nothing: chat previews fetch it first.
  if (token !== null && (request.method === 'GET' || request.method === 'HEAD')) {
    return linkOpening({ ...page, token }, request.cookies);
  }
  // /pay and /team show nothing without the store: while it is down, a translated 503 (and the
  // store is retried, so the pages come back by themselves when it does).
  const unavailable = () => statusPage(page.locale, 'unavailable', 503, { retryAfter: UNAVAILABLE_RETRY_SECONDS });
  if (!(await storeAvailable())) return unavailable();
  // Nor does /team without the account directory (the assistant's backend in webhook mode). A page
  // cannot answer 503 itself, so the proxy asks first for a page load (teamDirectoryDown).
  const teamPageLoad = page.audience === 'team' && request.method === 'GET' && isDocumentRequest(request);
  if (teamPageLoad && (await teamDirectoryDown(request.cookies, request.nextUrl.searchParams))) {
    return unavailable();
  }
  return pass(request, page.locale, `/${page.audience}`);
}

const dev = process.env.NODE_ENV === 'development';

/**
 * The operators' console: without a live operator session a console page is answered here, 401,
 * with nothing but the way to sign in (each page checks the session again); with one, or on the
 * sign-in and enrolment pages, it renders under the console's own policy and a fresh nonce.
 */
async function opsPage(request: NextRequest, page: OpsRoute): Promise<Response> {
  if (!(await storeAvailable())) {
    return statusPage('en', 'unavailable', 503, { retryAfter: UNAVAILABLE_RETRY_SECONDS });
  }
  if (page.needsSession) {
    const refusal = await opsSignInRequired(request);
    if (refusal) return refusal;
  }
  const nonce = randomBytes(16).toString('base64');
  const policy = opsContentSecurityPolicy({ nonce, dev });
  const headers = new Headers(request.headers);
  headers.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

/**
 * The gateways' hosts for a pay page rendered here (the dev server; a build's has them already),
 * from the registry, loaded only then: every other request stays clear of the gateways' code.
 */
const payPageSources = async () => (await import('@/lib/server/payments/registry')).payPageSources;

/**
 * A prerendered page (/pay too, the gateways' hosts included) already has its hashes from the
 * build; a page rendered per request (/team) gets a nonce instead.
 */
async function pass(request: NextRequest, locale: Locale, page: string): Promise<NextResponse> {
  if (await prerenderedPage(`${locale}${page === '/' ? '' : page}`)) return NextResponse.next();
  return withNonce(request, page === '/pay' ? await payPageSources() : []);
}

async function respond(
  request: NextRequest,
  decision: Exclude<RouteDecision, LinkPageRoute | OpsRoute>,
): Promise<Response> {
  switch (decision.kind) {
    case 'pass':
      return pass(request, decision.locale, decision.page);
    case 'not-found':
      // Without a build (the dev server) the catch-all `[...rest]` renders the 404 instead.
      return (await statusPage(decision.locale, 'not-found', 404)) ?? NextResponse.next();
    case 'home': {
      // A document gets the prerendered HTML from here, because Next would replace this answer's
      // Vary with its own (and the build's per-page CSP rule names `/`, not `/en`). A router fetch
      // wants the RSC payload: Next serves it through the rewrite `/` → `/en` in next.config.mjs, or
      // at `/en` itself.
      const response = (isDocumentRequest(request) && (await prerenderedResponse('en', 200))) || NextResponse.next();
      return remembered(request, response, decision.setLocaleCookie, decision.negotiated);
    }
    case 'redirect': {
      // The decision is a same-site path; Next turns a same-origin Location back into that path,
      // so the Host header never shows up in the answer.
      const url = request.nextUrl.clone();
      const [pathname = '/', search = ''] = decision.location.split(/(?=\?)/, 2);
      url.pathname = pathname;
      url.search = search;
      const response = NextResponse.redirect(url, decision.status);
      return decision.setLocaleCookie ? remembered(request, response, decision.setLocaleCookie, true) : response;
    }
  }
}

/**
 * The answer at `/` depends on who asks (`negotiated`): no shared cache may keep it. At `/` and `/en`
 * the language is remembered, so the next arrival at `/` opens in it.
 */
function remembered(request: NextRequest, response: NextResponse, locale: Locale, negotiated: boolean): NextResponse {
  if (negotiated) response.headers.set('Vary', 'Accept-Language, Cookie');
  response.headers.set('Cache-Control', 'private, no-store');
  // Only a document navigation may write the cookie: a router prefetch of `/` sent before the
  // visitor switched language would otherwise answer with the old choice and overwrite the new one.
  if (isDocumentRequest(request)) {
    response.cookies.set(LOCALE_COOKIE, prefixOf(locale), {
      path: '/',
      maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS,
      sameSite: 'lax',
      // Secure when the public site is https (SITE_URL), not judged by the address Next listens on.
      secure: env().secureCookies,
    });
  }
  return response;
}

/** A page rendered per request: Next puts the nonce it finds in the request's CSP on its scripts. */
function withNonce(request: NextRequest, gatewaySources: readonly PageSources[]): NextResponse {
  const nonce = randomBytes(16).toString('base64');
  const policy = contentSecurityPolicy({ scripts: [`'nonce-${nonce}'`], gatewaySources, dev });
  const headers = new Headers(request.headers);
  headers.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

/**
 * A page load rather than a router fetch. Next strips its own router headers (`rsc`,
 * `next-router-prefetch`) before the proxy sees the request; the browser's `Sec-Fetch-Dest` is
 * `empty` on those fetches.
 */
function isDocumentRequest(request: NextRequest): boolean {
  const destination = request.headers.get('sec-fetch-dest');
  return destination === null || destination === 'document';
}

export const config = {
  // Everything except the API, Next's and public/'s files, the metadata files, and the prerendered pages in every locale, which
  // next.config.mjs rewrites serve straight from the build (running the proxy on them would cost
  // a third of their throughput). /pay and /team stay in: the link's opening page and /pay's nonce.
  // Next reads `config` statically (a literal, no variables), so the prefixed pages are skipped by
  // their shape, not by a list of the locale table's prefixes: any two or three lowercase letters
  // (every prefix has that shape, tests/i18n/locales.test.ts) except the default locale's code (`/en`
  // is the English home, `/en/...` moves to the unprefixed path: both the proxy's) and the one page
  // of that shape (`/pay`; and `/ops`, the operators' console, which the proxy guards), alone or before a prerendered page. So a new locale needs nothing here
  // (tests/i18n/add-a-locale.test.ts). A path of that shape that names no locale (`/xx`, `/xx/join`)
  // finds no `[locale]` page (app/[locale]/layout.tsx: `dynamicParams = false`) and gets Next's 404,
  // and a code in place of its prefix (`/ja/...`) is redirected by next.config.mjs before the proxy.
  // The page lists must equal lib/config/pages.ts; tests/i18n/proxy-matcher.test.ts checks them.
  matcher: [
    '/((?!api/|api$|_next/|_vercel/|fonts/|og/|video/|workers/|(?:robots\\.txt|sitemap\\.xml|icon\\.svg|favicon\\.ico|apple-icon\\.png)$|(?:(?!(?:en|pay|ops)(?:/|$))[a-z]{2,3}(?:/(?:join|telegramPay|telegramTeam|terms|privacy|paymentPolicy|warrantyPolicy|otherPolicies))?|join|telegramPay|telegramTeam|terms|privacy|paymentPolicy|warrantyPolicy|otherPolicies)$).*)',
  ],
};
