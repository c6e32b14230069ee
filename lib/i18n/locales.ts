import type { Currency } from '@/lib/pricing/catalogue';
import { defaultLocale as defaultCode, localeTable as rows } from './locale-table.mjs';

/**
 * The locale table, typed. Its rows are written in `./locale-table.mjs` (plain ESM, so next.config.mjs and
 * the build scripts read the same rows): the one place where the site's languages are declared.
 * Routing, the proxy, the language switcher, `<html lang dir>`, hreflang, the sitemap and
 * Intl formatting all derive from it. Adding a language = one row there + one messages file
 * (tests/i18n/add-a-locale.test.ts).
 */
export const localeTable = rows satisfies readonly LocaleEntry[];

export interface LocaleEntry {
  /** Internal code: the `[locale]` route param, messages file name, `<html lang>`, hreflang. */
  code: string;
  /** What appears in URLs (and in the `i18n_redirected` cookie): two or three lowercase letters. */
  prefix: string;
  /** Full BCP 47 tag used for Accept-Language matching and Intl formatting. */
  tag: string;
  /** The language's name in itself, for the switcher. */
  name: string;
  dir: 'ltr' | 'rtl';
  /** Currency the pay page quotes prices in: one of the catalogue's (a new one is a catalogue change). */
  currency: Currency;
}

export type Locale = (typeof localeTable)[number]['code'];
export type LocaleInfo = (typeof localeTable)[number];

export const defaultLocale = defaultCode satisfies Locale;
export const locales = localeTable.map((l) => l.code) as readonly Locale[] as [Locale, ...Locale[]];

const byCode = new Map<string, LocaleInfo>(localeTable.map((l) => [l.code, l]));
const byPrefix = new Map<string, LocaleInfo>(localeTable.map((l) => [l.prefix, l]));

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && byCode.has(value);
}

export function localeInfo(locale: Locale): LocaleInfo {
  // Every Locale is in the table by construction.
  return byCode.get(locale)!;
}

/** The locale a URL prefix names (`jp` → `ja`), or undefined for anything else. */
export function localeFromPrefix(prefix: string): Locale | undefined {
  return byPrefix.get(prefix)?.code;
}

/**
 * A path's first segment and the rest (`/jp/pay` → `jp`, `/pay`), and the locale that segment names
 * if it is a prefix: the one place a path's locale prefix is read.
 */
export function splitLocalePrefix(pathname: string): { first: string; rest: string; locale: Locale | undefined } {
  const slash = pathname.indexOf('/', 1);
  const first = slash === -1 ? pathname.slice(1) : pathname.slice(1, slash);
  const rest = slash === -1 ? '' : pathname.slice(slash);
  return { first, rest, locale: localeFromPrefix(first) };
}

export function prefixOf(locale: Locale): string {
  return localeInfo(locale).prefix;
}

/** The path of `pathname` (which starts with `/`, unprefixed) in `locale`. */
export function localizedPath(locale: Locale, pathname: string): string {
  if (locale === defaultLocale) return pathname;
  const prefix = `/${prefixOf(locale)}`;
  return pathname === '/' ? prefix : `${prefix}${pathname}`;
}
