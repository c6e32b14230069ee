import { defineRouting } from 'next-intl/routing';
import { defaultLocale, localeTable, locales } from './locales';

const customPrefixes = Object.fromEntries(
  localeTable.filter((l) => l.prefix !== l.code).map((l) => [l.code, `/${l.prefix}`]),
);

/**
 * next-intl's view of the locale table, used by the navigation helpers. Negotiation is not
 * next-intl's job here (see proxy.ts), so its cookie is off: the language switcher writes
 * `i18n_redirected` itself, with the URL prefix as the value.
 */
export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: { mode: 'as-needed', prefixes: customPrefixes },
  localeCookie: false,
  localeDetection: false,
  alternateLinks: false,
});
