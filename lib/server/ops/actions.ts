import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { outboxEntry } from '@/lib/server/ledger/outbox';
import { retryDelivery, type DeliveryResult } from '@/lib/server/payments/outbox-delivery';
import { reconcile, type ReconcileReport } from '@/lib/server/payments/reconcile';
import { refundOrder, type RefundResult } from '@/lib/server/payments/refunds/refund-order';
import {
  recordFromReview,
  refundFromReview,
  resolveOrder,
  type RecordDecisionResult,
  type RefundDecisionResult,
  type ResolveResult,
} from '@/lib/server/payments/review/review';
import { appendAudit } from './store/audit';

/**
 * What an operator does to the money, from the console or the `npm run orders` and `reconcile`
 * commands alike: each calls the one domain function (refunds/, review/, reconcile.ts,
 * outbox-delivery.ts) and records who, when, why and what came of it in the audit log.
 */
export interface Actor {
  /** The operator's name, or `cli:<name>` for a command on the server's machine. */
  name: string;
  /** The console's operator; null for a command. */
  operatorId: string | null;
}

async function record(
  actor: Actor,
  action: string,
  entry: { orderId?: string | null; reason?: string | null; detail: Record<string, unknown> },
): Promise<void> {
  await appendAudit(await ledgerSql(), {
    at: new Date(),
    actor: actor.name,
    operatorId: actor.operatorId,
    action,
    orderId: entry.orderId ?? null,
    reason: entry.reason ?? null,
    detail: entry.detail,
  });
}

/** Money back through the gateway (whole or `amount` minor units). */
export async function refundAsOperator(
  actor: Actor,
  input: { orderId: string; amount?: number | undefined; reason: string },
): Promise<RefundResult> {
  const result = await refundOrder({
    orderId: input.orderId,
    amount: input.amount,
    reason: input.reason,
    by: actor.name,
  });
  await record(actor, 'refund', {
    orderId: input.orderId,
    reason: input.reason,
    detail: result.ok
      ? {
          refund: result.refund.id,
          amount: result.refund.amount,
          currency: result.refund.currency,
          answer: result.answer.state,
        }
      : { refused: result.reason, asked: input.amount ?? 'all' },
  });
  return result;
}

/** A review decision: grant (the plan follows) or close. */
export async function decideAsOperator(
  actor: Actor,
  input: { orderId: string; decision: 'grant' | 'close'; note: string },
): Promise<ResolveResult> {
  const result = await resolveOrder({ ...input, by: actor.name });
  await record(actor, `review_${input.decision}`, {
    orderId: input.orderId,
    reason: input.note,
    detail: result.ok ? { status: result.order.status, delivery: result.delivery } : { refused: result.reason },
  });
  return result;
}

/** A review decision that sends the money back. */
export async function refundFromReviewAsOperator(
  actor: Actor,
  input: { orderId: string; amount?: number | undefined; note: string },
): Promise<RefundDecisionResult> {
  const result = await refundFromReview({ ...input, by: actor.name });
  await record(actor, 'review_refund', {
    orderId: input.orderId,
    reason: input.note,
    detail: result.ok
      ? { refund: result.refund.refund.id, amount: result.refund.refund.amount, answer: result.refund.answer.state }
      : { refused: result.reason },
  });
  return result;
}

/** A review decision that books a refund found at the gateway. */
export async function recordAsOperator(
  actor: Actor,
  input: { orderId: string; amount: number; note: string },
): Promise<RecordDecisionResult> {
  const result = await recordFromReview({ ...input, by: actor.name });
  await record(actor, 'review_record', {
    orderId: input.orderId,
    reason: input.note,
    detail: result.ok ? { refund: result.refund.id, amount: result.refund.amount } : { refused: result.reason },
  });
  return result;
}

/** A reconciliation round now, beside the timer's (both are safe together: each claims what it asks). */
export async function reconcileAsOperator(actor: Actor): Promise<ReconcileReport> {
  const report = await reconcile();
  await record(actor, 'reconcile', {
    detail: { gateways: report.gateways.map((g) => ({ gateway: g.gateway, asked: g.asked })), ms: report.ms },
  });
  return report;
}

/** One undelivered outbox message delivered now. */
export async function retryDeliveryAsOperator(
  actor: Actor,
  outboxId: string,
): Promise<DeliveryResult | 'not_found' | 'delivered_before'> {
  const entry = await outboxEntry(await ledgerSql(), outboxId);
  const result = !entry ? 'not_found' : entry.deliveredAt ? 'delivered_before' : await retryDelivery(outboxId);
  await record(actor, 'retry_delivery', { orderId: entry?.orderId ?? null, detail: { outbox: outboxId, result } });
  return result;
}
