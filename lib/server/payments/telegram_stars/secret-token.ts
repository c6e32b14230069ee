import 'server-only';
import { timingSafeEqual } from 'node:crypto';

/** The header Telegram sends setWebhook's secret_token in, with every update. */
export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** The secret compared in constant time (a length mismatch is a mismatch, decided without comparing). */
export function secretMatches(received: string | null, expected: string): boolean {
  if (received === null) return false;
  const a = Buffer.from(received, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
