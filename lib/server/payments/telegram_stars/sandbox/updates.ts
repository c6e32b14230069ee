import 'server-only';
import { env } from '@/lib/server/env';
import { signRequest } from '@/lib/server/directory/remote/signature';
import type { DeliverCallback, GatewayReply } from '@/lib/server/payments/gateway';
import { starsConfig } from '../config';
import { starsOffer } from '../offer';
import { siteWebhooks } from '@/lib/server/directory/remote/contract';
import { SECRET_HEADER } from '@/lib/server/directory/remote/telegram-update';

let updateId = 700_000_000;

/**
 * One update to the site, as its sender posts it: Telegram's JSON POST with the webhook's secret
 * token, or — when the deployment takes its updates from the assistant's backend — the same body
 * signed as the backend forwards it.
 */
export async function sendUpdate(deliver: DeliverCallback, update: Record<string, unknown>): Promise<GatewayReply> {
  const config = starsConfig();
  const rawBody = JSON.stringify({ update_id: ++updateId, ...update });
  const headers = new Headers({ 'content-type': 'application/json' });
  // Telegram posts to the bot's webhook, this gateway's callback; the backend to the contract's path.
  let path = `/api/payments/${starsOffer.id}/ipn`;
  if (config?.updates.from === 'telegram') headers.set(SECRET_HEADER, config.updates.secret);
  if (config?.updates.from === 'backend') {
    path = siteWebhooks.telegramPaymentUpdate.path;
    const signature = signRequest(config.updates.secret, { method: 'POST', pathAndQuery: path, body: rawBody });
    for (const [name, value] of Object.entries(signature)) headers.set(name, value);
  }
  return deliver({ method: 'POST', url: new URL(path, env().SITE_URL), headers, rawBody });
}
