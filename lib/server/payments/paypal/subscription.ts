import 'server-only';
import { teamBlocks, type PurchasePeriodId } from '@/lib/pricing/catalogue';
import { ledgerSql } from '@/lib/server/db';
import { findOrder, isOrderId } from '@/lib/server/ledger/orders';
import {
  bindSubscription,
  cycleOrder,
  setSubscriptionStatus,
  subscriptionOrders,
  type BindResult,
  type SubscriptionState,
} from '@/lib/server/ledger/subscriptions';
import { isPlanOrder, type Order, type PaymentOutcome, type PlanOrder } from '@/lib/server/ledger/types';
import { settlePayment } from '@/lib/server/payments/settle';
import { settleRenewalCycle } from '@/lib/server/payments/renewal-cycle';
import { minorUnitDigits } from '@/lib/pricing/catalogue';
import { paidCycles, type PaypalSubscription } from './client';
import type { PaypalCheckoutParams } from '@/lib/shared/paypal-browser';
import type { PaypalConfig } from './config';

/** Users for individual_pro (always 1 here: a link is one user), blocks of 10 members for team_pro. */
export function subscriptionQuantity(order: Pick<Order, 'plan' | 'seats'>): number {
  return order.plan === 'team_pro' ? teamBlocks(order.seats ?? 0) : 1;
}

/**
 * The plan is chosen on the server from the order, never taken from the browser; so is when it
 * first charges: `startsAt`, the end of the time already paid for the plan (PayPal's `start_time`),
 * or at once when none is.
 */
export function paypalCheckout(
  order: PlanOrder,
  config: PaypalConfig,
  startsAt: Date | null = null,
): PaypalCheckoutParams {
  return {
    planId: config.planIds[order.plan][order.period as PurchasePeriodId],
    quantity: subscriptionQuantity(order),
    customId: order.id,
    ...(startsAt ? { startTime: startsAt.toISOString() } : {}),
  };
}

/** When the order's subscription was told to first charge (its checkout's `startTime`); null: at once. */
export function firstChargeAt(order: Pick<Order, 'checkoutStart'>): Date | null {
  const params = order.checkoutStart?.params;
  const startTime =
    typeof params === 'object' && params !== null ? (params as Record<string, unknown>).startTime : undefined;
  if (typeof startTime !== 'string') return null;
  const date = new Date(startTime);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Why a subscription PayPal reports is not the one this order asked for, or null when it is: the
 * buyer's browser created it, so plan, quantity and custom id are all claims until checked here.
 */
export function subscriptionMismatch(order: Order, subscription: PaypalSubscription, config: PaypalConfig) {
  if (order.gateway !== 'paypal') return 'not a PayPal order';
  if (!isPlanOrder(order)) return 'not a subscription order';
  if (subscription.custom_id !== order.id) return 'custom_id';
  if (subscription.plan_id !== paypalCheckout(order, config).planId) return 'plan_id';
  if (Number(subscription.quantity ?? '1') !== subscriptionQuantity(order)) return 'quantity';
  return null;
}

/** Why what PayPal reports charging is not the order's price, or null when it is the order's price. */
export type ChargeMismatch = 'plan_overridden' | 'no_last_payment' | 'currency' | 'amount';

/**
 * What PayPal says it charged per cycle, in the order's minor units, checked against the order: the
 * buyer's browser creates the subscription and may override the plan's price (`plan_overridden`),
 * so a matching plan id proves nothing about the money. `amount` is what gets recorded and compared
 * by settlePayment: -1 (never an order's amount) when PayPal reports no comparable price.
 */
export function reportedCharge(
  order: Pick<Order, 'amount' | 'currency'>,
  subscription: PaypalSubscription,
): { amount: number; mismatch: ChargeMismatch | null } {
  const paid = subscription.billing_info?.last_payment?.amount;
  if (!paid) return { amount: -1, mismatch: 'no_last_payment' };
  if (paid.currency_code !== order.currency) return { amount: -1, mismatch: 'currency' };
  const amount = toMinorUnits(paid.value, order.currency);
  // Overridden pricing is refused even at the right amount: later cycles may be priced otherwise.
  if (subscription.plan_overridden === true) return { amount: -1, mismatch: 'plan_overridden' };
  return { amount, mismatch: amount === order.amount ? null : 'amount' };
}

/** PayPal's decimal string ("19.90") → integer minor units (1990); -1 for anything else. */
export function toMinorUnits(value: string, currency: Order['currency']): number {
  const digits = minorUnitDigits[currency];
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return -1;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return -1;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** PayPal's subscription status in the site's words (lib/server/ledger/subscriptions.ts). */
export function subscriptionState(status: string): SubscriptionState {
  switch (status) {
    case 'APPROVAL_PENDING':
      return 'awaiting_approval';
    case 'APPROVED':
      return 'approved';
    case 'ACTIVE':
      return 'active';
    case 'SUSPENDED':
      return 'suspended';
    default:
      // CANCELLED, EXPIRED, and any status PayPal may add: it is not known to charge again.
      return 'stopped';
  }
}

/** PayPal's status with the state it maps to, as the ledger keeps both. */
export const statusAndState = (status: string) => ({ status, state: subscriptionState(status) });

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
        ...statusAndState(subscription.status),
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
 * Each cycle is settled at what PayPal reports charging (reportedCharge): a price other than the
 * order's, another currency or an overridden plan puts that payment's order to review instead of
 * granting it. `amountFor` lets a caller holding more evidence (a sale's amount) say what a cycle
 * was paid, and is only asked when the subscription itself reports the order's price.
 */
export async function syncSubscription(
  first: Order,
  subscription: PaypalSubscription,
  source: 'confirm' | 'webhook' | 'reconcile',
  now: Date,
  amountFor: (cycle: number, order: Order) => number = (_cycle, order) => order.amount,
): Promise<SyncResult> {
  const sql = await ledgerSql();
  await setSubscriptionStatus(sql, subscription.id, statusAndState(subscription.status), now);
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
    const charge = reportedCharge(order, subscription);
    const outcome = await settleRenewalCycle(first, subscription.id, {
      gateway: 'paypal',
      transactionId: `${subscription.id}#${cycle}`,
      orderId: order.id,
      amount: charge.mismatch ? charge.amount : amountFor(cycle, order),
      // reportedCharge compared PayPal's currency with the order's: another one is amount -1 (review).
      currency: order.currency,
      result: 'succeeded',
      resultCode: subscription.status,
      payload: {
        subscription: subscription.id,
        cycle,
        source,
        status: subscription.status,
        ...(charge.mismatch ? { chargeMismatch: charge.mismatch } : {}),
      },
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
    currency: first.currency,
    result: 'failed',
    resultCode: reason,
    payload: { subscription: subscriptionId, cycle: 1, reason },
    now,
  });
}

/** The checkout order a subscription claims to belong to, if it is one of ours and a PayPal one. */
export async function claimedOrder(subscription: PaypalSubscription): Promise<Order | null> {
  if (!subscription.custom_id || !isOrderId(subscription.custom_id)) return null;
  const order = await findOrder(await ledgerSql(), subscription.custom_id);
  return order && order.gateway === 'paypal' && (order.subscriptionCycle ?? 1) === 1 ? order : null;
}
