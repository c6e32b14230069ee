'use client';
import { refusalOf } from '@/components/layout/confirm-dialog';
import { apiHeaders } from '@/lib/client/api-headers';

/** POSTs `body` as JSON: null when it was done, else the server's refusal in words (`failed` when it gave none). */
export async function postPay(path: string, locale: string, body: unknown, failed: string): Promise<string | null> {
  const response = await fetch(path, {
    method: 'POST',
    headers: apiHeaders(locale, { json: true }),
    body: JSON.stringify(body),
  }).catch(() => null);
  return response?.ok ? null : refusalOf(response, failed);
}
