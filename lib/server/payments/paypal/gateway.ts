import 'server-only';
import type { DeliverCallback, PaymentGateway, QueryResult } from '@/lib/server/payments/gateway';
import { receiveCallback } from '@/lib/server/payments/callbacks';
import { isPlanOrder } from '@/lib/server/ledger/types';
import { ledgerSql } from '@/lib/server/db';
import { claimOverdueSubscriptions } from '@/lib/server/ledger/subscriptions';
import { paidCycles, paypalClient } from './client';
import { installSandboxTransport, paypalClientOptions, paypalConfig } from './config';
import pageSources from './page-sources.json';
import { declineReason } from './decline';
import { paypalOffer } from './offer';
import { paypalRenewals } from './renewals';
import { handlePaypalWebhook } from './webhook';
import { beginPackOrder, queryPackOrder } from './one-off';
import { REFUND_WINDOW_MS, refundPayment } from './refund';
import { firstChargeAt, paypalCheckout, reportedCharge, subscriptionMismatch, syncSubscription } from './subscription';

/** The result codes of money returned after a payment: a sale's (subscriptions) or a capture's (packs). */
const MONEY_RETURNED = new Set([
  'PAYMENT.SALE.REFUNDED',
  'PAYMENT.SALE.REVERSED',
  'PAYMENT.CAPTURE.REFUNDED',
  'PAYMENT.CAPTURE.REVERSED',
]);

/** A subscription is approved in PayPal's popup while the payer waits on our page. */
const PAYMENT_WINDOW_MS = 30 * 60_000;
/** PayPal bills on the billing date and retries a failed charge for days: ask a day after it is due. */
const RENEWAL_GRACE_MS = 24 * 3_600_000;
/** A subscription still overdue after a re-read (a failing card) is asked about again this much later. */
const RECHECK_MS = 6 * 3_600_000;

/**
 * PayPal subscriptions (docs/payments.md#paypal), and query packs as one-off payments through
 * PayPal's Orders API (docs/payments.md#paypal-one-off-payments-query-packs, ./one-off.ts), on the gateway seam. Checkout begins with the buttons'
 * parameters; the payment is confirmed by POST /api/payments/paypal/confirm (PayPal's own endpoint)
 * and by PayPal's webhooks, which the generic callback route hands to `handleCallback` (./webhook.ts)
 * at the address registered with PayPal, POST /api/payments/paypal/webhook: a PayPal event is
 * settled by re-reading the subscription and settling each of its payments, not by turning one
 * callback into one event. No browser return: the buttons' onApprove calls confirm.
 */
