import 'server-only';
import { ledgerSql, type Sql } from '@/lib/server/db';
import { lockOrder } from '@/lib/server/ledger/orders';
import {
  addGatewayRef,
  hasGatewayRefund,
  insertRefund,
  lockRefund,
  newRefundId,
  ourRefundReported,
  type Refund,
} from '@/lib/server/ledger/refunds';
import type { Order } from '@/lib/server/ledger/types';
import { metrics } from '@/lib/server/observability/metrics';
import { deliverRevocation } from '../outbox-delivery';
import type { ReportedRefund } from '../gateway';
import { logReviewQueueSize } from '../review/review-queue';
import { holdForReview } from '../settle';
import { completeRefund, paidState } from './refunds';
import { revokeShare } from './revocation';

/*
 * Refunds a gateway reports (docs/payments.md#refunds-made-elsewhere), ours or made elsewhere (a
 * merchant portal, PayPal's dashboard): each recorded once, by the gateway's id for it or as the
 * refund of ours it answers; what the rule cannot place waits for a person.
 */
export type ReportedOutcome =
  /** Already recorded (under this gateway id, or nothing new in the gateway's answer). */
  | 'known'
  /** It was one of ours still waiting for its answer: now finished. */
  | 'finished_ours'
  /** A refund made elsewhere, recorded now. */
  | 'recorded'
  /** The rule cannot place it (more than is still paid, an amount not reported): a person decides. */
  | 'review'
  | 'order_not_found';

export interface Placed {
  outcome: ReportedOutcome;
  /** A refund whose revocation was written: delivered after the commit. */
  revoke?: string;
}

/**
 * A refund the gateway reports (MoMo's query, PayPal's refund webhook, VNPay's querydr), wherever it
 * was made: recorded once by its gateway id. One of ours is recognised by the request id the gateway
 * echoes, or — when it echoes none — as the one of ours in flight for the same amount.
 */
export async function recordReportedRefund(input: {
  orderId: string;
  gateway: string;
  reported: ReportedRefund;
  reason: string;
  now: Date;
}): Promise<ReportedOutcome> {
  const sql = await ledgerSql();
  const placed = await sql.transaction(async (tx): Promise<Placed> => {
    const order = await lockOrder(tx, input.orderId);
    if (!order || order.gateway !== input.gateway) return { outcome: 'order_not_found' };
    return placeReported(tx, order, input.reported, input.reason, input.now);
  });
  return afterPlaced(input.gateway, placed, input.now);
}

export async function afterPlaced(gateway: string, placed: Placed, now: Date): Promise<ReportedOutcome> {
  if (placed.outcome === 'recorded') metrics().refunds.inc({ gateway, outcome: 'found' });
  if (placed.outcome === 'review') await logReviewQueueSize(`${gateway}:refund_review`);
  if (placed.revoke) await deliverRevocation(placed.revoke, now);
  return placed.outcome;
}

/** Inside the order's lock: one reported refund, placed by the rule or held for a person. */
export async function placeReported(
  tx: Sql,
  order: Order,
  reported: ReportedRefund,
  reason: string,
  now: Date,
): Promise<Placed> {
  if (reported.gatewayRef !== null && (await hasGatewayRefund(tx, order.gateway, reported.gatewayRef))) {
    return { outcome: 'known' };
  }
  const mine = await ourRefundReported(tx, order.id, reported);
  if (mine) {
    if (mine.status !== 'requested') {
      // Ours, answered before without the gateway's id (or refused here while the gateway went on).
      if (reported.gatewayRef !== null) await addGatewayRef(tx, mine.id, reported.gatewayRef);
      return { outcome: 'known' };
    }
    const refund = await lockRefund(tx, mine.id);
    if (!refund) return { outcome: 'known' };
    const revoked = await completeRefund(tx, order, refund, reported.gatewayRef, 'reported', now);
    return { outcome: 'finished_ours', revoke: revoked ? refund.id : undefined };
  }
  const paid = await paidState(tx, order);
  if (!paid || reported.amount <= 0 || reported.amount > paid.payment.amount - paid.refunded - paid.inFlight) {
    await holdRefundReportFor(tx, order, `refund:${reported.gatewayRef ?? `${order.id}:${reported.amount}`}`, {
      amount: Math.max(0, reported.amount),
      now,
    });
    return { outcome: 'review' };
  }
  const refund = await insertRefund(tx, {
    id: newRefundId(),
    orderId: order.id,
    gateway: order.gateway,
    amount: reported.amount,
    currency: order.currency,
    status: 'succeeded',
    origin: 'gateway',
    gatewayRef: reported.gatewayRef,
    reason,
    requestedBy: order.gateway,
    now,
  });
  if (!refund) return { outcome: 'known' };
  const revoked = await revokeShare(tx, paid, refund, now);
  return { outcome: 'recorded', revoke: revoked ? refund.id : undefined };
}

/**
 * Inside the order's lock: a gateway says money went back but the rule cannot place it (not how
 * much, or more than is still paid). The report is recorded as an event, once, and held for a
 * person through the review queue's door, while the order keeps its status: the payment was made,
 * and its payer still sees it paid, with its receipt (docs/payments.md#refunds-made-elsewhere).
 */
export async function holdRefundReportFor(
  tx: Sql,
  order: Order,
  transactionId: string,
  report: { amount: number; now: Date; seen?: Record<string, string> },
): Promise<void> {
  const event = {
    gateway: order.gateway,
    transactionId,
    orderId: order.id,
    amount: report.amount,
    currency: order.currency,
    result: 'failed' as const,
    resultCode: 'refund_reported',
    payload: { source: 'refund report', ...report.seen },
    now: report.now,
  };
  await holdForReview(tx, order, event, 'refund_report');
}

/**
 * An operator records a refund found at the gateway (the review queue's `--record`): a refund made
 * elsewhere of `amount`, as if the gateway had reported it — the account loses its share. Inside the
 * order's lock; the caller delivers the revocation after the commit.
 */
export async function recordFoundRefund(
  tx: Sql,
  order: Order,
  input: { amount: number; note: string; by: string; now: Date },
): Promise<
  { ok: true; refund: Refund; revoke: boolean } | { ok: false; reason: 'not_paid' | 'exceeds_paid'; remaining?: number }
> {
  const paid = await paidState(tx, order);
  if (!paid) return { ok: false, reason: 'not_paid' };
  const remaining = paid.payment.amount - paid.refunded - paid.inFlight;
  if (input.amount > remaining) return { ok: false, reason: 'exceeds_paid', remaining };
  const refund = await insertRefund(tx, {
    id: newRefundId(),
    orderId: order.id,
    gateway: order.gateway,
    amount: input.amount,
    currency: order.currency,
    status: 'succeeded',
    origin: 'gateway',
    gatewayRef: null,
    reason: input.note,
    requestedBy: input.by,
    now: input.now,
  });
  if (!refund) return { ok: false, reason: 'exceeds_paid', remaining };
  return { ok: true, refund, revoke: await revokeShare(tx, paid, refund, input.now) };
}
