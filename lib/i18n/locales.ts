/**
 * The locale table: the one place where the site's languages are declared.
 * Routing, the proxy, the language switcher, `<html lang dir>`, hreflang, the sitemap and
 * Intl formatting all derive from it. Adding a language = one row here + one messages file.
 */
export const localeTable = [
  { code: 'en', prefix: 'en', tag: 'en-US', name: 'English', dir: 'ltr', currency: 'USD' },
  { code: 'vi', prefix: 'vi', tag: 'vi-VN', name: 'Tiếng Việt', dir: 'ltr', currency: 'VND' },
  { code: 'zh', prefix: 'zh', tag: 'zh-CN', name: '中文', dir: 'ltr', currency: 'USD' },
  // `jp` is what the original site put in URLs; `ja` is the real language code, which
  // Accept-Language matching, <html lang> and Intl need.
  { code: 'ja', prefix: 'jp', tag: 'ja-JP', name: '日本語', dir: 'ltr', currency: 'USD' },
  { code: 'ko', prefix: 'ko', tag: 'ko-KR', name: '한국어', dir: 'ltr', currency: 'USD' },
  { code: 'es', prefix: 'es', tag: 'es-ES', name: 'Español', dir: 'ltr', currency: 'USD' },
  { code: 'fr', prefix: 'fr', tag: 'fr-FR', name: 'Français', dir: 'ltr', currency: 'USD' },
  { code: 'pt', prefix: 'pt', tag: 'pt-BR', name: 'Português', dir: 'ltr', currency: 'USD' },
  { code: 'id', prefix: 'id', tag: 'id-ID', name: 'Bahasa Indonesia', dir: 'ltr', currency: 'USD' },
  { code: 'de', prefix: 'de', tag: 'de-DE', name: 'Deutsch', dir: 'ltr', currency: 'USD' },
  { code: 'mr', prefix: 'mr', tag: 'mr-IN', name: 'मराठी', dir: 'ltr', currency: 'USD' },
  { code: 'ur', prefix: 'ur', tag: 'ur-PK', name: 'اردو', dir: 'rtl', currency: 'USD' },
  { code: 'ru', prefix: 'ru', tag: 'ru-RU', name: 'Русский', dir: 'ltr', currency: 'USD' },
  { code: 'hi', prefix: 'hi', tag: 'hi-IN', name: 'हिन्दी', dir: 'ltr', currency: 'USD' },
] as const satisfies readonly LocaleEntry[];

export interface LocaleEntry {
  /** Internal code: the `[locale]` route param, messages file name, `<html lang>`, hreflang. */
  code: string;
  /** What appears in URLs (and in the `i18n_redirected` cookie). */
  prefix: string;
  /** Full BCP 47 tag used for Accept-Language matching and Intl formatting. */
  tag: string;
  /** The language's name in itself, for the switcher. */
  name: string;
  dir: 'ltr' | 'rtl';
  /** Currency the landing page quotes prices in. */
  currency: 'USD' | 'VND';
}

export type Locale = (typeof localeTable)[number]['code'];
export type LocaleInfo = (typeof localeTable)[number];

export const defaultLocale = 'en' satisfies Locale;
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

export function prefixOf(locale: Locale): string {
  return localeInfo(locale).prefix;
}

/** The path of `pathname` (which starts with `/`, unprefixed) in `locale`. */
export function localizedPath(locale: Locale, pathname: string): string {
  if (locale === defaultLocale) return pathname;
  const prefix = `/${prefixOf(locale)}`;
  return pathname === '/' ? prefix : `${prefix}${pathname}`;
}
