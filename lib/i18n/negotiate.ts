import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';
import { defaultLocale, isLocale, localeFromPrefix, localeTable, type Locale } from './locales';

// A real browser sends a few hundred bytes; anything longer is cut before parsing so a
// hostile header costs no more than a normal one.
const MAX_ACCEPT_LANGUAGE_LENGTH = 1024;
const MAX_LANGUAGE_TAGS = 24;

const tags = localeTable.map((l) => l.tag);
const localeByTag = new Map<string, Locale>(localeTable.map((l) => [l.tag, l.code]));

/** The locale a cookie value names: the URL prefix (`jp`) or, leniently, the code (`ja`). */
export function localeFromCookie(value: string | undefined): Locale | undefined {
  if (!value) return undefined;
  return localeFromPrefix(value) ?? (isLocale(value) ? value : undefined);
}

function canonicalTag(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined; // not a well-formed BCP 47 tag
  }
}

/**
 * The requested languages in preference order, each followed by its bare language
 * subtag: `zh-TW` alone would not match `zh-CN` (different script), but a reader of
 * Traditional Chinese is better served by Simplified than by English.
 */
function requestedLanguages(acceptLanguage: string): string[] {
  const header = acceptLanguage.slice(0, MAX_ACCEPT_LANGUAGE_LENGTH);
  const requested = new Negotiator({ headers: { 'accept-language': header } }).languages();
  const expanded: string[] = [];
  for (const raw of requested.slice(0, MAX_LANGUAGE_TAGS)) {
    const tag = canonicalTag(raw);
    if (!tag) continue;
    expanded.push(tag);
    const language = tag.split('-')[0]!;
    if (language !== tag) expanded.push(language);
  }
  return [...new Set(expanded)];
}

export function localeFromAcceptLanguage(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return defaultLocale;
  const requested = requestedLanguages(acceptLanguage);
  if (requested.length === 0) return defaultLocale;
  try {
    const best = match(requested, tags, 'en-US', { algorithm: 'best fit' });
    return localeByTag.get(best) ?? defaultLocale;
  } catch {
    // The matcher rejects some inputs it considers malformed; a bad header means English.
    return defaultLocale;
  }
}

/** A valid `i18n_redirected` cookie wins, then Accept-Language, then English. */
export function negotiateLocale(input: {
  cookie: string | undefined;
  acceptLanguage: string | null | undefined;
}): Locale {
  return localeFromCookie(input.cookie) ?? localeFromAcceptLanguage(input.acceptLanguage);
}
