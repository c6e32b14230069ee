import { defaultLocale, localizedPath, type Locale } from './locales';

/**
 * Where a page's links to its own locale's home lead (the logo, "home", the landing's section
 * anchors). Prefixed locales name themselves (`/vi`). English is `/en`, not `/`: `/` negotiates
 * (cookie, then Accept-Language) for a first arrival, so a Vietnamese browser reading `/privacy` would
 * be sent to `/vi` by the logo. `/en` is the English home without negotiation (proxy.ts; its
 * canonical URL stays `/`).
 */
export function homeHref(locale: Locale, section?: string): string {
  const home = locale === defaultLocale ? '/en' : localizedPath(locale, '/');
  return section ? `${home}#${section}` : home;
}

/**
 * The internal routes of the status pages (app/[locale]/not-found-page, error-page). The proxy serves
 * their HTML at whatever path failed, so a link built from their own path (`/vi/not-found-page`) leads
 * nowhere; the language switcher offers each locale's home there instead.
 */
const statusRoutes: ReadonlySet<string> = new Set(['/not-found-page', '/error-page']);

/** The unprefixed path the language switcher offers in every locale for a page at `pathname`. */
export function switchablePath(pathname: string): string {
  return statusRoutes.has(pathname) ? '/' : pathname;
}

/**
 * The language switcher's link to the page at `pathname` in `locale`: a page that names its locale, so
 * it works without JavaScript (the English home is `/en`: `/` would negotiate again).
 */
export function switcherHref(locale: Locale, pathname: string): string {
  const path = switchablePath(pathname);
  return path === '/' ? homeHref(locale) : localizedPath(locale, path);
}
