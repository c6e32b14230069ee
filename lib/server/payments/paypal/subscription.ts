import 'server-only';
import { teamBlocks, type PurchasePeriodId } from '@/lib/pricing/catalogue';
import { ledgerSql } from '@/lib/server/db';
import { findOrder } from '@/lib/server/ledger/orders';
import {
  bindSubscription,
  cycleOrder,
  setSubscriptionStatus,
  subscriptionOrders,
  type BindResult,
} from '@/lib/server/ledger/subscriptions';
import type { Order, PaymentOutcome } from '@/lib/server/ledger/types';
import { settlePayment } from '@/lib/server/payments/settle';
import { paidCycles, type PaypalSubscription } from './client';
import type { PaypalConfig } from './config';

/** What the pay page's PayPal buttons create the subscription with (PRODUCT §10). */
export interface PaypalCheckout {
  planId: string;
  quantity: number;
  customId: string;
}

/** Users for individual_pro (always 1 here: a link is one user), blocks of 10 members for team_pro. */
export function subscriptionQuantity(order: Pick<Order, 'plan' | 'seats'>): number {
  return order.plan === 'team_pro' ? teamBlocks(order.seats ?? 0) : 1;
}

/** The plan is chosen on the server from the order, never taken from the browser (payments.md §3.6). */
export function paypalCheckout(order: Order, config: PaypalConfig): PaypalCheckout {
  return {
    planId: config.planIds[order.plan][order.period as PurchasePeriodId],
    quantity: subscriptionQuantity(order),
    customId: order.id,
  };
}

/**
 * Why a subscription PayPal reports is not the one this order asked for, or null when it is: the
 * buyer's browser created it, so plan, quantity and custom id are all claims until checked here.
 */
export function subscriptionMismatch(order: Order, subscription: PaypalSubscription, config: PaypalConfig) {
  if (order.gateway !== 'paypal') return 'not a PayPal order';
  if (subscription.custom_id !== order.id) return 'custom_id';
  if (subscription.plan_id !== paypalCheckout(order, config).planId) return 'plan_id';
  if (Number(subscription.quantity ?? '1') !== subscriptionQuantity(order)) return 'quantity';
  return null;
}

/** Binds the subscription to its checkout order; `conflict` when either is already bound elsewhere. */
export async function bindToOrder(order: Order, subscription: PaypalSubscription, now: Date): Promise<BindResult> {
  const sql = await ledgerSql();
  return sql.transaction((tx) =>
    bindSubscription(
      tx,
      {
        id: subscription.id,
        gateway: 'paypal',
        orderId: order.id,
        planId: subscription.plan_id,
        quantity: Number(subscription.quantity ?? '1'),
        status: subscription.status,
      },
      now,
    ),
  );
}

export interface SyncResult {
  /** Payments PayPal reports taken. */
  cycles: number;
  /** Payments this call moved to paid (0 when another caller, or an earlier one, already did). */
  paidNow: number;
}

/**
 * Settles every payment PayPal reports for a subscription (its completed billing cycles), each
 * through settlePayment under its own transaction id `<subscription>#<cycle>`, so the confirm call,
 * each webhook and reconciliation can all run this — in any order, any number of times,
 * concurrently — and each payment extends the plan exactly once. Deriving the count from PayPal's
 * own record rather than from event order makes a lost or reordered webhook harmless.
 *
 * `amountFor` lets a caller holding stronger money evidence (a sale's amount) say what a cycle was
 * paid; a wrong amount puts that payment's order to review instead of granting it.
 */
export async function syncSubscription(
  first: Order,
  subscription: PaypalSubscription,
  source: 'confirm' | 'webhook' | 'reconcile',
  now: Date,
  amountFor: (cycle: number, order: Order) => number = (_cycle, order) => order.amount,
): Promise<SyncResult> {
  const sql = await ledgerSql();
  await setSubscriptionStatus(sql, subscription.id, subscription.status, now);
  const cycles = paidCycles(subscription);
  const settled = new Set(
    (await subscriptionOrders(sql, subscription.id))
      .filter((order) => order.status !== 'pending')
      .map((order) => order.subscriptionCycle),
  );
  let paidNow = 0;
  for (let cycle = 1; cycle <= cycles; cycle += 1) {
    if (settled.has(cycle)) continue;
    const order = await cycleOrder(sql, first, subscription.id, cycle, now);
    const outcome = await settlePayment({
      gateway: 'paypal',
      transactionId: `${subscription.id}#${cycle}`,
      orderId: order.id,
      amount: amountFor(cycle, order),
      result: 'succeeded',
      resultCode: subscription.status,
      payload: { subscription: subscription.id, cycle, source, status: subscription.status },
      now,
    });
    if (outcome === 'paid') paidNow += 1;
  }
  if (cycles === 0 && ['CANCELLED', 'EXPIRED', 'SUSPENDED'].includes(subscription.status)) {
    // Approved but never paid and now stopped: the checkout failed. A later verified payment
    // would still move it to paid (settle.ts allows failed → paid), so this loses nothing.
    await failFirstPayment(first, subscription.id, subscription.status, now);
  }
  return { cycles, paidNow };
}

/** The first payment did not happen (declined card, subscription stopped before paying). */
export async function failFirstPayment(
  first: Order,
  subscriptionId: string,
  reason: string,
  now: Date,
): Promise<PaymentOutcome> {
  return settlePayment({
    gateway: 'paypal',
    // Not `#1`: that id is reserved for the payment itself, which may still succeed later.
    transactionId: `${subscriptionId}#1:failed`,
    orderId: first.id,
    amount: first.amount,
    result: 'failed',
    resultCode: reason,
    payload: { subscription: subscriptionId, cycle: 1, reason },
    now,
  });
}

/** The checkout order a subscription claims to belong to, if it is one of ours and a PayPal one. */
export async function claimedOrder(subscription: PaypalSubscription): Promise<Order | null> {
  if (!subscription.custom_id || !/^[a-f0-9]{32}$/.test(subscription.custom_id)) return null;
  const order = await findOrder(await ledgerSql(), subscription.custom_id);
  return order && order.gateway === 'paypal' && (order.subscriptionCycle ?? 1) === 1 ? order : null;
}
