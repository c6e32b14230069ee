import 'server-only';
import type { DeliverCallback } from '@/lib/server/payments/gateway';
import { standInState } from './store';
import { sendUpdate } from './updates';

/*
 * What Telegram itself can do to a user's Stars payments, outside the site (never in production):
 * the harness lists them and, on demand, refunds one (as Telegram's support or the bot's owner with
 * another tool would) or charges a subscription's next month now (./sheet.ts, renewNow).
 */

export interface StandInPayment {
  chargeId: string;
  title: string;
  amount: number;
  /** Seconds since the epoch. */
  date: number;
  refunded: boolean;
  /** The subscription this payment started (its later months are payments of their own). */
  subscription: { canceled: boolean; expiresAt: number } | null;
}

/** A user's payments, newest first. */
export function paymentsOf(userId: number): StandInPayment[] {
  const state = standInState();
  const dates = new Map(state.transactions.filter((t) => t.source).map((t) => [t.id, t.date]));
  return [...state.charges.entries()]
    .filter(([, charge]) => charge.userId === userId)
    .map(([chargeId, charge]) => {
      const invoice = [...state.invoices.values()].find((i) => i.payload === charge.payload);
      const subscription = state.subscriptions.get(chargeId);
      return {
        chargeId,
        title: invoice?.title ?? charge.payload,
        amount: charge.amount,
        date: dates.get(chargeId) ?? 0,
        refunded: charge.refunded,
        subscription: subscription ? { canceled: subscription.canceled, expiresAt: subscription.expiresAt } : null,
      };
    })
    .sort((a, b) => b.date - a.date);
}

/**
 * Telegram returns a payment's stars: the refund is in its transactions, and the bot hears a
 * refunded_payment, whoever asked (the bot's own refundStarPayment included). False when there is
 * no such payment or it was refunded already.
 */
export async function refundCharge(chargeId: string, deliver: DeliverCallback): Promise<boolean> {
  const state = standInState();
  const charge = state.charges.get(chargeId);
  if (!charge || charge.refunded) return false;
  charge.refunded = true;
  state.transactions.push({
    id: chargeId,
    amount: charge.amount,
    date: Math.floor(Date.now() / 1000),
    receiver: { type: 'user', user: { id: charge.userId } },
  });
  await sendUpdate(deliver, {
    message: {
      from: { id: charge.userId },
      refunded_payment: {
        currency: 'XTR',
        total_amount: charge.amount,
        invoice_payload: charge.payload,
        telegram_payment_charge_id: chargeId,
      },
    },
  });
  return true;
}
