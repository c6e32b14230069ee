import { defaultLocale, localeFromPrefix, prefixOf, type Locale } from './locales';
import { negotiateLocale } from './negotiate';

/**
 * What the proxy does with one request. Pure, so every rule of PRODUCT §3 is unit-tested
 * without a server; `proxy.ts` only translates the decision into a NextResponse.
 */
export type RouteDecision =
  | { kind: 'redirect'; status: 307 | 308; location: string; setLocaleCookie?: Locale }
  | { kind: 'rewrite'; pathname: string; setLocaleCookie?: Locale }
  | { kind: 'pass' };

export interface RouteRequestInput {
  pathname: string;
  search: string;
  cookie: string | undefined;
  acceptLanguage: string | null | undefined;
}

/**
 * Collapses any run of leading slashes or backslashes into one slash, so a path taken from
 * the request can never become a protocol-relative URL (`//evil.example`, `/\evil.example`).
 */
export function sameSitePath(path: string): string {
  return `/${path.replace(/^[/\\]+/, '')}`;
}

export function routeRequest({ pathname, search, cookie, acceptLanguage }: RouteRequestInput): RouteDecision {
  // Only the bare root negotiates (PRODUCT §3); every other path is served in the locale it names.
  if (pathname === '/') {
    const locale = negotiateLocale({ cookie, acceptLanguage });
    if (locale === defaultLocale) {
      return { kind: 'rewrite', pathname: `/${defaultLocale}`, setLocaleCookie: locale };
    }
    return { kind: 'redirect', status: 307, location: `/${prefixOf(locale)}${search}`, setLocaleCookie: locale };
  }

  const firstSlash = pathname.indexOf('/', 1);
  const first = firstSlash === -1 ? pathname.slice(1) : pathname.slice(1, firstSlash);
  const rest = firstSlash === -1 ? '' : pathname.slice(firstSlash);

  // English has no prefix: `/en/...` is a duplicate URL and moves permanently.
  if (first === defaultLocale) {
    return { kind: 'redirect', status: 308, location: `${sameSitePath(rest)}${search}` };
  }

  const prefixed = localeFromPrefix(first);
  if (prefixed) {
    // A prefix that differs from its locale code (`/jp` → `ja`) is mapped onto the route param.
    return prefixed === first ? { kind: 'pass' } : { kind: 'rewrite', pathname: `/${prefixed}${rest}` };
  }

  // `/ja/...` is not a URL of this site (the prefix is `/jp`); it falls through to the English
  // catch-all like any other unknown path, and so 404s, as does `/xx/pay`.
  return { kind: 'rewrite', pathname: `/${defaultLocale}${pathname}` };
}
