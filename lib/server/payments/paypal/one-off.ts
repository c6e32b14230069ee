import 'server-only';
import { minorUnitDigits, toMajorUnits } from '@/lib/pricing/catalogue';
import { orderDescription } from '@/lib/server/payments/order-description';
import type { Order, PaymentOutcome } from '@/lib/server/ledger/types';
import type { BeginResult, GatewayEvent, QueryResult } from '@/lib/server/payments/gateway';
import { settlePayment } from '@/lib/server/payments/settle';
import { log } from '@/lib/server/observability/log';
import type { PaypalOneOffParams } from '@/lib/shared/paypal-browser';
import type { PaypalConfig } from './config';
import { paypalOffer } from './offer';
import { paypalOrdersClient, type PaypalCapture, type PaypalOrder, type PaypalOrdersClient } from './orders-api';
import { toMinorUnits } from './subscription';

/*
 * Query packs through PayPal (docs/payments.md#paypal-one-off-payments-query-packs): one payment, never a
 * subscription. The server creates the PayPal order itself (Orders v2, intent CAPTURE) at the
 * order's price, so nothing about the money comes from the browser; the buttons only let the payer
 * approve it. The money moves when this site captures the approved order — confirm, the webhook or
 * reconciliation, whichever comes first — and every capture carries the same PayPal-Request-Id,
 * derived from our order id, so however many of them run PayPal takes the money once. The payment
 * is settled under the capture's id at the amount PayPal reports capturing: settlePayment records a
 * transaction id once, so one capture is one payment event and one grant, and an amount other than
 * the order's keeps the order in review.
 */

/** PayPal-Request-Id of the create call: a repeated begin gets the PayPal order it made first. */
export const createRequestId = (order: Pick<Order, 'id'>) => `quorum-order-${order.id}`;
/** PayPal-Request-Id of every capture of the order: confirm, webhook and reconciliation send the same one. */
export const captureRequestId = (order: Pick<Order, 'id'>) => `quorum-capture-${order.id}`;

/** An amount in minor units as PayPal writes it ("0.99"). */
export const paypalDecimal = (minor: number, currency: Order['currency']) =>
  toMajorUnits(minor, currency).toFixed(minorUnitDigits[currency]);

/**
 * begin: the PayPal order, created by the server at the order's price, its id stored as the
 * order's gatewayRef and handed to the buttons (`createOrder` returns it).
 */
export async function beginPackOrder(
  order: Order,
  config: PaypalConfig,
  client?: PaypalOrdersClient,
): Promise<BeginResult> {
  try {
    const created = await (client ?? paypalOrdersClient(config)).createOrder(
      {
        amount: { currency_code: order.currency, value: paypalDecimal(order.amount, order.currency) },
        customId: order.id,
        invoiceId: order.id,
        // What the payer reads on PayPal's page and statement (127 characters at most).
        description: orderDescription(order, 'en').slice(0, 127),
      },
      createRequestId(order),
    );
    const params: PaypalOneOffParams = { paypalOrderId: created.id, customId: order.id };
    return { ok: true, start: { ...paypalOffer.continuation, params: { ...params } }, gatewayRef: created.id };
  } catch (error) {
    log().warn({ gateway: 'paypal', order: order.id, err: error }, 'paypal order create failed');
    return { ok: false, code: 'gateway_unavailable' };
  }
}

/** Where a PayPal order stands for our order, as PayPal reports it now. */
export type Verdict =
  /** Final: the capture completed (or was declined, or the order voided): settle this event. */
  | { kind: 'final'; event: GatewayEvent }
  /** Approved and not captured: capture it. */
  | { kind: 'approved' }
  /** Not paid yet: `awaitingPayer` while only the payer can move it (not approved), else PayPal is still deciding. */
  | { kind: 'pending'; awaitingPayer: boolean }
  /** Not this order's PayPal order: nothing is settled. */
  | { kind: 'mismatch'; reason: string };

/** Captures that took the money; the refunded ones took it too, and their refunds arrive on their own. */
const TOOK_MONEY = ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'];
const REFUSED = ['DECLINED', 'FAILED'];

/** PayPal's captured amount in the order's minor units; -1 (never an order's amount) for another currency. */
function capturedAmount(order: Order, capture: PaypalCapture): number {
  if (!capture.amount || capture.amount.currency_code !== order.currency) return -1;
  return toMinorUnits(capture.amount.value, order.currency);
}

