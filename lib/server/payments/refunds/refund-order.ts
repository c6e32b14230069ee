import 'server-only';
import type { Currency } from '@/lib/pricing/catalogue';
import { ledgerSql } from '@/lib/server/db';
import { lockOrder } from '@/lib/server/ledger/orders';
import { insertRefund, newRefundId, type Refund } from '@/lib/server/ledger/refunds';
import { log } from '@/lib/server/observability/log';
import type { RefundAnswer } from '../gateway';
import { findGateway } from '../registry';
import { finishRefund, paidState, type Paid } from './refunds';
import { recordRefundSummary } from './summary';

/**
 * An operator's refund (the orders CLI, the review queue): checked and recorded as `requested`
 * under the order's lock, asked of the gateway with the refund's id as the request id, and the
 * answer recorded by finishRefund (./refunds.ts) — once, whoever records it.
 */
export type RefundRefusal =
  /** No such order. */
  | 'not_found'
  /** No payment of it took money. */
  | 'not_paid'
  /** One of ours waits on the gateway: its answer first. */
  | 'refund_in_progress'
  /** More than what is still paid. */
  | 'exceeds_paid'
  /** Part of a payment, at a gateway that returns a payment only whole. */
  | 'whole_only'
  /** Everything paid has gone back. */
  | 'nothing_left'
  /** The gateway has no refund call we make: refund at the gateway, and reconciliation records it. */
  | 'no_refund_api'
  /** The gateway is not configured here. */
  | 'gateway_unavailable';

/** `remaining`: what is still paid, in the minor unit of `currency`. */
export type RefundResult =
  | { ok: true; refund: Refund; answer: RefundAnswer }
  | { ok: false; reason: RefundRefusal; remaining?: number; currency?: Currency };

export interface RefundInput {
  orderId: string;
  /** Minor units; absent: everything still paid. */
  amount?: number;
  reason: string;
  by: string;
  now?: Date;
}

export async function refundOrder(input: RefundInput): Promise<RefundResult> {
  const now = input.now ?? new Date();
  const sql = await ledgerSql();
  const started = await sql.transaction(
    async (tx): Promise<RefundResult | { ok: true; refund: Refund; paid: Paid }> => {
      const order = await lockOrder(tx, input.orderId);
      if (!order) return { ok: false, reason: 'not_found' };
      const paid = await paidState(tx, order);
      if (!paid) return { ok: false, reason: 'not_paid' };
      const gateway = findGateway(order.gateway);
      if (!gateway?.refund) return { ok: false, reason: 'no_refund_api' };
      if (!gateway.available()) return { ok: false, reason: 'gateway_unavailable' };
      if (paid.inFlight > 0) return { ok: false, reason: 'refund_in_progress' };
      const remaining = paid.payment.amount - paid.refunded;
      const { currency } = order;
      if (remaining <= 0) return { ok: false, reason: 'nothing_left', remaining: 0, currency };
      const amount = input.amount ?? remaining;
      if (amount > remaining) return { ok: false, reason: 'exceeds_paid', remaining, currency };
      if (gateway.refundsWhole && (paid.refunded > 0 || amount !== paid.payment.amount)) {
        return { ok: false, reason: 'whole_only', remaining, currency };
      }
      const refund = await insertRefund(tx, {
        id: newRefundId(),
        orderId: order.id,
        gateway: order.gateway,
        amount,
        currency: order.currency,
        status: 'requested',
        origin: 'site',
        gatewayRef: null,
        reason: input.reason,
        requestedBy: input.by,
        now,
      });
      // The unique index on in-flight refunds: another transaction recorded one since our read.
      if (!refund) return { ok: false, reason: 'refund_in_progress' };
      return { ok: true, refund, paid };
    },
  );
  if (!started.ok || !('paid' in started)) return started as RefundResult;

  const { refund, paid } = started;
  const answer = await askGateway(refund, paid, now);
  await finishRefund(refund.id, answer, now);
  log().info({ refund: refund.id, order: refund.orderId, amount: refund.amount, answer }, 'refund: gateway answered');
  if (answer.state === 'succeeded') await takeBaseline(paid, now);
  return { ok: true, refund, answer };
}

/**
 * Right after a refund of ours went through, what a gateway that reports no amounts (VNPay) says
 * of the payment's refunds is what its later answers are compared with: a change then is a refund
 * made elsewhere (docs/payments.md#refunds-made-elsewhere). Without it the next check cannot tell
 * ours from one made in the portal since, and holds the order for a person. Best effort: the
 * refund is done whatever this finds.
 */
async function takeBaseline(paid: Paid, now: Date): Promise<void> {
  const gateway = findGateway(paid.order.gateway);
  if (!gateway?.refundsOf) return;
  try {
    const report = await gateway.refundsOf(paid.order, paid.payment, now);
    if (report.state !== 'summary' || (report.refunded !== 'whole' && report.refunded !== 'part')) return;
    await recordRefundSummary({ ...report, order: paid.order, refunded: report.refunded, baseline: true, now });
  } catch (error) {
    log().warn({ err: error, order: paid.order.id }, 'refund: no baseline of the gateway’s report');
  }
}

/** Asks the order's gateway for a recorded refund; anything thrown is an unknown answer. */
async function askGateway(refund: Refund, paid: Paid, now: Date): Promise<RefundAnswer> {
  const gateway = findGateway(refund.gateway);
  if (!gateway?.refund) return { state: 'unknown', reason: 'the gateway has no refund call' };
  try {
    return await gateway.refund(
      {
        refundId: refund.id,
        order: paid.order,
        payment: paid.payment,
        amount: refund.amount,
        whole: paid.refunded === 0 && refund.amount === paid.payment.amount,
        reason: refund.reason,
        by: refund.requestedBy,
      },
      now,
    );
  } catch (error) {
    return { state: 'unknown', reason: error instanceof Error ? error.message : String(error) };
  }
}
