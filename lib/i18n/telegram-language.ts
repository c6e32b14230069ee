import { defaultLocale, isLocale, localizedPath, locales, prefixOf, splitLocalePrefix, type Locale } from './locales';

/**
 * The locale of a Telegram user's `language_code` (an IETF tag such as `pt-br`, `zh-hans`, `ja`),
 * by its language alone; null for a language the site does not speak.
 */
export function localeOfLanguageCode(code: string | undefined): Locale | null {
  const language = code?.toLowerCase().split(/[-_]/)[0];
  return isLocale(language) ? language : null;
}

/**
 * Where a Mini App page opened at `pathname` should be for the user's Telegram language: only when
 * the address names no locale (the bot's link is the bare `/telegramPay`), and the language is one
 * the site speaks other than English. Null: stay.
 */
export function telegramLanguagePath(pathname: string, languageCode: string | undefined): string | null {
  if (splitLocalePrefix(pathname).locale) return null;
  const locale = localeOfLanguageCode(languageCode);
  return locale && locale !== defaultLocale ? localizedPath(locale, pathname) : null;
}

/**
 * The same rule as a table, for the Mini App's launch script (components/miniapp/launch-script.tsx),
 * which moves the bare page before the framework loads: each language the site speaks other than
 * English, by its code, and the URL prefix it moves to (`ja` → `jp`).
 */
export function telegramLanguagePrefixes(): Record<string, string> {
  return Object.fromEntries(locales.filter((code) => code !== defaultLocale).map((code) => [code, prefixOf(code)]));
}
