import 'server-only';
import type { Order } from '@/lib/server/ledger/types';
import type { RefundAnswer, RefundCall, RefundReport, SettledPayment } from '@/lib/server/payments/gateway';
import type { MomoConfig } from './config';
import { postRefund, queryPayment } from './client';

/**
 * MoMo refunds (docs/payments.md#refunds): POST /v2/gateway/api/refund names the payment by its
 * transId; the refund is its own MoMo transaction, whose orderId and requestId are our refund's id.
 * 0 is done; 1080/1081 refused; 7000/7002 still processing, 40/41 (that id was used: our earlier
 * call arrived) and any other non-final code leave the answer unknown — the query's list of the
 * payment's refunds (`refundTrans`) then decides.
 */
/** How long after a payment reconciliation keeps asking MoMo about its refunds (our choice: a year). */
export const REFUND_WINDOW_MS = 365 * 86_400_000;

const refusals: Record<number, string> = {
  1080: 'MoMo: the refund failed (amount, or the payment is too old)',
  1081: 'MoMo: the refund was rejected (the payment was not successful, or is already refunded)',
  11: 'MoMo: access denied (merchant configuration)',
  13: 'MoMo: the refund request signature was refused',
  20: 'MoMo: the refund request is not valid',
  21: 'MoMo: invalid amount',
  42: 'MoMo: no such payment',
};

export async function refundPayment(call: RefundCall, config: MomoConfig | null): Promise<RefundAnswer> {
  if (!config) return { state: 'refused', code: 'unconfigured', message: 'MoMo is not configured' };
  const transId = String(call.payment.payload.transId ?? '');
  if (!/^\d{1,20}$/.test(transId)) {
    return { state: 'refused', code: 'no_trans_id', message: 'MoMo: the payment has no transaction id to refund' };
  }
  let reply;
  try {
    reply = await postRefund(
      { refundId: call.refundId, amount: call.amount, transId, description: `Refund ${call.order.id}` },
      config,
    );
  } catch (error) {
    return { state: 'unknown', reason: `MoMo refund: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (reply.resultCode === 0) return { state: 'succeeded', gatewayRef: reply.transId ? String(reply.transId) : null, code: '0' };
  const known = refusals[reply.resultCode];
  if (known) return { state: 'refused', code: String(reply.resultCode), message: `${known} (${reply.message ?? ''})` };
  return { state: 'unknown', reason: `MoMo refund resultCode ${reply.resultCode}` };
}

/** MoMo's query lists the payment's refunds with their amounts: each succeeded one is reported. */
export async function refundsOf(order: Order, _payment: SettledPayment, config: MomoConfig | null): Promise<RefundReport> {
  if (!config) return { state: 'unavailable', reason: 'MoMo is not configured' };
  try {
    const answer = await queryPayment(order.id, config);
    return {
      state: 'listed',
      refunds: (answer.refundTrans ?? [])
        .filter((refund) => refund.resultCode === 0 && refund.amount > 0)
        .map((refund) => ({ gatewayRef: String(refund.transId), amount: refund.amount, requestId: refund.orderId })),
    };
  } catch (error) {
    return { state: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
  }
}
