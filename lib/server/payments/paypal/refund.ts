import 'server-only';
import { minorUnitDigits, toMajorUnits, type Currency } from '@/lib/pricing/catalogue';
import { ledgerSql } from '@/lib/server/db';
import { resourceOfWebhookEvent } from '@/lib/server/ledger/subscriptions';
import { isPlanOrder, type Order } from '@/lib/server/ledger/types';
import type { RefundAnswer, RefundCall } from '@/lib/server/payments/gateway';
import { paypalClient } from './client';
import { paypalConfig, type PaypalConfig } from './config';
import { paypalOrdersClient } from './orders-api';

/**
 * PayPal refunds (docs/payments.md#refunds): a subscription's payment is a sale (a pack's is a
 * capture: refundCapture below), refunded with
 * POST /v1/payments/sale/{sale}/refund (empty body: the whole sale; else the amount), keyed by
 * PayPal-Request-Id = our refund's id, so reconciliation may send the very same call again after a
 * time-out and get the same refund back. PayPal then sends PAYMENT.SALE.REFUNDED, which
 * recordReportedRefund recognises by the refund's id. PayPal takes refunds for 180 days.
 */
export const REFUND_WINDOW_MS = 180 * 86_400_000;

/** The sale PayPal made for this payment of a subscription, from its PAYMENT.SALE.COMPLETED event. */
export async function saleOf(order: Pick<Order, 'subscriptionId' | 'subscriptionCycle'>): Promise<string | null> {
  if (!order.subscriptionId || !order.subscriptionCycle) return null;
  // The webhook records each sale with the cycle count it settled (webhook.ts, onSubscriptionEvent).
  return resourceOfWebhookEvent(await ledgerSql(), {
    gateway: 'paypal',
    eventType: 'PAYMENT.SALE.COMPLETED',
    path: ['resource', 'billing_agreement_id'],
    value: order.subscriptionId,
    outcomePrefix: `sale:cycles=${order.subscriptionCycle}:`,
  });
}

/** An amount in minor units as PayPal writes it ("19.90"). */
const decimal = (minor: number, currency: Currency) => toMajorUnits(minor, currency).toFixed(minorUnitDigits[currency]);

export async function refundPayment(call: RefundCall): Promise<RefundAnswer> {
  const config = paypalConfig();
  if (!config) return { state: 'refused', code: 'unconfigured', message: 'PayPal is not configured' };
  if (!isPlanOrder(call.order)) return refundCapture(call, config);
  const sale = await saleOf(call.order);
  if (!sale) {
    return {
      state: 'refused',
      code: 'sale_unknown',
      message:
        'PayPal: the sale of this payment is not known here yet (its PAYMENT.SALE.COMPLETED webhook has not arrived)',
    };
  }
  const amount = call.whole
    ? null
    : { total: decimal(call.amount, call.order.currency), currency: call.order.currency };
  try {
    const answer = await paypalClient(config).refundSale(sale, amount, call.refundId);
    if (!answer.ok)
      return { state: 'refused', code: answer.name, message: `PayPal: ${answer.name} ${answer.message}`.trim() };
    const { refund } = answer;
    if (refund.state === 'failed' || refund.state === 'cancelled') {
      return { state: 'refused', code: refund.state, message: `PayPal: the refund ${refund.state}` };
    }
    // completed, or pending at PayPal (it will complete without us): the money is going back.
    return { state: 'succeeded', gatewayRef: refund.id, code: refund.state };
  } catch (error) {
    return { state: 'unknown', reason: `PayPal refund: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * A one-off payment (query packs) is a capture: POST /v2/payments/captures/{capture}/refund (`{}`
 * for all that is left, else the amount), keyed by PayPal-Request-Id = our refund's id like a
 * sale's. The capture is the payment settlement recorded: its transaction id is the capture's id
 * (./one-off.ts). PayPal then sends PAYMENT.CAPTURE.REFUNDED, recognised by the refund's id.
 */
async function refundCapture(call: RefundCall, config: PaypalConfig): Promise<RefundAnswer> {
  const amount = call.whole
    ? null
    : { currency_code: call.order.currency, value: decimal(call.amount, call.order.currency) };
  try {
    const answer = await paypalOrdersClient(config).refundCapture(call.payment.transactionId, amount, call.refundId);
    if (!answer.ok)
      return { state: 'refused', code: answer.name, message: `PayPal: ${answer.name} ${answer.message}`.trim() };
    const { refund } = answer;
    if (refund.status === 'FAILED' || refund.status === 'CANCELLED') {
      return { state: 'refused', code: refund.status, message: `PayPal: the refund ${refund.status.toLowerCase()}` };
    }
    // COMPLETED, or PENDING at PayPal (it completes without us): the money is going back.
    return { state: 'succeeded', gatewayRef: refund.id, code: refund.status };
  } catch (error) {
    return { state: 'unknown', reason: `PayPal refund: ${error instanceof Error ? error.message : String(error)}` };
  }
}
