import 'server-only';
import { env } from '@/lib/server/env';
import type { DeliverCallback, GatewayReply } from '@/lib/server/payments/gateway';
import { starsConfig } from '../config';
import { SECRET_HEADER } from '../webhook';

let updateId = 700_000_000;

/** One update to the site's webhook, as Telegram sends it: a JSON POST with the secret token header. */
export async function sendUpdate(deliver: DeliverCallback, update: Record<string, unknown>): Promise<GatewayReply> {
  const config = starsConfig();
  const headers = new Headers({ 'content-type': 'application/json' });
  if (config) headers.set(SECRET_HEADER, config.webhookSecret);
  return deliver({
    method: 'POST',
    url: new URL('/api/payments/telegram_stars/ipn', env().SITE_URL),
    headers,
    rawBody: JSON.stringify({ update_id: ++updateId, ...update }),
  });
}
