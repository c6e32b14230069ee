import { z } from 'zod';

/*
 * The part of Telegram's Update the site reads, as Telegram's Bot API documents it. Every other
 * field (and every other kind of update) passes through unread. No imports but zod: the
 * chat-backend contract takes the same shape as the body of the update the assistant's backend
 * forwards (docs/chat-backend.openapi.yaml, webhook `telegramPaymentUpdate`).
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
