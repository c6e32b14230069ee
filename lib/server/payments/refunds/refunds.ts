import 'server-only';
import { createHash } from 'node:crypto';
import { ledgerSql, type Sql } from '@/lib/server/db';
import { holdRefundReport, lockOrder } from '@/lib/server/ledger/orders';
import { paidEventOf, recordEvent, type PaidEvent } from '@/lib/server/ledger/payment-events';
import { enqueueRevocation } from '@/lib/server/ledger/outbox';
import {
  findRefund,
  insertRefund,
  lockRefund,
  newRefundId,
  refundTotals,
  settleRefund,
  type Refund,
} from '@/lib/server/ledger/refunds';
import type { Order } from '@/lib/server/ledger/types';
import type { Revocation } from '@/lib/server/directory/types';
import { daysBought } from '@/lib/pricing/grant';
import { wholeBlockSeats } from '@/lib/pricing/catalogue';
import { log } from '@/lib/server/observability/log';
import { metrics } from '@/lib/server/observability/metrics';
import { deliverRevocation } from '../outbox-delivery';
import type { RefundAnswer, ReportedRefund } from '../gateway';
import { logReviewQueueSize } from '../review/review-queue';

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
async function completeRefund(
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

/** Writes the revocation of what `refund` paid for into the outbox; false when nothing was granted. */
async function revokeShare(tx: Sql, before: Paid, refund: Refund, now: Date): Promise<boolean> {
  const { order } = before;
  const granted = await tx.query(`SELECT 1 FROM outbox WHERE order_id = $1 AND kind = 'grant'`, [order.id]);
  if (granted.rows.length === 0) return false;
  const revocation = revocationFor(before, refund.amount, now, await seatsKept(tx, order));
  await enqueueRevocation(tx, { ...revocation, refundId: refund.id });
  log().info(
    { refund: refund.id, order: order.id, days: revocation.days, seats: revocation.seats },
    'refund: revocation queued',
  );
  return true;
}

/**
 * The rule (docs/payments.md#what-a-refund-takes-back): a refund takes back the share of the days
 * the order bought that its amount is of the payment, rounded down in the payer's favour — and a
 * refund that brings the total back to the whole payment takes back all of them. A team keeps, at
 * most, the seats its other payments cover once the whole payment went back.
 */
export function revocationFor(
  paid: Pick<Paid, 'order' | 'payment' | 'refunded'>,
  amount: number,
  now: Date,
  otherSeats: number,
): Omit<Revocation, 'refundId'> {
  const { order, payment, refunded } = paid;
  const total = daysBought(payment.receivedAt, order.months);
  const after = refunded + amount;
  const whole = after >= payment.amount;
  const share = (part: number) => Math.floor((total * part) / payment.amount);
  const days = (whole ? total : share(after)) - share(refunded);
  return {
    orderId: order.id,
    platform: order.platform,
    userId: order.userId,
    teamId: order.teamId,
    plan: order.plan,
    days: Math.max(0, days),
    seats: order.plan === 'team_pro' && whole ? otherSeats : null,
    refundedAt: now,
  };
}

/** The most seats a team's other payments still cover (paid, not wholly refunded), in whole blocks. */
async function seatsKept(tx: Sql, order: Order): Promise<number> {
  if (order.plan !== 'team_pro' || order.teamId === null) return 0;
  const result = await tx.query<{ seats: number | string | null }>(
    `SELECT max(o.seats) AS seats FROM orders o
      WHERE o.platform = $1 AND o.team_id = $2 AND o.plan = 'team_pro' AND o.status = 'paid' AND o.id <> $3
        AND o.amount > COALESCE((SELECT sum(r.amount) FROM refunds r WHERE r.order_id = o.id AND r.status = 'succeeded'), 0)`,
    [order.platform, order.teamId, order.id],
  );
  const seats = Number(result.rows[0]?.seats ?? 0);
  return seats > 0 ? wholeBlockSeats(seats) : 0;
}

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

interface Placed {
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

async function afterPlaced(gateway: string, placed: Placed, now: Date): Promise<ReportedOutcome> {
  if (placed.outcome === 'recorded') metrics().refunds.inc({ gateway, outcome: 'found' });
  if (placed.outcome === 'review') await logReviewQueueSize(`${gateway}:refund_review`);
  if (placed.revoke) await deliverRevocation(placed.revoke, now);
  return placed.outcome;
}

/** Inside the order's lock: one reported refund, placed by the rule or held for a person. */
async function placeReported(
  tx: Sql,
  order: Order,
  reported: ReportedRefund,
  reason: string,
  now: Date,
): Promise<Placed> {
  if (reported.gatewayRef !== null) {
    const known = await tx.query<{ id: string }>(`SELECT id FROM refunds WHERE gateway = $1 AND gateway_ref = $2`, [
      order.gateway,
      reported.gatewayRef,
    ]);
    if (known.rows.length > 0) return { outcome: 'known' };
  }
  const ours = await tx.query<{ id: string; status: Refund['status'] }>(
    `SELECT id, status FROM refunds WHERE order_id = $1 AND origin = 'site'
        AND (id = $2 OR (status = 'requested' AND amount = $3))
      ORDER BY (id = $2) DESC LIMIT 1`,
    [order.id, reported.requestId ?? '', reported.amount],
  );
  const mine = ours.rows[0];
  if (mine) {
    if (mine.status !== 'requested') {
      // Ours, answered before without the gateway's id (or refused here while the gateway went on).
      if (reported.gatewayRef !== null) {
        await tx.query(`UPDATE refunds SET gateway_ref = $2 WHERE id = $1 AND gateway_ref IS NULL`, [
          mine.id,
          reported.gatewayRef,
        ]);
      }
      return { outcome: 'known' };
    }
    const refund = await lockRefund(tx, mine.id);
    if (!refund) return { outcome: 'known' };
    const revoked = await completeRefund(tx, order, refund, reported.gatewayRef, 'reported', now);
    return { outcome: 'finished_ours', revoke: revoked ? refund.id : undefined };
  }
  const paid = await paidState(tx, order);
  if (!paid || reported.amount <= 0 || reported.amount > paid.payment.amount - paid.refunded - paid.inFlight) {
    await holdForPerson(tx, order, `refund:${reported.gatewayRef ?? `${order.id}:${reported.amount}`}`, {
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
 * person — the review queue lists the order — while the order keeps its status: the payment was
 * made, and its payer still sees it paid, with its receipt (docs/payments.md#refunds-made-elsewhere).
 */
export async function holdForPerson(
  tx: Sql,
  order: Order,
  transactionId: string,
  report: { amount: number; now: Date; seen?: Record<string, string> },
): Promise<void> {
  await recordEvent(
    tx,
    {
      gateway: order.gateway,
      transactionId,
      orderId: order.id,
      amount: report.amount,
      currency: order.currency,
      result: 'failed',
      resultCode: 'refund_reported',
      payload: { source: 'refund report', ...report.seen },
      now: report.now,
    },
    'held_for_review',
  );
  await holdRefundReport(tx, order.id, report.now);
}

/** What a gateway that reports no amounts said last about an order's refunds, and the total it was matched to. */
interface RememberedReport {
  seen: Record<string, string>;
  refunded: number;
}

async function rememberedReport(tx: Sql, orderId: string): Promise<RememberedReport | null> {
  const result = await tx.query<{ refund_report: RememberedReport | null }>(
    'SELECT refund_report FROM orders WHERE id = $1',
    [orderId],
  );
  return result.rows[0]?.refund_report ?? null;
}

async function remember(tx: Sql, orderId: string, report: RememberedReport): Promise<void> {
  await tx.query('UPDATE orders SET refund_report = $2 WHERE id = $1', [orderId, JSON.stringify(report)]);
}

const sameAnswer = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? '') === (b[key] ?? ''));
};

/**
 * For a whole-or-part summary (VNPay's querydr, which reports no amount): records what the rule
 * can place, and holds the rest for a person (docs/payments.md#refunds-made-elsewhere).
 *
 * - Whole: whatever is not recorded yet went back — ours in flight for that amount, else a refund
 *   made at the gateway, under the gateway's number for it when its answer names one.
 * - Part: a refund of ours in flight explains it only when it leaves money paid (a part); refunds
 *   recorded explain it only when the gateway says what it said when last matched, or a refund was
 *   recorded since. Anything else — nothing recorded, a first report with no earlier one to compare
 *   with, a new answer with nothing recorded since — is held for a person.
 *
 * `baseline`: called right after a refund of ours succeeded, so the refunds recorded are all the
 * gateway knows of; what it says now is what later answers are compared with.
 */
export async function recordRefundSummary(input: {
  order: Order;
  refunded: 'whole' | 'part';
  seen?: Record<string, string>;
  refundRef?: string | null;
  baseline?: boolean;
  now: Date;
}): Promise<ReportedOutcome> {
  const { now } = input;
  const seen = input.seen ?? {};
  const sql = await ledgerSql();
  const placed = await sql.transaction(async (tx): Promise<Placed> => {
    const order = await lockOrder(tx, input.order.id);
    if (!order) return { outcome: 'order_not_found' };
    const paid = await paidState(tx, order);
    if (!paid) return { outcome: 'order_not_found' };
    const last = await rememberedReport(tx, order.id);
    const total = paid.payment.amount;
    const settled = async (result: Placed): Promise<Placed> => {
      const after = (await refundTotals(tx, [order.id])).get(order.id);
      await remember(tx, order.id, { seen, refunded: after?.refunded ?? 0 });
      return result;
    };
    const hold = async (): Promise<Placed> => {
      const id = createHash('sha256').update(JSON.stringify(seen)).digest('hex').slice(0, 16);
      await holdForPerson(tx, order, `refund:${order.id}:${input.refunded}:${id}`, { amount: 0, now, seen });
      return settled({ outcome: 'review' });
    };

    if (input.refunded === 'whole') {
      const rest = total - paid.refunded;
      if (rest <= 0) return settled({ outcome: 'known' });
      return settled(
        await placeReported(
          tx,
          order,
          { gatewayRef: input.refundRef ?? null, amount: rest, requestId: null },
          'refunded in full at the gateway',
          now,
        ),
      );
    }

    if (paid.inFlight > 0) {
      // Ours explains a part only if money is still paid after it; a whole refund of ours is not a part.
      if (paid.refunded + paid.inFlight >= total) return hold();
      const waiting = await tx.query<{ id: string }>(
        `SELECT id FROM refunds WHERE order_id = $1 AND status = 'requested'`,
        [order.id],
      );
      const refund = waiting.rows[0] && (await lockRefund(tx, waiting.rows[0].id));
      if (!refund) return hold();
      const revoked = await completeRefund(tx, order, refund, input.refundRef ?? null, 'reported', now);
      metrics().refunds.inc({ gateway: order.gateway, outcome: 'succeeded' });
      return settled({ outcome: 'finished_ours', revoke: revoked ? refund.id : undefined });
    }
    if (paid.refunded <= 0) return hold();
    if (input.baseline) return settled({ outcome: 'known' });
    if (last && sameAnswer(last.seen, seen) && paid.refunded >= last.refunded) return settled({ outcome: 'known' });
    if (last && paid.refunded > last.refunded) return settled({ outcome: 'known' });
    return hold();
  });
  return afterPlaced(input.order.gateway, placed, now);
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
