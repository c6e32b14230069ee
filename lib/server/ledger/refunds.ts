import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Currency } from '@/lib/pricing/catalogue';
import type { Sql } from '@/lib/server/db/sql';
import { storableText } from '@/lib/server/db/storable';

/**
 * Refunds (lib/server/payments/refunds/ has the rules): one row per refund of an order, ours —
 * `requested` until the gateway's answer is recorded — or one a gateway reports (a merchant
 * portal's). The database keeps two promises itself: at most one of ours waits on a gateway per
 * order, and a gateway's refund id is recorded once.
 */
export type RefundStatus = 'requested' | 'succeeded' | 'refused';
export type RefundOrigin = 'site' | 'gateway';

export interface Refund {
  /** Ours: also the request id the gateway receives, so a repeat of the call is the same refund. */
  id: string;
  orderId: string;
  gateway: string;
  amount: number;
  currency: Currency;
  status: RefundStatus;
  origin: RefundOrigin;
  /** The gateway's id for the refund, once it gave one. */
  gatewayRef: string | null;
  reason: string;
  requestedBy: string;
  /** The gateway's answer code and words (a refusal's reason). */
  answerCode: string | null;
  answerMessage: string | null;
  createdAt: Date;
  settledAt: Date | null;
}

interface RefundRow {
  id: string;
  order_id: string;
  gateway: string;
  amount: number | string;
  currency: Currency;
  status: RefundStatus;
  origin: RefundOrigin;
  gateway_ref: string | null;
  reason: string;
  requested_by: string;
  answer_code: string | null;
  answer_message: string | null;
  created_at: Date | string;
  settled_at: Date | string | null;
}

const toRefund = (row: RefundRow): Refund => ({
  id: row.id,
  orderId: row.order_id,
  gateway: row.gateway,
  amount: Number(row.amount),
  currency: row.currency,
  status: row.status,
  origin: row.origin,
  gatewayRef: row.gateway_ref,
  reason: row.reason,
  requestedBy: row.requested_by,
  answerCode: row.answer_code,
  answerMessage: row.answer_message,
  createdAt: new Date(row.created_at),
  settledAt: row.settled_at === null ? null : new Date(row.settled_at),
});

/** 128 random bits, hex: within every gateway's request-id alphabet and length. */
export const newRefundId = () => randomBytes(16).toString('hex');

export type NewRefund = Omit<Refund, 'answerCode' | 'answerMessage' | 'createdAt' | 'settledAt'> & { now: Date };

/**
 * Records a refund; null when the database refuses it as a second one in flight for the order or a
 * gateway refund id already recorded (the caller holds the order's lock, so this is a true race).
 */
export async function insertRefund(tx: Sql, refund: NewRefund): Promise<Refund | null> {
  const result = await tx.query<RefundRow>(
    `INSERT INTO refunds (id, order_id, gateway, amount, currency, status, origin, gateway_ref, reason,
                          requested_by, created_at, settled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, CASE WHEN $6 = 'requested' THEN NULL ELSE $11::timestamptz END)
     ON CONFLICT DO NOTHING RETURNING *`,
    [
      refund.id,
      refund.orderId,
      refund.gateway,
      refund.amount,
      refund.currency,
      refund.status,
      refund.origin,
      refund.gatewayRef,
      storableText(refund.reason),
      storableText(refund.requestedBy),
      refund.now,
    ],
  );
  return result.rows[0] ? toRefund(result.rows[0]) : null;
}

/** Inside a transaction: the refund, locked until commit, so its answer is recorded once. */
export async function lockRefund(tx: Sql, id: string): Promise<Refund | null> {
  const result = await tx.query<RefundRow>('SELECT * FROM refunds WHERE id = $1 FOR UPDATE', [id]);
  return result.rows[0] ? toRefund(result.rows[0]) : null;
}

export async function findRefund(sql: Sql, id: string): Promise<Refund | null> {
  const result = await sql.query<RefundRow>('SELECT * FROM refunds WHERE id = $1', [id]);
  return result.rows[0] ? toRefund(result.rows[0]) : null;
}

/**
 * Moves a requested refund to its final state, once: false when it was no longer `requested`. A
 * gateway id another refund already holds is not the id of this one (a gateway that answered two
 * refunds with one number): the answer is recorded without it, rather than refused by
 * `refunds_gateway_ref` after the money went back. Every writer of an order's refunds holds the
 * order's lock, so the check and the write see the same rows.
 */
export async function settleRefund(
  tx: Sql,
  id: string,
  to: Exclude<RefundStatus, 'requested'>,
  answer: { gatewayRef: string | null; code: string | null; message: string | null },
  now: Date,
): Promise<boolean> {
  const result = await tx.query(
    `UPDATE refunds r SET status = $2,
            gateway_ref = CASE WHEN $3::text IS NULL OR EXISTS (
                            SELECT 1 FROM refunds o WHERE o.gateway = r.gateway AND o.gateway_ref = $3 AND o.id <> r.id)
                          THEN r.gateway_ref ELSE $3 END,
            answer_code = $4, answer_message = $5, settled_at = $6
      WHERE r.id = $1 AND r.status = 'requested'`,
    [
      id,
      to,
      answer.gatewayRef,
      answer.code,
      answer.message === null ? null : storableText(answer.message.slice(0, 500)),
      now,
    ],
  );
  return result.rowCount === 1;
}

