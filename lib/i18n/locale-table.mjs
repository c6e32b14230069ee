// The locale table: the one place where the site's languages are declared. Plain ESM, so that
// next.config.mjs (the `/jp` rewrites and the `/ja` redirects), the build scripts (fonts, preview
// cards) and the TypeScript modules all read the same rows; lib/i18n/locales.ts re-exports it with
// its types (and checks each row against them: a currency is one of lib/pricing/catalogue.ts's).
// Adding a language = one row here + messages/<code>.json (CONTRIBUTING.md, "Adding a locale";
// tests/i18n/add-a-locale.test.ts proves that every other place derives from the row).
//
// A row: `code` is the `[locale]` route param, the messages file's name, `<html lang>` and hreflang;
// `prefix` is what appears in URLs and in the `i18n_redirected` cookie (two or three lowercase
// letters, the shape proxy.ts's matcher lets through to the prerendered pages); `tag` is the BCP 47
// tag for Accept-Language matching and Intl; `name` is the language's name in itself, for the
// switcher; `dir` is `ltr` or `rtl`; `currency` is what the pay page quotes in.

export const localeTable = /** @type {const} */ ([
  { code: 'en', prefix: 'en', tag: 'en-US', name: 'English', dir: 'ltr', currency: 'USD' },
  { code: 'vi', prefix: 'vi', tag: 'vi-VN', name: 'Tiếng Việt', dir: 'ltr', currency: 'VND' },
  { code: 'zh', prefix: 'zh', tag: 'zh-CN', name: '中文', dir: 'ltr', currency: 'USD' },
  // `jp` is what the original site put in URLs; `ja` is the real language code, which
  // Accept-Language matching, <html lang> and Intl need. A prefix that is not its code gets the
  // rewrite (`/jp/...` → `/ja/...`) and the redirect (`/ja/...` → `/jp/...`) of next.config.mjs.
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
]);

/** English: unprefixed in URLs (`/pay`); `/en` is its home without negotiation (proxy.ts). */
export const defaultLocale = 'en';

/**
 * The rows whose URL prefix is not their code (`ja` served at `/jp`), as next.config.mjs needs them:
 * rewrites onto the `[locale]` tree, and permanent redirects from the code to the prefix (one hop,
 * the query kept), answered before the proxy runs.
 */
export function prefixAliases(table = localeTable) {
  const aliased = table.filter((row) => row.prefix !== row.code);
  return {
    rewrites: aliased.flatMap(({ code, prefix }) => [
      { source: `/${prefix}`, destination: `/${code}` },
      { source: `/${prefix}/:path*`, destination: `/${code}/:path*` },
    ]),
    redirects: aliased.flatMap(({ code, prefix }) => [
      { source: `/${code}`, destination: `/${prefix}`, permanent: true },
      { source: `/${code}/:path*`, destination: `/${prefix}/:path*`, permanent: true },
    ]),
  };
}
