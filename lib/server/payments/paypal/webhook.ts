import 'server-only';
import { z } from 'zod';
import { ledgerSql } from '@/lib/server/db';
import {
  findSubscription,
  recordedWebhookEvent,
  recordWebhookEvent,
  subscriptionOrders,
  webhookEventHandled,
} from '@/lib/server/ledger/subscriptions';
import { findOrder } from '@/lib/server/ledger/orders';
import type { Order } from '@/lib/server/ledger/types';
import { recordReportedRefund } from '@/lib/server/payments/refunds/reported';
import { isUnavailable } from '@/lib/server/unavailable';
import { log } from '@/lib/server/observability/log';
import {
  paypalClient,
  paidCycles,
  type PaypalClient,
  type PaypalSubscription,
  type TransmissionHeaders,
} from './client';
import { paypalConfig, type PaypalConfig } from './config';
import { oneOffEvent, onOneOffEvent } from './one-off-webhook';
import {
  bindToOrder,
  claimedOrder,
  failFirstPayment,
  subscriptionMismatch,
  syncSubscription,
  toMinorUnits,
} from './subscription';

/** PayPal events are a few KB; anything far larger is not one. */
export const MAX_WEBHOOK_BYTES = 64 * 1024;

const envelope = z.object({
  id: z.string().min(1).max(128),
  event_type: z.string().min(1).max(128),
  resource: z.record(z.string(), z.unknown()),
});
const subscriptionResource = z.object({ id: z.string() });
const saleResource = z.object({
  id: z.string(),
  billing_agreement_id: z.string().optional(),
  // Refunds name the sale they refund; reversals are the sale itself.
  sale_id: z.string().optional(),
  amount: z.object({ total: z.string(), currency: z.string() }).optional(),
});

export interface WebhookReply {
  /** 200 once the effect is stored (or there is none); 400 unverified or unreadable; 503 retry later. */
  status: 200 | 400 | 404 | 413 | 503;
  outcome: string;
}

export function transmissionHeaders(headers: Headers): TransmissionHeaders | null {
  const get = (name: string) => headers.get(name)?.trim() ?? '';
  const fields = {
    authAlgo: get('paypal-auth-algo'),
    certUrl: get('paypal-cert-url'),
    transmissionId: get('paypal-transmission-id'),
    transmissionSig: get('paypal-transmission-sig'),
    transmissionTime: get('paypal-transmission-time'),
  };
  return Object.values(fields).every((value) => value.length > 0 && value.length <= 2048) ? fields : null;
}

/**
 * A PayPal webhook delivery (docs/payments.md#paypal): verified with PayPal on the raw bytes before
 * anything is read or stored; a redelivered event id is answered at once; otherwise the
 * subscription is re-read from PayPal (events arrive out of order and are retried for days, so
 * the body's own state is never trusted) and its payments settled. 200 only after the effect is
 * committed; 503 when PayPal or the database cannot be reached, so PayPal retries.
 */
export async function handlePaypalWebhook(
  rawBody: string,
  headers: Headers,
  now = new Date(),
  client?: PaypalClient,
): Promise<WebhookReply> {
  const config = paypalConfig();
  if (!config) return { status: 404, outcome: 'not_configured' };
  if (Buffer.byteLength(rawBody, 'utf8') > MAX_WEBHOOK_BYTES) return { status: 413, outcome: 'too_large' };
  const transmission = transmissionHeaders(headers);
  let parsed: z.infer<typeof envelope> | null = null;
  try {
    const result = envelope.safeParse(JSON.parse(rawBody));
    if (result.success) parsed = result.data;
  } catch {
    // not JSON: refused below, like a bad signature
  }
  if (!transmission || !parsed) return { status: 400, outcome: 'malformed' };

  try {
    const paypal = client ?? paypalClient(config);
    if (!(await paypal.verifyWebhook(transmission, rawBody))) {
      log().warn({ gateway: 'paypal', transmission: transmission.transmissionId }, 'webhook failed verification');
      return { status: 400, outcome: 'invalid_signature' };
    }
    const event = parsed;
    const sql = await ledgerSql();
    if (await webhookEventHandled(sql, 'paypal', event.id)) return { status: 200, outcome: 'duplicate' };

    const outcome = await dispatch(event, paypal, config, now);
    await recordWebhookEvent(sql, {
      gateway: 'paypal',
      eventId: event.id,
      eventType: event.event_type,
      resourceId: typeof event.resource.id === 'string' ? event.resource.id : null,
      outcome,
      payload: event,
      now,
    });
    log().info({ gateway: 'paypal', event: event.id, type: event.event_type, outcome }, 'webhook handled');
    return { status: 200, outcome };
  } catch (error) {
    // Nothing was acknowledged: PayPal redelivers (up to 25 times over 3 days) and every step is idempotent.
    if (isUnavailable(error)) log().warn({ gateway: 'paypal', err: error }, 'webhook: a dependency is unavailable');
    else log().error({ gateway: 'paypal', err: error }, 'webhook failed');
    return { status: 503, outcome: 'retry_later' };
  }
}

type Event = z.infer<typeof envelope>;

