import 'server-only';
import type { RefundAnswer, RefundCall } from '@/lib/server/payments/gateway';
import { botApi } from './bot-api';
import { starsConfig } from './config';
import { refundRef } from './payments';

/** How long after a payment reconciliation still looks for its refunds at Telegram. */
export const REFUND_WINDOW_MS = 90 * 86_400_000;

/**
 * refundStarPayment: the whole payment back to the Telegram user who made it (Telegram refunds no
 * part of a Stars payment; the operator's refund refuses a partial one before it gets here). A
 * payment Telegram already refunded (elsewhere, or our own earlier attempt) is money already back.
 */
export async function refundStars(call: RefundCall): Promise<RefundAnswer> {
  const config = starsConfig();
  if (!config) return { state: 'unknown', reason: 'Telegram Stars is not configured' };
  if (!call.whole) {
    return { state: 'refused', code: 'partial', message: 'Telegram refunds a Stars payment whole, never a part of it' };
  }
  const charge = call.payment.transactionId;
  const answer = await botApi(config).refundStarPayment(Number(call.order.userId), charge);
  if (answer.ok) return { state: 'succeeded', gatewayRef: refundRef(charge), code: 'ok' };
  if (answer.kind === 'unavailable') return { state: 'unknown', reason: answer.reason };
  if (/CHARGE_ALREADY_REFUNDED/i.test(answer.description)) {
    return { state: 'succeeded', gatewayRef: refundRef(charge), code: 'already_refunded' };
  }
  return { state: 'refused', code: String(answer.code), message: answer.description };
}
