import 'server-only';
import type { CallbackInput, HandledCallback } from '@/lib/server/payments/gateway';
import { isUnavailable } from '@/lib/server/unavailable';
import { log } from '@/lib/server/observability/log';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyRequest } from '@/lib/server/directory/remote/signature';
import { starsConfig, type StarsConfig, type UpdateSource } from './config';
import { starsOffer } from './offer';
import { onRefundedPayment, onSuccessfulPayment } from './payments';
import { answerPreCheckout } from './precheckout';
import {
  SECRET_HEADER,
  secretMatches,
  telegramUpdate,
  type TelegramUpdate,
} from '@/lib/server/directory/remote/telegram-update';

const reply = (status: number, outcome: string): HandledCallback => ({ status, json: { outcome }, outcome });

/**
 * Whether the update comes from the one sender this deployment names: Telegram, with setWebhook's
 * secret token; or the assistant's backend, with the contract's signature over this method, path
 * and body, made within the replay window. The other sender's proof counts for nothing.
 */
function authentic(input: CallbackInput, updates: UpdateSource, now: Date): boolean {
  if (updates.from === 'telegram') return secretMatches(input.headers.get(SECRET_HEADER), updates.secret);
  return verifyRequest(
    updates.secret,
    {
      method: input.method,
      pathAndQuery: `${input.url.pathname}${input.url.search}`,
      body: input.rawBody,
      timestamp: input.headers.get(TIMESTAMP_HEADER),
      signature: input.headers.get(SIGNATURE_HEADER),
    },
    now,
  );
}

/**
 * The bot's payment updates, from Telegram itself (the bot's webhook, this gateway's callback) or
 * forwarded by the assistant's backend (POST /api/telegram/updates): an update counts only with its sender's proof — anything
 * else is a 401 and changes nothing. Then the payment updates:
 * a pre-checkout query is answered from the ledger, a successful_payment settled, a refunded_payment
 * recorded; every other update is acknowledged and ignored. 200 once the effect is committed;
 * 503 when the ledger is away, so Telegram delivers the update again (each step is idempotent).
 */
export async function handleStarsUpdate(
  input: CallbackInput,
  now = new Date(),
  config = starsConfig(),
): Promise<HandledCallback> {
  if (!config) return reply(404, 'not_configured');
  if (input.method !== 'POST') return reply(405, 'method_not_allowed');
  if (!authentic(input, config.updates, now)) {
    log().warn({ gateway: starsOffer.id, from: config.updates.from }, "update without its sender's proof");
    return reply(401, 'bad_secret');
  }
  let parsed: TelegramUpdate | null = null;
  try {
    const result = telegramUpdate.safeParse(JSON.parse(input.rawBody));
    if (result.success) parsed = result.data;
  } catch {
    // not JSON: refused below
  }
  if (!parsed) {
    log().error({ gateway: starsOffer.id }, 'an authentic update that is not the documented shape');
    return reply(400, 'malformed');
  }
  try {
    return reply(200, await dispatch(parsed, config, now));
  } catch (error) {
    if (isUnavailable(error)) log().warn({ gateway: starsOffer.id, err: error }, 'update: a dependency is unavailable');
    else log().error({ gateway: starsOffer.id, err: error }, 'update failed');
    return reply(503, 'retry_later');
  }
}

async function dispatch(received: TelegramUpdate, config: StarsConfig, now: Date): Promise<string> {
  if (received.pre_checkout_query) return answerPreCheckout(received.pre_checkout_query, config, now);
  const message = received.message;
  if (message?.successful_payment) {
    const outcome = await onSuccessfulPayment(message.successful_payment, message.from?.id ?? 0, now);
    log().info(
      {
        gateway: starsOffer.id,
        order: message.successful_payment.invoice_payload,
        charge: message.successful_payment.telegram_payment_charge_id,
        outcome,
      },
      'successful_payment settled',
    );
    return outcome;
  }
  if (message?.refunded_payment) return `refund_${await onRefundedPayment(message.refunded_payment, now)}`;
  return 'ignored';
}
