import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { CallbackInput, HandledCallback } from '@/lib/server/payments/gateway';
import { isUnavailable } from '@/lib/server/unavailable';
import { log } from '@/lib/server/observability/log';
import { starsConfig, type StarsConfig } from './config';
import { starsOffer } from './offer';
import { onRefundedPayment, onSuccessfulPayment, refundedPayment, successfulPayment } from './payments';
import { answerPreCheckout, preCheckoutQuery } from './precheckout';

/** The header Telegram sends setWebhook's secret_token in, with every update. */
export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

const update = z.looseObject({
  update_id: z.number().int(),
  pre_checkout_query: preCheckoutQuery.optional(),
  message: z
    .looseObject({
      from: z.looseObject({ id: z.number().int() }).optional(),
      successful_payment: successfulPayment.optional(),
      refunded_payment: refundedPayment.optional(),
    })
    .optional(),
});

/** The secret compared in constant time (a length mismatch is a mismatch, decided without comparing). */
export function secretMatches(received: string | null, expected: string): boolean {
  if (received === null) return false;
  const a = Buffer.from(received, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

const reply = (status: number, outcome: string): HandledCallback => ({ status, json: { outcome }, outcome });

/**
 * The bot's webhook (POST /api/payments/telegram_stars/ipn): an update counts only with the secret
 * token setWebhook was given — anything else is a 401 and changes nothing. Then the payment updates:
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
  if (!secretMatches(input.headers.get(SECRET_HEADER), config.webhookSecret)) {
    log().warn({ gateway: starsOffer.id }, 'update without the webhook secret');
    return reply(401, 'bad_secret');
  }
  let parsed: z.infer<typeof update> | null = null;
  try {
    const result = update.safeParse(JSON.parse(input.rawBody));
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

async function dispatch(received: z.infer<typeof update>, config: StarsConfig, now: Date): Promise<string> {
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
