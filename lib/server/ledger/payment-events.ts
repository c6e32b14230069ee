import 'server-only';
import type { Sql } from '@/lib/server/db/sql';
import { storableJson, storableText } from '@/lib/server/db/storable';
import type { PaymentEvent, PaymentOutcome } from './types';

/**
 * Stores a verified callback once; false when this (gateway, transaction id) was already recorded.
 * What PostgreSQL cannot hold (NUL, a lone surrogate) is replaced first (db/storable.ts).
 */
export async function recordEvent(tx: Sql, event: PaymentEvent, outcome: string): Promise<boolean> {
  const result = await tx.query(
    `INSERT INTO payment_events (gateway, transaction_id, order_id, amount, succeeded, result_code, outcome, payload, received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (gateway, transaction_id) DO NOTHING`,
    [
      event.gateway,
      storableText(event.transactionId),
      event.orderId,
      event.amount,
      event.result === 'succeeded',
      storableText(event.resultCode),
      outcome,
      storableJson(event.payload),
      event.now,
    ],
  );
  return result.rowCount === 1;
}

/** Writes what settlement decided onto the event, for support and the review queue. */
export async function setEventOutcome(tx: Sql, event: PaymentEvent, outcome: PaymentOutcome): Promise<void> {
  await tx.query('UPDATE payment_events SET outcome = $3 WHERE gateway = $1 AND transaction_id = $2', [
    event.gateway,
    storableText(event.transactionId),
    outcome,
  ]);
}

export interface PaidEvent {
  transactionId: string;
  /** When its confirmation arrived. */
  receivedAt: Date;
  /** What the gateway reported taking, in the order's minor unit. */
  amount: number;
  payload: Record<string, unknown>;
}

/** The payment that paid an order (or that took money for it, when it went to review). */
export async function paidEventOf(sql: Sql, orderId: string): Promise<PaidEvent | null> {
  const result = await sql.query<{
    transaction_id: string;
    received_at: string | Date;
    amount: number | string;
    payload: Record<string, unknown> | null;
  }>(
    `SELECT transaction_id, received_at, amount, payload FROM payment_events
      WHERE order_id = $1 AND succeeded ORDER BY received_at, id LIMIT 1`,
    [orderId],
  );
  const row = result.rows[0];
  return row
    ? {
        transactionId: row.transaction_id,
        receivedAt: new Date(row.received_at),
        amount: Number(row.amount),
        payload: row.payload ?? {},
      }
    : null;
}

/** An order's recorded payment events, as an operator reads them (`npm run orders -- show`). */
export interface OrderEvent {
  transactionId: string;
  resultCode: string;
  outcome: string;
  amount: number;
  receivedAt: Date;
  payload: unknown;
}

/** Every event recorded for an order, in the order they were recorded. */
export async function eventsOfOrder(sql: Sql, orderId: string): Promise<OrderEvent[]> {
  const result = await sql.query<{
    transaction_id: string;
    result_code: string;
    outcome: string;
    amount: number | string;
    received_at: Date;
    payload: unknown;
  }>(
    'SELECT transaction_id, result_code, outcome, amount, received_at, payload FROM payment_events WHERE order_id = $1 ORDER BY id',
    [orderId],
  );
  return result.rows.map((row) => ({
    transactionId: row.transaction_id,
    resultCode: row.result_code,
    outcome: row.outcome,
    amount: Number(row.amount),
    receivedAt: new Date(row.received_at),
    payload: row.payload,
  }));
}

/** The result code of the latest event that took no money for an order (what failed it), if any. */
export async function lastFailureCode(sql: Sql, orderId: string): Promise<string | null> {
  const result = await sql.query<{ result_code: string }>(
    `SELECT result_code FROM payment_events
      WHERE order_id = $1 AND NOT succeeded
      ORDER BY received_at DESC, id DESC LIMIT 1`,
    [orderId],
  );
  return result.rows[0]?.result_code ?? null;
}

/** The order a gateway's transaction was recorded for, or null (a refund names the payment it returns). */
export async function orderOfTransaction(sql: Sql, gateway: string, transactionId: string): Promise<string | null> {
  const result = await sql.query<{ order_id: string }>(
    'SELECT order_id FROM payment_events WHERE gateway = $1 AND transaction_id = $2',
    [gateway, storableText(transactionId)],
  );
  return result.rows[0]?.order_id ?? null;
}
