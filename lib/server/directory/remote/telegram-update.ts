import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/*
 * Telegram's bot updates as they reach a webhook: the part of the Update the site reads (every other
 * field, and every other kind of update, passes through unread) and the secret token that proves
 * Telegram sent it. Part of the chat-backend contract, because the assistant's backend may keep the
 * bot's webhook and forward these updates to the site (docs/chat-backend.openapi.yaml, webhook
 * `telegramPaymentUpdate`); the Stars gateway reads the same shapes when it is the webhook itself.
 */

export const telegramUser = z.looseObject({ id: z.int() });

export const preCheckoutQuery = z.looseObject({
  id: z.string().min(1).max(256),
  from: telegramUser,
  currency: z.string().max(8),
  total_amount: z.int(),
  invoice_payload: z.string().max(512),
});
export type PreCheckoutQuery = z.infer<typeof preCheckoutQuery>;

export const successfulPayment = z.looseObject({
  currency: z.string().max(8),
  total_amount: z.int(),
  invoice_payload: z.string().max(512),
  telegram_payment_charge_id: z.string().min(1).max(256),
  provider_payment_charge_id: z.string().max(256).optional(),
  subscription_expiration_date: z.int().optional(),
  is_recurring: z.boolean().optional(),
  is_first_recurring: z.boolean().optional(),
});
export type SuccessfulPayment = z.infer<typeof successfulPayment>;

export const refundedPayment = z.looseObject({
  currency: z.string().max(8),
  total_amount: z.int(),
  invoice_payload: z.string().max(512),
  telegram_payment_charge_id: z.string().min(1).max(256),
});
export type RefundedPayment = z.infer<typeof refundedPayment>;

export const telegramUpdate = z.looseObject({
  update_id: z.int(),
  pre_checkout_query: preCheckoutQuery.optional(),
  message: z
    .looseObject({
      from: telegramUser.optional(),
      successful_payment: successfulPayment.optional(),
      refunded_payment: refundedPayment.optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdate>;

/** Whether an update is one the site must see: the only ones a backend forwards. */
export const isPaymentUpdate = (update: TelegramUpdate): boolean =>
  Boolean(update.pre_checkout_query || update.message?.successful_payment || update.message?.refunded_payment);

/** The header Telegram sends setWebhook's secret_token in, with every update. */
export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** The secret compared in constant time (a length mismatch is a mismatch, decided without comparing). */
export function secretMatches(received: string | null, expected: string): boolean {
  if (received === null) return false;
  const a = Buffer.from(received, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
