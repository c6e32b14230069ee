import 'server-only';
import { z } from 'zod';
import type { DeliverCallback } from '@/lib/server/payments/gateway';
import { SUBSCRIPTION_PERIOD_SECONDS } from '../offer';
import { sendUpdate } from './updates';
import { newId, standInState, type StandInInvoice } from './store';

/*
 * Telegram's payment sheet, played for the Mini App harness (never in production): the payer pays,
 * cancels, or the payment fails. Paying does what Telegram does — the pre-checkout query to the
 * bot's webhook, whose answer (answerPreCheckoutQuery, within 10 seconds) decides; then, if it was
 * yes, the successful_payment — and the sheet closes with `paid`, `cancelled` or `failed`.
 */

export const sheetRequest = z.object({
  slug: z.string().min(1).max(64),
  userId: z.number().int().positive(),
  action: z.enum(['pay', 'cancel', 'fail']),
});

export type SheetAnswer = { status: 'paid' | 'cancelled' | 'failed'; message?: string };

/** The invoice a slug names, as the sheet shows it (title, description, amount, whether it renews). */
export const sheetInvoice = (slug: string): StandInInvoice | null => standInState().invoices.get(slug) ?? null;

export async function playSheet(
  request: z.infer<typeof sheetRequest>,
  deliver: DeliverCallback,
): Promise<SheetAnswer | null> {
  const invoice = sheetInvoice(request.slug);
  if (!invoice) return null;
  if (request.action === 'cancel') return { status: 'cancelled' };
  if (request.action === 'fail') return { status: 'failed' };
  const state = standInState();
  const queryId = newId('pcq');
  state.answers.set(queryId, null);
  await sendUpdate(deliver, {
    pre_checkout_query: {
      id: queryId,
      from: { id: request.userId, is_bot: false, first_name: 'Harness' },
      currency: 'XTR',
      total_amount: invoice.amount,
      invoice_payload: invoice.payload,
    },
  });
  const answer = state.answers.get(queryId);
  state.answers.delete(queryId);
  // No answer within the time is Telegram's "cancelled by the bot": nothing is charged.
  if (!answer?.ok) return { status: 'failed', ...(answer?.errorMessage ? { message: answer.errorMessage } : {}) };
  await pay(invoice, request.userId, deliver);
  return { status: 'paid' };
}

/** The payment Telegram takes and reports (and, for a subscription, the subscription it starts). */
async function pay(invoice: StandInInvoice, userId: number, deliver: DeliverCallback, renewal?: string) {
  const state = standInState();
  const now = Math.floor(Date.now() / 1000);
  const charge = newId('stxSANDBOX');
  const subscription = renewal ? state.subscriptions.get(renewal) : undefined;
  const expiresAt = invoice.subscriptionPeriod
    ? (subscription?.expiresAt ?? now) + SUBSCRIPTION_PERIOD_SECONDS
    : undefined;
  state.charges.set(charge, { userId, payload: invoice.payload, amount: invoice.amount, refunded: false });
  state.transactions.push({
    id: charge,
    amount: invoice.amount,
    date: now,
    source: {
      type: 'user',
      transaction_type: 'invoice_payment',
      user: { id: userId },
      invoice_payload: invoice.payload,
      ...(invoice.subscriptionPeriod ? { subscription_period: invoice.subscriptionPeriod } : {}),
    },
  });
  if (invoice.subscriptionPeriod && expiresAt) {
    if (subscription) subscription.expiresAt = expiresAt;
    else state.subscriptions.set(charge, { chargeId: charge, userId, slug: invoice.slug, canceled: false, expiresAt });
  }
  await sendUpdate(deliver, {
    message: {
      from: { id: userId },
      successful_payment: {
        currency: 'XTR',
        total_amount: invoice.amount,
        invoice_payload: invoice.payload,
        telegram_payment_charge_id: charge,
        provider_payment_charge_id: '',
        ...(expiresAt
          ? {
              subscription_expiration_date: expiresAt,
              is_recurring: true,
              ...(renewal ? {} : { is_first_recurring: true }),
            }
          : {}),
      },
    },
  });
}

/** Telegram renews a subscription that is not cancelled: its next payment now (the harness's "renew"). */
export async function renewNow(chargeId: string, deliver: DeliverCallback): Promise<boolean> {
  const subscription = standInState().subscriptions.get(chargeId);
  const invoice = subscription && sheetInvoice(subscription.slug);
  if (!subscription || !invoice || subscription.canceled) return false;
  await pay(invoice, subscription.userId, deliver, chargeId);
  return true;
}