async function dispatch(event: Event, paypal: PaypalClient, config: PaypalConfig, now: Date): Promise<string> {
  const type = event.event_type;
  if (type.startsWith('BILLING.SUBSCRIPTION.')) {
    const resource = subscriptionResource.safeParse(event.resource);
    if (!resource.success) return 'ignored_unreadable_resource';
    return onSubscriptionEvent(resource.data.id, type, paypal, config, now);
  }
  if (type === 'PAYMENT.SALE.COMPLETED' || type === 'PAYMENT.SALE.REFUNDED' || type === 'PAYMENT.SALE.REVERSED') {
    const sale = saleResource.safeParse(event.resource);
    if (!sale.success) return 'ignored_unreadable_resource';
    const subscriptionId =
      sale.data.billing_agreement_id ?? (await subscriptionOfSale(sale.data.sale_id ?? sale.data.id));
    // A one-off sale that is not a subscription payment is none of this site's business.
    if (!subscriptionId) return 'ignored_not_a_subscription';
    if (type === 'PAYMENT.SALE.COMPLETED') {
      return onSubscriptionEvent(subscriptionId, type, paypal, config, now, sale.data.amount);
    }
    return onMoneyReturned(subscriptionId, sale.data.sale_id ?? sale.data.id, event, sale.data.amount, now);
  }
  // Query packs' one-off payments: PayPal orders and their captures (./one-off-webhook.ts).
  if (oneOffEvent(type)) return onOneOffEvent(event, config, now);
  return 'ignored_event_type';
}

/** The subscription as PayPal has it now, bound to its order (binding it first when the webhook beats confirm). */
async function boundSubscription(
  subscriptionId: string,
  paypal: PaypalClient,
  config: PaypalConfig,
  now: Date,
): Promise<{ subscription: PaypalSubscription; order: Order } | string> {
  const subscription = await paypal.getSubscription(subscriptionId);
  if (!subscription) return 'unknown_subscription';
  const order = await claimedOrder(subscription);
  if (!order) return 'unknown_order';
  // Someone else's subscription naming our order (the browser sets custom_id) pays for nothing;
  // the order is left alone, so the genuine payer's own confirm still works.
  const mismatch = subscriptionMismatch(order, subscription, config);
  if (mismatch) return `subscription_mismatch:${mismatch}`;
  if ((await bindToOrder(order, subscription, now)) === 'conflict') return 'subscription_conflict';
  return { subscription, order };
}

async function onSubscriptionEvent(
  subscriptionId: string,
  type: string,
  paypal: PaypalClient,
  config: PaypalConfig,
  now: Date,
  saleAmount?: { total: string; currency: string },
): Promise<string> {
  const bound = await boundSubscription(subscriptionId, paypal, config, now);
  if (typeof bound === 'string') return bound;
  const { subscription, order } = bound;
  const cycles = paidCycles(subscription);
  // A sale is money evidence: if it is not the order's price, that payment goes to review.
  const saleCents =
    saleAmount && saleAmount.currency === order.currency ? toMinorUnits(saleAmount.total, order.currency) : null;
  const amountFor = (cycle: number, cycleOrder: Order) =>
    saleAmount && cycle === cycles ? (saleCents ?? -1) : cycleOrder.amount;
  const { paidNow } = await syncSubscription(order, subscription, 'webhook', now, amountFor);
  if (type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED' && cycles === 0) {
    await failFirstPayment(order, subscription.id, 'PAYMENT.FAILED', now);
  }
  return `${type === 'PAYMENT.SALE.COMPLETED' ? 'sale' : subscription.status.toLowerCase()}:cycles=${cycles}:paid_now=${paidNow}`;
}

/** The sale's own completed event, as recorded. */
const completedSale = async (saleId: string) =>
  recordedWebhookEvent(await ledgerSql(), {
    gateway: 'paypal',
    eventType: 'PAYMENT.SALE.COMPLETED',
    resourceId: saleId,
  });

/** The subscription a sale was a payment of, from the sale's own completed event. */
async function subscriptionOfSale(saleId: string): Promise<string | null> {
  const resource = (await completedSale(saleId))?.payload as { resource?: { billing_agreement_id?: unknown } } | null;
  const subscription = resource?.resource?.billing_agreement_id;
  return typeof subscription === 'string' ? subscription : null;
}

/**
 * A refund or reversal of a subscription payment, made here or at PayPal: recorded once by the
 * refund's id (ours is recognised by it), and the account loses what it paid for
 * (payments/refunds/). The payment is the one the sale settled when known, else the
 * subscription's latest paid one; another currency than the order's goes to a person.
 */
async function onMoneyReturned(
  subscriptionId: string,
  saleId: string,
  event: Event,
  amount: { total: string; currency: string } | undefined,
  now: Date,
): Promise<string> {
  const sql = await ledgerSql();
  const subscription = await findSubscription(sql, subscriptionId);
  if (!subscription) return 'unknown_subscription';
  const orders = await subscriptionOrders(sql, subscriptionId);
  const cycle = await cycleOfSale(saleId);
  const order = orders.find((o) => o.subscriptionCycle === cycle) ?? orders.filter((o) => o.status === 'paid').at(-1);
  const target = order ?? (await findOrder(sql, subscription.orderId));
  if (!target) return 'unknown_order';
  const reversal = event.event_type === 'PAYMENT.SALE.REVERSED';
  // A reversal is the sale itself: its id names the money returned; a refund has its own id.
  const refundId = reversal ? `reversal:${event.id}` : String(event.resource.id);
  const cents = amount && amount.currency === target.currency ? toMinorUnits(amount.total, target.currency) : -1;
  const outcome = await recordReportedRefund({
    orderId: target.id,
    gateway: 'paypal',
    // An amount that cannot be read (another currency) is not placed by the rule: a person decides.
    reported: { gatewayRef: refundId, amount: cents, requestId: null },
    reason: reversal ? 'reversed at PayPal (a chargeback)' : 'refunded at PayPal',
    now,
  });
  return `refund_${outcome}:order=${target.id}`;
}

/** Which payment a sale was: the cycle count the site saw when the sale's completed event came in. */
async function cycleOfSale(saleId: string): Promise<number | null> {
  const match = /cycles=(\d+)/.exec((await completedSale(saleId))?.outcome ?? '');
  return match ? Number(match[1]) : null;
}
