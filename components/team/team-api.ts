'use client';
import { localeInfo, type Locale } from '@/lib/i18n/locales';
import type { TeamApiError } from '@/lib/shared/team';
import { sessionHeaders } from '@/lib/client/session-token';

/**
 * A POST to the team API in the page's language: the parsed answer, or the server's translated
 * refusal; null when the network failed or the answer was not ours (the caller shows a fallback).
 */
export async function postTeam<T>(
  path: string,
  locale: string,
  body?: unknown,
): Promise<{ ok: true; value: T } | { ok: false; code: string; message: string } | null> {
  const response = await fetch(path, {
    method: 'POST',
    headers: {
      'Accept-Language': localeInfo(locale as Locale).tag,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...sessionHeaders(),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).catch(() => null);
  if (!response) return null;
  const answer = (await response.json().catch(() => null)) as T | TeamApiError | null;
  if (!answer) return null;
  if (response.ok) return { ok: true, value: answer as T };
  const error = (answer as TeamApiError).error;
  return error ? { ok: false, code: error.code, message: error.message } : null;
}
