import { localeInfo, type Locale } from '@/lib/i18n/locales';
import { sessionHeaders } from './session-token';

/**
 * The headers of every call a page makes to the site's own API, written once: the page's language
 * (Accept-Language), so a refusal comes back in the words the reader reads; the JSON type when a body
 * goes with it; and the Mini App's session when the page runs inside Telegram (a cookie does that
 * work everywhere else; session-token.ts).
 */
export function apiHeaders(locale: string, { json = false }: { json?: boolean } = {}): Record<string, string> {
  return {
    'Accept-Language': localeInfo(locale as Locale).tag,
    ...(json ? { 'Content-Type': 'application/json' } : {}),
    ...sessionHeaders(),
  };
}