export function verdictOf(order: Order, paypal: PaypalOrder, source: string): Verdict {
  if (paypal.id !== order.gatewayRef) return { kind: 'mismatch', reason: 'paypal_order' };
  const unit = paypal.purchase_units[0];
  const captures = unit?.payments?.captures ?? [];
  // Our order id, wherever PayPal echoes it (a capture's answer names it on the capture only).
  const named = [unit?.custom_id, unit?.invoice_id, ...captures.map((c) => c.custom_id)].filter(
    (id): id is string => id !== undefined,
  );
  if (named.some((id) => id !== order.id)) return { kind: 'mismatch', reason: 'custom_id' };
  const base = (capture: PaypalCapture | null) => ({
    gateway: 'paypal',
    orderId: order.id,
    currency: order.currency,
    payload: {
      paypalOrder: paypal.id,
      status: paypal.status,
      source,
      ...(capture ? { capture: capture.id, captureStatus: capture.status } : {}),
    },
  });
  const paid = captures.find((c) => TOOK_MONEY.includes(c.status));
  if (paid) {
    const amount = capturedAmount(order, paid);
    return {
      kind: 'final',
      event: {
        ...base(paid),
        transactionId: paid.id,
        // What PayPal captured: another amount or currency keeps the order in review (settle.ts).
        amount,
        result: 'succeeded',
        resultCode: paid.status,
      },
    };
  }
  // PENDING: taken but not yet released to us (an eCheck, a review at PayPal): its completion or denial follows.
  if (captures.some((c) => c.status === 'PENDING')) return { kind: 'pending', awaitingPayer: false };
  const refused = captures.find((c) => REFUSED.includes(c.status));
  if (refused) return { kind: 'final', event: failed(order, base(refused), `${refused.id}:failed`, refused.status) };
  switch (paypal.status) {
    case 'APPROVED':
      return { kind: 'approved' };
    case 'VOIDED':
      return { kind: 'final', event: failed(order, base(null), `${paypal.id}:voided`, 'VOIDED') };
    case 'COMPLETED':
      // Completed names a capture; an answer without one is not one to settle on.
      return { kind: 'mismatch', reason: 'completed_without_capture' };
    default:
      // CREATED, SAVED, PAYER_ACTION_REQUIRED: the payer has not approved it (yet).
      return { kind: 'pending', awaitingPayer: true };
  }
}

/** A failure carries the order's own amount: nothing was taken, so there is nothing to compare. */
const failed = (
  order: Order,
  base: Omit<GatewayEvent, 'transactionId' | 'amount' | 'result' | 'resultCode'>,
  transactionId: string,
  resultCode: string,
): GatewayEvent => ({
  ...base,
  transactionId,
  amount: order.amount,
  result: 'failed',
  resultCode,
});

/**
 * Captures the order's PayPal order (the same PayPal-Request-Id every time) and says where it
 * stands. A refusal is answered by reading the order: ORDER_ALREADY_CAPTURED (another caller was
 * first), a second request with the same id while the first runs, an order not approved. A declined
 * funding source (INSTRUMENT_DECLINED) fails the payment: the payer pays again from the pay page.
 */
export async function captureVerdict(order: Order, client: PaypalOrdersClient, source: string): Promise<Verdict> {
  const paypalOrderId = order.gatewayRef ?? '';
  const captured = await client.captureOrder(paypalOrderId, captureRequestId(order));
  if (captured.ok) return verdictOf(order, captured.order, source);
  log().info({ gateway: 'paypal', order: order.id, refusal: captured.name, source }, 'paypal capture refused');
  if (captured.name === 'INSTRUMENT_DECLINED') {
    return {
      kind: 'final',
      event: failed(
        order,
        {
          gateway: 'paypal',
          orderId: order.id,
          currency: order.currency,
          payload: { paypalOrder: paypalOrderId, source, refusal: captured.name },
        },
        `${paypalOrderId}:declined`,
        captured.name,
      ),
    };
  }
  const now = await client.getOrder(paypalOrderId);
  if (!now) return { kind: 'mismatch', reason: 'paypal_order_unknown' };
  const verdict = verdictOf(order, now, source);
  // Still approved after a refusal: another capture with our id is under way, and settles what it took.
  return verdict.kind === 'approved' ? { kind: 'pending', awaitingPayer: false } : verdict;
}

/** Reads the order's PayPal order and says where it stands, capturing it when it is approved and not captured. */
export async function readVerdict(order: Order, client: PaypalOrdersClient, source: string): Promise<Verdict> {
  if (!order.gatewayRef) return { kind: 'mismatch', reason: 'not_begun' };
  const paypal = await client.getOrder(order.gatewayRef);
  if (!paypal) return { kind: 'mismatch', reason: 'paypal_order_unknown' };
  const verdict = verdictOf(order, paypal, source);
  return verdict.kind === 'approved' ? captureVerdict(order, client, source) : verdict;
}

export type PackSettlement =
  | { kind: 'settled'; outcome: PaymentOutcome }
  | { kind: 'pending'; awaitingPayer: boolean }
  | { kind: 'mismatch'; reason: string };

/** Settles a verdict through settlePayment, the path every gateway's payments take. */
export async function settleVerdict(verdict: Verdict, now: Date): Promise<PackSettlement> {
  if (verdict.kind === 'final') return { kind: 'settled', outcome: await settlePayment({ ...verdict.event, now }) };
  if (verdict.kind === 'approved') return { kind: 'pending', awaitingPayer: false };
  return verdict;
}

/** Reconciliation's question about a pack order: PayPal's order, captured when it waits approved. */
export async function queryPackOrder(
  order: Order,
  config: PaypalConfig,
  client?: PaypalOrdersClient,
): Promise<QueryResult> {
  // begin stores PayPal's order id; without one the payer never reached PayPal.
  if (!order.gatewayRef) return { state: 'not_found' };
  try {
    const paypal = client ?? paypalOrdersClient(config);
    const read = await paypal.getOrder(order.gatewayRef);
    if (!read) return { state: 'not_found' };
    let verdict = verdictOf(order, read, 'reconcile');
    if (verdict.kind === 'approved') verdict = await captureVerdict(order, paypal, 'reconcile');
    switch (verdict.kind) {
      case 'final':
        return { state: 'final', event: verdict.event };
      case 'pending':
        return { state: 'pending', awaitingPayer: verdict.awaitingPayer };
      case 'approved':
        return { state: 'pending' };
      case 'mismatch':
        return { state: 'unavailable', reason: `the PayPal order does not match the order: ${verdict.reason}` };
    }
  } catch (error) {
    return { state: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
  }
}
