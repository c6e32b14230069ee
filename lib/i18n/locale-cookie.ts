import { prefixOf, type Locale } from './locales';

/** Name and lifetime kept from the original site (PRODUCT §3, §9). */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The browser-side twin of the cookie the proxy sets at `/`: same name, value and attributes.
 * The page's own scheme is the public site's (the server reads it from SITE_URL).
 */
export function writeLocaleCookie(locale: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${prefixOf(locale)}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}