export const paypalGateway: PaymentGateway = {
  id: 'paypal',
  offer: paypalOffer,
  // PayPal's JS SDK and checkout: the SDK's script, its API calls, the buttons' and card fields' frames, their images.
  pageSources,
  clientOptions: paypalClientOptions,
  paymentWindowMs: PAYMENT_WINDOW_MS,
  // A subscription: only once one was approved for it, and not before its first charge is due. Query
  // packs: never while pending — PayPal takes a pack's money only when this site captures it, and
  // each capture settles the order in the same call (./one-off.ts); the rare capture PayPal keeps
  // PENDING is settled by its webhook or reconciliation, and the same packs paid again meanwhile
  // are a repeat the paid-twice rule refunds.
  mayHaveCharged: (order) =>
    isPlanOrder(order) &&
    order.subscriptionId !== null &&
    (firstChargeAt(order)?.getTime() ?? 0) <= Date.now() + PAYMENT_WINDOW_MS,
  firstChargeAt,
  available: () => paypalConfig() !== null,
  mode: () => paypalConfig()?.mode ?? null,

  begin(order, { renewalStartsAt }) {
    const config = paypalConfig();
    if (!config) return Promise.resolve({ ok: false, code: 'gateway_unavailable' });
    // Query packs are one payment: the server creates a PayPal order for them (./one-off.ts).
    if (!isPlanOrder(order)) return beginPackOrder(order, config);
    const params = paypalCheckout(order, config, renewalStartsAt);
    return Promise.resolve({ ok: true, start: { ...paypalOffer.continuation, params } });
  },

  // A webhook delivery, verified with PayPal on the raw bytes, then settled (./webhook.ts). PayPal
  // retries any non-2xx: 400 for what can never verify, 503 while PayPal or the database is away.
  async handleCallback(input) {
    const { status, outcome } = await handlePaypalWebhook(input.rawBody, input.headers);
    return { status, json: { outcome }, outcome };
  },
  tooLarge: { status: 413, json: { outcome: 'too_large' }, outcome: 'too_large' },

  // A refund or reversal recorded under its event's type: a subscription's sale, or a pack's capture.
  refunded: (resultCode) => MONEY_RETURNED.has(resultCode),

  // A first payment PayPal refused (./decline.ts).
  declineReason,

  // Subscriptions: the payer lists and stops them on the pay page (./renewals.ts).
  subscriptions: paypalRenewals,

  /**
   * Reconciliation: the subscription read (a pack order's: its PayPal order). Every payment PayPal reports is settled here (renewals
   * too, through the same settlePayment as the webhook); the answer is about the checkout order.
   */
  async query(order, now): Promise<QueryResult> {
    const config = paypalConfig();
    if (!config) return { state: 'unavailable', reason: 'PayPal is not configured' };
    // Query packs: PayPal's order, captured here when it waits approved (./one-off.ts).
    if (!isPlanOrder(order)) return queryPackOrder(order, config);
    // Only confirm or a webhook learns the subscription id; without either PayPal was never paid for it.
    if (!order.subscriptionId) return { state: 'not_found' };
    try {
      const subscription = await paypalClient(config).getSubscription(order.subscriptionId);
      if (!subscription) return { state: 'not_found' };
      const mismatch = subscriptionMismatch(order, subscription, config);
      if (mismatch) return { state: 'unavailable', reason: `the subscription does not match the order: ${mismatch}` };
      await syncSubscription(order, subscription, 'reconcile', now);
      const stopped = ['CANCELLED', 'EXPIRED', 'SUSPENDED'].includes(subscription.status);
      if (paidCycles(subscription) > 0 || stopped) {
        const paid = paidCycles(subscription) > 0;
        return {
          state: 'final',
          event: {
            gateway: 'paypal',
            transactionId: paid ? `${subscription.id}#1` : `${subscription.id}#1:failed`,
            orderId: order.id,
            // What PayPal charged: a price other than the order's keeps it in review, never paid.
            amount: paid ? reportedCharge(order, subscription).amount : order.amount,
            currency: order.currency,
            result: paid ? 'succeeded' : 'failed',
            resultCode: subscription.status,
            payload: { subscription: subscription.id, cycle: 1, source: 'reconcile' },
          },
        };
      }
      return { state: 'pending' };
    } catch (error) {
      return { state: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
    }
  },

  /** Running subscriptions whose renewal should have been paid: their webhooks may have been lost. */
  async overdue(now, limit) {
    return claimOverdueSubscriptions(await ledgerSql(), {
      gateway: 'paypal',
      now,
      paidThroughBefore: new Date(now.getTime() - RENEWAL_GRACE_MS),
      checkedBefore: new Date(now.getTime() - RECHECK_MS),
      limit,
    });
  },

  refund: (call) => refundPayment(call),
  refundWindowMs: REFUND_WINDOW_MS,

  // The stand-in is loaded only when a sandbox configuration first uses it.
  sandbox(request, deliver) {
    if (paypalConfig()?.mode !== 'sandbox') return null;
    return import('./sandbox/handler').then(({ handlePaypalSandbox }) => handlePaypalSandbox(request, deliver));
  },
};

/** The webhooks the stand-in sends when the site itself calls it (a cancel, a refund): the callback path. */
const deliverToSite: DeliverCallback = (input) => receiveCallback(paypalGateway, input);

installSandboxTransport(async (url, init) =>
  (await import('./sandbox/api')).sandboxTransport(url, init, deliverToSite),
);
