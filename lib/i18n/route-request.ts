import { pages } from '@/lib/config/pages';
import { defaultLocale, localeTable, prefixOf, splitLocalePrefix, type Locale } from './locales';
import { negotiateLocale } from './negotiate';

/**
 * What the proxy does with one request. Pure, so every routing rule is unit-tested
 * without a server; `proxy.ts` only translates the decision into a NextResponse.
 *
 * The proxy runs only where it is needed (see its matcher): known pages are mapped onto the
 * `[locale]` tree by rewrites in next.config.mjs, without it.
 * - `home`: English at `/` itself (negotiated), or at `/en` (named: the link an English page gives to its
 *   home, so a visitor reading English stays in it whatever the browser prefers), remembered in the cookie;
 * - `redirect`: `/` to the negotiated prefix, `/en/...` to the unprefixed path, `/ja...` to `/jp...`;
 * - `not-found`: a path that is no page of the site, answered with the locale's 404 page;
 * - `link-page`: `/pay` or `/team`, the pages a link opens, with the link's token when the address
 *   carries one (`?t=`): the proxy serves the opening page, or checks what the page needs first;
 * - `pass`: any other known page;
 * - `ops`: the operators' console (`/ops`, `/ops/…`), in no locale of the site's: the proxy checks its
 *   session and gives it a policy of its own (docs/operations.md).
 *
 * This is the one place a request's path is read: the proxy, the link exchange and the team page's
 * guard act on the decision.
 */
export type RouteDecision =
  | { kind: 'redirect'; status: 307 | 308; location: string; setLocaleCookie?: Locale }
  | { kind: 'home'; setLocaleCookie: Locale; negotiated: boolean }
  | { kind: 'not-found'; locale: Locale }
  | LinkPageRoute
  | OpsRoute
  | { kind: 'pass'; locale: Locale; page: string };

/** A console page: its sign-in and enrolment pages open without a session, every other one needs it. */
export interface OpsRoute {
  kind: 'ops';
  needsSession: boolean;
}

const OPS_OPEN_PAGES: ReadonlySet<string> = new Set(['/ops/sign-in', '/ops/enrol']);

/** Who a link is for: the pay page's payer or the team page's admin, each page its own session. */
export const linkAudiences = ['pay', 'team'] as const;
export type LinkAudience = (typeof linkAudiences)[number];

export interface LinkPageRoute {
  kind: 'link-page';
  locale: Locale;
  audience: LinkAudience;
  /** The link's token (`?t=`), as the address carries it; null on a visit without one. */
  token: string | null;
}

export interface RouteRequestInput {
  pathname: string;
  search: string;
  cookie: string | undefined;
  acceptLanguage: string | null | undefined;
}

/** Locale codes that differ from their URL prefix (`ja` → `jp`): the code in a URL moves to the prefix. */
const prefixAliases: ReadonlyMap<string, string> = new Map(
  localeTable.filter((entry) => entry.code !== entry.prefix).map((entry) => [entry.code, entry.prefix]),
);

const knownPaths: ReadonlySet<string> = new Set(Object.values(pages).map((page) => page.path));
const linkPages: ReadonlyMap<string, LinkAudience> = new Map([
  [pages.pay.path, 'pay'],
  [pages.team.path, 'team'],
]);

/**
 * Collapses any run of leading slashes or backslashes into one slash, so a path taken from
 * the request can never become a protocol-relative URL (`//evil.example`, `/\evil.example`).
 */
export function sameSitePath(path: string): string {
  return `/${path.replace(/^[/\\]+/, '')}`;
}

export function routeRequest({ pathname, search, cookie, acceptLanguage }: RouteRequestInput): RouteDecision {
  // Only the bare root negotiates; every other path is served in the locale it names.
  if (pathname === '/') {
    const locale = negotiateLocale({ cookie, acceptLanguage });
    if (locale === defaultLocale) return { kind: 'home', setLocaleCookie: locale, negotiated: true };
    return { kind: 'redirect', status: 307, location: `/${prefixOf(locale)}${search}`, setLocaleCookie: locale };
  }

  if (pathname === '/ops' || pathname.startsWith('/ops/')) {
    return { kind: 'ops', needsSession: !OPS_OPEN_PAGES.has(pathname.replace(/\/+$/, '')) };
  }

  const { first, rest, locale: prefixed } = splitLocalePrefix(pathname);

  // English has no prefix: `/en/...` is a duplicate URL and moves permanently, in one hop. `/en` itself
  // is the English home without negotiation: what the logo and the home link of an English page
  // lead to (lib/i18n/home.ts). Following them means "English", so the choice is remembered as at `/`,
  // and the page's canonical URL stays `/`.
  if (first === defaultLocale) {
    if (rest === '' || rest === '/') return { kind: 'home', setLocaleCookie: defaultLocale, negotiated: false };
    return { kind: 'redirect', status: 308, location: `${sameSitePath(rest)}${search}` };
  }

  // `ja` is the ISO code of the language the `/jp` prefix serves: a visitor or a search engine will
  // try it, so `/ja/...` moves to `/jp/...` (one hop; the path after it is judged there). In a server,
  // next.config.mjs's redirects (from the same table, lib/i18n/locale-table.mjs) answer it before the
  // proxy runs; the rule stays here so that this decision is whole on its own.
  const aliased = prefixAliases.get(first);
  if (aliased !== undefined) {
    const path = sameSitePath(rest);
    return { kind: 'redirect', status: 308, location: `/${aliased}${path === '/' ? '' : path}${search}` };
  }

  const locale: Locale = prefixed ?? defaultLocale;
  const page = prefixed ? rest || '/' : pathname;
  const audience = linkPages.get(page);
  if (audience) return { kind: 'link-page', locale, audience, token: new URLSearchParams(search).get('t') };
  return knownPaths.has(page) ? { kind: 'pass', locale, page } : { kind: 'not-found', locale };
}

/**
 * The locale a decision serves: the page's, or English for `/` and the redirects (whose paths
 * name no other locale), so a failure is answered in the language the visitor was reading.
 */
export function decisionLocale(decision: RouteDecision): Locale {
  return 'locale' in decision ? decision.locale : defaultLocale;
}

/**
 * The page a link opens, from a same-site path (the opening page's `next`): the link page the path
 * routes to, or null for any other path.
 */
export function linkPageOf(pathname: string): LinkPageRoute | null {
  const decision = routeRequest({ pathname, search: '', cookie: undefined, acceptLanguage: undefined });
  return decision.kind === 'link-page' ? decision : null;
}