/** An order's refunds, oldest first (the receipt's credit notes, the CLI). */
export async function refundsOfOrder(sql: Sql, orderId: string): Promise<Refund[]> {
  const result = await sql.query<RefundRow>('SELECT * FROM refunds WHERE order_id = $1 ORDER BY created_at, id', [
    orderId,
  ]);
  return result.rows.map(toRefund);
}

/** Refunds still waiting on a gateway's answer, oldest first (reconciliation, the review queue). */
export async function requestedRefunds(sql: Sql, createdBefore: Date, limit: number): Promise<Refund[]> {
  const result = await sql.query<RefundRow>(
    `SELECT * FROM refunds WHERE status = 'requested' AND created_at < $1 ORDER BY created_at LIMIT $2`,
    [createdBefore, limit],
  );
  return result.rows.map(toRefund);
}

export async function countRequestedRefunds(sql: Sql): Promise<number> {
  const result = await sql.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM refunds WHERE status = 'requested'`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** Per order: what went back (succeeded) and what may be going back (requested), in its minor unit. */
export interface RefundTotals {
  refunded: number;
  inFlight: number;
  lastRefundAt: Date | null;
}

export async function refundTotals(sql: Sql, orderIds: readonly string[]): Promise<Map<string, RefundTotals>> {
  const totals = new Map<string, RefundTotals>();
  if (orderIds.length === 0) return totals;
  const result = await sql.query<{
    order_id: string;
    refunded: number | string;
    in_flight: number | string;
    last_at: Date | string | null;
  }>(
    `SELECT order_id,
            COALESCE(sum(amount) FILTER (WHERE status = 'succeeded'), 0) AS refunded,
            COALESCE(sum(amount) FILTER (WHERE status = 'requested'), 0) AS in_flight,
            max(settled_at) FILTER (WHERE status = 'succeeded') AS last_at
       FROM refunds WHERE order_id = ANY($1::text[]) GROUP BY order_id`,
    [orderIds],
  );
  for (const row of result.rows) {
    totals.set(row.order_id, {
      refunded: Number(row.refunded),
      inFlight: Number(row.in_flight),
      lastRefundAt: row.last_at === null ? null : new Date(row.last_at),
    });
  }
  return totals;
}

/** The latest refunds of every kind, newest first (the operators' list). */
export async function recentRefunds(sql: Sql, limit: number): Promise<Refund[]> {
  const result = await sql.query<RefundRow>('SELECT * FROM refunds ORDER BY created_at DESC, id LIMIT $1', [limit]);
  return result.rows.map(toRefund);
}

/** Whether a refund of the gateway's is recorded under its own id for it. */
export async function hasGatewayRefund(tx: Sql, gateway: string, gatewayRef: string): Promise<boolean> {
  const result = await tx.query('SELECT 1 FROM refunds WHERE gateway = $1 AND gateway_ref = $2', [gateway, gatewayRef]);
  return result.rows.length > 0;
}

/**
 * The refund of ours a gateway's report names: the one with its request id, else one still waiting
 * for exactly that amount (a gateway that echoes no request id). Null when there is none.
 */
export async function ourRefundReported(
  tx: Sql,
  orderId: string,
  reported: { requestId: string | null; amount: number },
): Promise<Pick<Refund, 'id' | 'status'> | null> {
  const result = await tx.query<{ id: string; status: RefundStatus }>(
    `SELECT id, status FROM refunds WHERE order_id = $1 AND origin = 'site'
        AND (id = $2 OR (status = 'requested' AND amount = $3))
      ORDER BY (id = $2) DESC LIMIT 1`,
    [orderId, reported.requestId ?? '', reported.amount],
  );
  return result.rows[0] ?? null;
}

/** Gives a refund the gateway's id for it, when it has none yet (an answer that named none). */
export async function addGatewayRef(tx: Sql, refundId: string, gatewayRef: string): Promise<void> {
  await tx.query('UPDATE refunds SET gateway_ref = $2 WHERE id = $1 AND gateway_ref IS NULL', [refundId, gatewayRef]);
}

/** The refund of ours still waiting on the gateway for an order (at most one: refunds_one_in_flight). */
export async function requestedRefundOf(tx: Sql, orderId: string): Promise<string | null> {
  const result = await tx.query<{ id: string }>(`SELECT id FROM refunds WHERE order_id = $1 AND status = 'requested'`, [
    orderId,
  ]);
  return result.rows[0]?.id ?? null;
}

/**
 * The most seats a team's other paid Team Pro orders still cover — those not wholly refunded — as
 * stored on them (0 when none).
 */
export async function seatsStillPaidByOthers(
  tx: Sql,
  order: { id: string; platform: string; teamId: string },
): Promise<number> {
  const result = await tx.query<{ seats: number | string | null }>(
    `SELECT max(o.seats) AS seats FROM orders o
      WHERE o.platform = $1 AND o.team_id = $2 AND o.plan = 'team_pro' AND o.status = 'paid' AND o.id <> $3
        AND o.amount > COALESCE((SELECT sum(r.amount) FROM refunds r WHERE r.order_id = o.id AND r.status = 'succeeded'), 0)`,
    [order.platform, order.teamId, order.id],
  );
  return Number(result.rows[0]?.seats ?? 0);
}
