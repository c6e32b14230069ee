import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { findOrder, isOrderId } from '@/lib/server/ledger/orders';
import { orderOfTransaction, paidEventOf } from '@/lib/server/ledger/payment-events';
import { bindSubscription, cycleOrder } from '@/lib/server/ledger/subscriptions';
import type { Order, PaymentEvent, PaymentOutcome } from '@/lib/server/ledger/types';
import { holdPaymentForReview, settlePayment } from '@/lib/server/payments/settle';
import { settleRenewalCycle } from '@/lib/server/payments/renewal-cycle';
import { recordReportedRefund, type ReportedOutcome } from '@/lib/server/payments/refunds/reported';
import { renewsByItself, starsOffer, SUBSCRIPTION_PERIOD_SECONDS } from './offer';
import { preCheckoutRefused, subscriptionIdOf } from './precheckout';
import type { RefundedPayment, SuccessfulPayment } from '@/lib/server/directory/remote/telegram-update';

/** The result code a payment Telegram took after our pre-checkout refused its order is held with. */
export const PAID_AFTER_REFUSAL = 'PAID_AFTER_PRE_CHECKOUT_REFUSAL';
/** …and a second payment of an order another payment already paid. */
export const PAID_AGAIN = 'PAID_AGAIN';

/** An amount in stars; another currency is no amount the order can match (settlement sends it to review). */
const stars = (currency: string, amount: number) => (currency === 'XTR' ? amount : -1);

/** Which payment of its subscription a renewal is: its period's end counted in 30-day periods from the order. */
export function cycleOf(order: Order, expiresAt: number | undefined): number {
  if (expiresAt === undefined) return 1;
  const periods = (expiresAt * 1000 - order.createdAt.getTime()) / (SUBSCRIPTION_PERIOD_SECONDS * 1000);
  return Math.max(1, Math.round(periods));
}

/**
 * A `successful_payment`: the only evidence that money moved, settled once per
 * telegram_payment_charge_id (the event's transaction id, unique in the ledger) through the one
 * settlement path. A month's payment binds the order's Stars subscription and is settled as its
 * payment 1; a renewal (`is_recurring`, not the first) as the payment its period's end says, through
 * renewal-cycle.ts (one live renewal per plan and owner). A payment for an order our pre-checkout
 * refused, or for an order another payment already paid, is money the rules cannot grant: it waits
 * for a person in the review queue, never lost and never granted twice.
 */
export async function onSuccessfulPayment(
  payment: SuccessfulPayment,
  userId: number,
  now: Date,
): Promise<PaymentOutcome> {
  const event: PaymentEvent = {
    gateway: starsOffer.id,
    transactionId: payment.telegram_payment_charge_id,
    orderId: payment.invoice_payload,
    amount: stars(payment.currency, payment.total_amount),
    currency: 'XTR',
    result: 'succeeded',
    resultCode: payment.is_recurring ? (payment.is_first_recurring ? 'first_recurring' : 'recurring') : 'paid',
    payload: { ...payment, user_id: userId },
    now,
  };
  const sql = await ledgerSql();
  const order = isOrderId(event.orderId) ? await findOrder(sql, event.orderId) : null;
  // Not ours, or another gateway's: settlement says so and stores nothing.
  if (!order || order.gateway !== starsOffer.id) return settlePayment(event);
  const renewal = payment.is_recurring === true && payment.is_first_recurring !== true;
  const subscription = renewsByItself(order.period) || payment.is_recurring ? subscriptionIdOf(order.id) : null;
  if (!renewal) {
    // Money Telegram took: recorded as taken, so a person can refund it from the queue.
    const held = (code: string) => holdPaymentForReview({ ...event, resultCode: code });
    if (await preCheckoutRefused(order.id)) return held(PAID_AFTER_REFUSAL);
    const paidBy = order.status === 'paid' ? (await paidEventOf(sql, order.id))?.transactionId : undefined;
    if (paidBy !== undefined && paidBy !== event.transactionId) return held(PAID_AGAIN);
  }
  if (!subscription) return settlePayment(event);
  await sql.transaction((tx) =>
    bindSubscription(
      tx,
      {
        id: subscription,
        gateway: starsOffer.id,
        orderId: order.id,
        planId: order.plan,
        quantity: order.seats ?? 1,
        status: 'active',
        state: 'active',
      },
      now,
    ),
  );
  const cycle = renewal ? cycleOf(order, payment.subscription_expiration_date) : 1;
  const paying = await cycleOrder(sql, order, subscription, cycle, now);
  return settleRenewalCycle(order, subscription, { ...event, orderId: paying.id });
}

/**
 * A `refunded_payment`, ours or made elsewhere: recorded once, by the refunded charge's id, against
 * the order that payment paid (a renewal's own order), through the refunds everyone shares — the
 * account loses what the payment bought.
 */
export async function onRefundedPayment(refund: RefundedPayment, now: Date): Promise<ReportedOutcome> {
  const sql = await ledgerSql();
  const charge = refund.telegram_payment_charge_id;
  const orderId =
    (await orderOfTransaction(sql, starsOffer.id, charge)) ??
    (isOrderId(refund.invoice_payload) ? refund.invoice_payload : null);
  if (!orderId) return 'order_not_found';
  return recordReportedRefund({
    orderId,
    gateway: starsOffer.id,
    reported: { gatewayRef: refundRef(charge), amount: stars(refund.currency, refund.total_amount), requestId: null },
    reason: 'refunded in Telegram',
    now,
  });
}

/** A Stars refund's id: it is the payment's own charge id (Telegram gives a refund no other). */
export const refundRef = (chargeId: string) => `refund:${chargeId}`;
