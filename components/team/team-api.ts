'use client';
import type { TeamApiError } from '@/lib/shared/team';
import { apiHeaders } from '@/lib/client/api-headers';

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
    headers: apiHeaders(locale, { json: body !== undefined }),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).catch(() => null);
  if (!response) return null;
  const answer = (await response.json().catch(() => null)) as T | TeamApiError | null;
  if (!answer) return null;
  if (response.ok) return { ok: true, value: answer as T };
  const error = (answer as TeamApiError).error;
  return error ? { ok: false, code: error.code, message: error.message } : null;
}
