'use client';
import { refusalOf } from '@/components/layout/confirm-dialog';
import { localeInfo, type Locale } from '@/lib/i18n/locales';
import { sessionHeaders } from '@/lib/client/session-token';

/**
 * The pay page's calls to its own API, one way: each names the page's language (Accept-Language), so
 * a refusal comes back in the words the payer reads, says when it sends JSON, and carries the Mini
 * App's session when the page runs inside Telegram (a cookie does the work everywhere else).
 */
export function payHeaders(locale: string, { json = false }: { json?: boolean } = {}): Record<string, string> {
  return {
    'Accept-Language': localeInfo(locale as Locale).tag,
    ...(json ? { 'Content-Type': 'application/json' } : {}),
    ...sessionHeaders(),
  };
}

/** POSTs `body` as JSON: null when it was done, else the server's refusal in words (`failed` when it gave none). */
export async function postPay(path: string, locale: string, body: unknown, failed: string): Promise<string | null> {
  const response = await fetch(path, {
    method: 'POST',
    headers: payHeaders(locale, { json: true }),
    body: JSON.stringify(body),
  }).catch(() => null);
  return response?.ok ? null : refusalOf(response, failed);
}
