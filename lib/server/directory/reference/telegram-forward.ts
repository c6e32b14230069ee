import 'server-only';
import { siteWebhooks } from '../remote/contract';
import { signRequest } from '../remote/signature';
import { isPaymentUpdate, secretMatches, telegramUpdate } from '../remote/telegram-update';
import { cappedJson } from '@/lib/server/request/capped-read';
import { log } from '@/lib/server/observability/log';
import type { Reply } from './reply';

/** Where Telegram delivers the bot's updates to the reference backend (setWebhook's url). */
export const TELEGRAM_WEBHOOK_PATH = '/telegram/webhook';

export interface TelegramForwarding {
  /** setWebhook's secret_token: Telegram sends it with every update. */
  webhookSecret: string;
  /** The website's origin (its SITE_URL). */
  siteUrl: string;
  /**
   * How long the website may take. Telegram wants a pre-checkout query answered within 10 s of
   * sending it, and the website answers before it replies: 8 s leaves room for the two hops.
   */
  budgetMs?: number;
}

const DEFAULT_BUDGET_MS = 8_000;
const MAX_ANSWER_BYTES = 4 * 1024;
const { path } = siteWebhooks.telegramPaymentUpdate;

/**
 * The bot's webhook, as the assistant's backend keeps it: an update counts only with the secret
 * token; a payment update (pre-checkout, successful or refunded payment) goes to the website, signed
 * as the contract signs, and Telegram hears 200 only once the website has answered 2xx — anything
 * else is a 502, so Telegram delivers the update again. Every other update is the assistant's own
 * (chat messages), which this reference acknowledges and leaves.
 */
export async function receiveTelegramUpdate(
  forwarding: TelegramForwarding,
  backendSecret: string,
  request: { secretToken: string | null; rawBody: string },
): Promise<Reply> {
  if (!secretMatches(request.secretToken, forwarding.webhookSecret)) return { status: 401, body: { ok: false } };
  let update;
  try {
    update = telegramUpdate.safeParse(JSON.parse(request.rawBody));
  } catch {
    return { status: 400, body: { ok: false } };
  }
  if (!update.success || !isPaymentUpdate(update.data)) return { status: 200, body: { ok: true } };
  const started = Date.now();
  try {
    const response = await fetch(new URL(path, forwarding.siteUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signRequest(backendSecret, { method: 'POST', pathAndQuery: path, body: request.rawBody }),
      },
      body: request.rawBody,
      redirect: 'manual',
      signal: AbortSignal.timeout(forwarding.budgetMs ?? DEFAULT_BUDGET_MS),
    });
    const answer = await cappedJson(response, MAX_ANSWER_BYTES).catch(() => null);
    log().info(
      { update: update.data.update_id, status: response.status, answer, ms: Date.now() - started },
      'reference backend: payment update forwarded',
    );
    return response.ok ? { status: 200, body: { ok: true } } : { status: 502, body: { ok: false } };
  } catch (failure) {
    log().warn({ update: update.data.update_id, err: failure }, 'reference backend: the website did not answer');
    return { status: 502, body: { ok: false } };
  }
}
