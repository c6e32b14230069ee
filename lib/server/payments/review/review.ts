import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { findOrder, lockOrder, moveOrder, releaseRefundReport } from '@/lib/server/ledger/orders';
import { enqueueGrant } from '@/lib/server/ledger/outbox';
import type { Order } from '@/lib/server/ledger/types';
import type { Refund } from '@/lib/server/ledger/refunds';
import { eventsOfOrder, type OrderEvent } from '@/lib/server/ledger/payment-events';
import { decisionsOf, recordDecision, type DecisionRecord } from '@/lib/server/ledger/review-decisions';
import { deliverGrant, deliverRevocation, type DeliveryResult } from '../outbox-delivery';
import { recordFoundRefund } from '../refunds/reported';
import { logReviewQueueSize } from './review-queue';
import { grantFor } from '../settle';
import { refundOrder, type RefundResult } from '../refunds/refund-order';
import { log } from '@/lib/server/observability/log';

/**
 * The review queue (docs/payments.md#the-review-queue): orders the rules could not settle wait in
 * `needs_review` until an operator grants or closes them — a wrong amount or money held as suspected
 * fraud (settlement's own outcomes), a second live renewal of one plan. A refund a gateway reported
 * that the rules could not place waits too, on an order that stays paid (`refundHeldAt`). Whatever is
 * not settlement's own outcome enters through one door, settle.ts's holdForReview. Closing dismisses
 * a refund report, `record` books the refund the operator found at the gateway, `refund` sends more
 * back. Every decision is recorded with who, when and why; a grant goes through the outbox like any
 * other.
 */

/**
 * What an operator is told about a grant after `resolve --grant`. `not_due`: the outbox row was
 * not leased — delivered before (a grant is applied once per order), or being delivered right now.
 */
export function describeDelivery(delivery: DeliveryResult): string {
  if (delivery === 'delivered') return 'grant: applied';
  if (delivery === 'retry_later') return 'grant: the chat backend did not take it; queued for retry';
  return 'grant: already delivered (or being delivered now); nothing was applied again';
}

export type ResolveResult =
  | { ok: true; order: Order; delivery: DeliveryResult | null }
  /** `refund_report`: a paid order whose refund report waits: there is nothing to grant. */
  | { ok: false; reason: 'not_found' | 'not_under_review' | 'refund_report'; status?: Order['status'] };

export async function resolveOrder(input: {
  orderId: string;
  decision: 'grant' | 'close';
  note: string;
  by: string;
  now?: Date;
}): Promise<ResolveResult> {
  const now = input.now ?? new Date();
  const sql = await ledgerSql();
  const result = await sql.transaction(async (tx): Promise<ResolveResult> => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) return { ok: false, reason: 'not_found' };
    if (order.status !== 'needs_review' && order.refundHeldAt) {
      // The payment stands; only the refund report waits. Closing dismisses it (nothing to record).
      if (input.decision === 'grant') return { ok: false, reason: 'refund_report', status: order.status };
      await releaseRefundReport(tx, order.id);
      await recordDecision(tx, order.id, input, now);
      return { ok: true, order, delivery: null };
    }
    const to = input.decision === 'grant' ? 'paid' : 'failed';
    if (!(await moveOrder(tx, order.id, ['needs_review'], to, now))) {
      return { ok: false, reason: 'not_under_review', status: order.status };
    }
    await releaseRefundReport(tx, order.id);
    if (input.decision === 'grant') await enqueueGrant(tx, grantFor(order, now));
    await recordDecision(tx, order.id, input, now);
    return { ok: true, order, delivery: null };
  });
  if (!result.ok) return result;
  const delivery = input.decision === 'grant' ? await deliverGrant(input.orderId, now) : null;
  const order = (await findOrder(sql, input.orderId)) ?? result.order;
  log().info({ orderId: order.id, decision: input.decision, by: input.by, note: input.note }, 'review decision');
  await logReviewQueueSize('resolve');
  return { ok: true, order, delivery };
}

