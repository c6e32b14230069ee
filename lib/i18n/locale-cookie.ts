import { prefixOf, type Locale } from './locales';

/** Name and lifetime kept from the original site, so a visitor's earlier choice still counts. */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The cookie that remembers a pick of `locale`, as `document.cookie` takes it: the browser-side twin of
 * the one the proxy sets at `/` (same name, value and attributes), without `Secure`, which depends on
 * the page's scheme and is added where the cookie is written. The language links carry it, so that
 * the landing's script can write it before the framework has started
 * (lib/client/remember-language-pick.ts).
 */
export function localeCookieFor(locale: Locale): string {
  return `${LOCALE_COOKIE}=${prefixOf(locale)}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

/** The page's own scheme is the public site's (the server reads it from SITE_URL). */
export function writeLocaleCookie(locale: Locale): void {
  document.cookie = `${localeCookieFor(locale)}${window.location.protocol === 'https:' ? '; Secure' : ''}`;
}
