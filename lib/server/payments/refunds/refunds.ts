import 'server-only';
import { ledgerSql, type Sql } from '@/lib/server/db';
import { lockOrder } from '@/lib/server/ledger/orders';
import { paidEventOf, type PaidEvent } from '@/lib/server/ledger/payment-events';
import { findRefund, lockRefund, refundTotals, settleRefund, type Refund } from '@/lib/server/ledger/refunds';
import type { Order } from '@/lib/server/ledger/types';
import { metrics } from '@/lib/server/observability/metrics';
import { deliverRevocation } from '../outbox-delivery';
import type { RefundAnswer } from '../gateway';
import { revokeShare } from './revocation';

/*
 * Money back (docs/payments.md#refunds). A refund of ours is recorded as `requested` in one
 * transaction (under the order's lock, so two operators cannot both pass the checks), asked of the
 * gateway with the refund's id as the request id, and its answer recorded in another transaction —
 * once, whoever records it: this call, reconciliation finishing what a crash or a time-out left, or
 * the gateway's own report of it. A refund that succeeds writes the account's change (a
 * revocation) into the outbox with it, so the plan and the chat backend follow exactly once.
 */
/** What an order's payment took, and what of it has gone back or is going back. */
export interface Paid {
  order: Order;
  payment: PaidEvent;
  refunded: number;
  inFlight: number;
}

export async function paidState(tx: Sql, order: Order): Promise<Paid | null> {
  const payment = await paidEventOf(tx, order.id);
  if (!payment) return null;
  const totals = (await refundTotals(tx, [order.id])).get(order.id);
  return { order, payment, refunded: totals?.refunded ?? 0, inFlight: totals?.inFlight ?? 0 };
}

/**
 * Records a gateway's answer to one of our refunds, once: a second caller (reconciliation, the
 * gateway's report) finds it no longer `requested` and changes nothing. An unknown answer leaves it
 * requested for reconciliation.
 */
export async function finishRefund(
  refundId: string,
  answer: RefundAnswer,
  now: Date,
): Promise<'finished' | 'unchanged'> {
  if (answer.state === 'unknown') {
    // Nothing to record: it stays requested for reconciliation, and only the metric learns of it.
    const refund = await findRefund(await ledgerSql(), refundId);
    metrics().refunds.inc({ gateway: refund?.gateway ?? 'unknown', outcome: 'unknown' });
    return 'unchanged';
  }
  const sql = await ledgerSql();
  const finished = await sql.transaction(async (tx) => {
    const peek = await lockRefund(tx, refundId);
    if (!peek || peek.status !== 'requested') return null;
    // The order's lock first, as every writer of its refunds takes it: no deadlock with a new refund.
    const order = await lockOrder(tx, peek.orderId);
    if (!order) return null;
    if (answer.state === 'refused') {
      await settleRefund(
        tx,
        refundId,
        'refused',
        { gatewayRef: null, code: answer.code, message: answer.message },
        now,
      );
      return { refund: peek, revoked: false };
    }
    const revoked = await completeRefund(tx, order, peek, answer.gatewayRef, answer.code, now);
    return { refund: peek, revoked };
  });
  if (!finished) return 'unchanged';
  metrics().refunds.inc({ gateway: finished.refund.gateway, outcome: answer.state });
  if (finished.revoked) await deliverRevocation(refundId, now);
  return 'finished';
}

/**
 * Inside the order's lock: a refund of ours is done — the money went back. The account loses what
 * the refunded share bought (when the order's plan was granted at all); true when a revocation was
 * written.
 */
export async function completeRefund(
  tx: Sql,
  order: Order,
  refund: Refund,
  gatewayRef: string | null,
  code: string | null,
  now: Date,
): Promise<boolean> {
  const before = await paidState(tx, order);
  if (!(await settleRefund(tx, refund.id, 'succeeded', { gatewayRef, code, message: null }, now))) return false;
  if (!before) return false;
  return revokeShare(tx, before, refund, now);
}