export type RefundDecisionResult =
  | { ok: true; order: Order; refund: RefundResult & { ok: true } }
  | { ok: false; reason: 'not_found' | 'not_under_review'; status?: Order['status'] }
  | { ok: false; reason: 'refund_failed'; refund: RefundResult };

/**
 * The third decision: the money goes back (all of what is still paid, or `amount`) and the order
 * leaves the queue closed, with the decision recorded. A gateway that says no leaves the order in
 * review, with its reason for the operator; an answer still unknown closes it (reconciliation
 * finishes the refund). For a paid order whose refund report waits, the order stays paid and the
 * report is dealt with.
 */
export async function refundFromReview(input: {
  orderId: string;
  amount?: number;
  note: string;
  by: string;
  now?: Date;
}): Promise<RefundDecisionResult> {
  const now = input.now ?? new Date();
  const sql = await ledgerSql();
  const order = await findOrder(sql, input.orderId);
  if (!order) return { ok: false, reason: 'not_found' };
  if (order.status !== 'needs_review' && !order.refundHeldAt) {
    return { ok: false, reason: 'not_under_review', status: order.status };
  }
  const refund = await refundOrder({ orderId: order.id, amount: input.amount, reason: input.note, by: input.by, now });
  if (!refund.ok || refund.answer.state === 'refused') return { ok: false, reason: 'refund_failed', refund };
  await sql.transaction(async (tx) => {
    const closed = await moveOrder(tx, order.id, ['needs_review'], 'failed', now);
    const released = await releaseRefundReport(tx, order.id);
    if (closed || released) {
      await recordDecision(tx, order.id, { decision: 'refund', note: input.note, by: input.by }, now);
    }
  });
  log().info({ orderId: order.id, decision: 'refund', by: input.by, note: input.note }, 'review decision');
  await logReviewQueueSize('resolve');
  return { ok: true, order: (await findOrder(sql, order.id)) ?? order, refund };
}

export type RecordDecisionResult =
  | { ok: true; order: Order; refund: Refund }
  | { ok: false; reason: 'not_found' | 'not_under_review' | 'not_paid'; status?: Order['status'] }
  | { ok: false; reason: 'exceeds_paid'; remaining?: number };

/**
 * The fourth decision, for a refund report that waits: the operator found the refund at the
 * gateway (its merchant portal shows the amount) and books it — a refund made elsewhere, whose
 * revocation follows as for any other; the order stays paid and leaves the queue.
 */
export async function recordFromReview(input: {
  orderId: string;
  amount: number;
  note: string;
  by: string;
  now?: Date;
}): Promise<RecordDecisionResult> {
  const now = input.now ?? new Date();
  const sql = await ledgerSql();
  const result = await sql.transaction(async (tx): Promise<RecordDecisionResult & { revoke?: boolean }> => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) return { ok: false, reason: 'not_found' };
    if (!order.refundHeldAt) return { ok: false, reason: 'not_under_review', status: order.status };
    const found = await recordFoundRefund(tx, order, { ...input, now });
    if (!found.ok) return found;
    await releaseRefundReport(tx, order.id);
    await recordDecision(tx, order.id, { decision: 'record', note: input.note, by: input.by }, now);
    return { ok: true, order, refund: found.refund, revoke: found.revoke };
  });
  if (!result.ok) return result;
  if (result.revoke) await deliverRevocation(result.refund.id, now);
  log().info({ orderId: input.orderId, decision: 'record', by: input.by, note: input.note }, 'review decision');
  await logReviewQueueSize('resolve');
  return { ok: true, order: (await findOrder(sql, input.orderId)) ?? result.order, refund: result.refund };
}

/** An order's decisions, oldest first (`npm run orders -- show`). */
export const decisionsFor = async (orderId: string): Promise<DecisionRecord[]> =>
  decisionsOf(await ledgerSql(), orderId);

/** An order's recorded payment events, oldest first (`npm run orders -- show`). */
export const eventsFor = async (orderId: string): Promise<OrderEvent[]> => eventsOfOrder(await ledgerSql(), orderId);
