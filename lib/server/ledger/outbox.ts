import 'server-only';
import type { Sql } from '@/lib/server/db/sql';
import type { Grant, Revocation } from '@/lib/server/directory/types';

/**
 * The outbox (docs/payments.md#why-an-outbox-for-grants): what the account directory must be told,
 * written in the same transaction as the ledger change that makes it due — a paid order's grant, or
 * a refund's revocation — and delivered by lib/server/payments/outbox-delivery.ts, which applies it
 * and marks it delivered. A row is leased while one process delivers it, so instances sharing a
 * database do not race; a lease that outlives a crashed process simply expires.
 *
 * A refund's revocation is never leased while its order's grant is undelivered: the directory must
 * have applied what the order bought before it can take it back (docs/payments.md#a-refund-after-an-undelivered-grant).
 * Taken the other way round, a grant that waited out a backend outage would land after its refund
 * and keep the plan. The rule lives in the lease queries, so every instance and every caller obeys it.
 */
const LEASE_MS = 30_000;

export type OutboxMessage = { kind: 'grant'; grant: Grant } | { kind: 'revocation'; revocation: Revocation };

export interface LeasedMessage {
  /** The row's id: the order's id for its grant, `revocation:<refund id>` for a refund's revocation. */
  id: string;
  message: OutboxMessage;
  attempts: number;
}

interface OutboxRow {
  id: string;
  kind: OutboxMessage['kind'];
  body: Record<string, unknown>;
  attempts: number;
}

const toMessage = (row: OutboxRow): OutboxMessage =>
  row.kind === 'grant'
    ? { kind: 'grant', grant: { ...(row.body as unknown as Grant), paidAt: new Date(row.body.paidAt as string) } }
    : {
        kind: 'revocation',
        revocation: { ...(row.body as unknown as Revocation), refundedAt: new Date(row.body.refundedAt as string) },
      };

const toLeased = (row: OutboxRow): LeasedMessage => ({ id: row.id, message: toMessage(row), attempts: row.attempts });

// `grant_json` holds every message's body, revocations too: the column kept the name it was born
// with, because renaming it would rewrite a table every instance shares and change nothing else.
const RETURNING = 'RETURNING id, kind, grant_json AS body, attempts';

/** True for a row (aliased `msg`) that may be delivered now: not a revocation whose grant still waits. */
const ORDERED_AFTER_ITS_GRANT = `NOT (msg.kind = 'revocation' AND EXISTS (
  SELECT 1 FROM outbox grant_row
   WHERE grant_row.order_id = msg.order_id AND grant_row.kind = 'grant' AND grant_row.delivered_at IS NULL))`;

export const revocationId = (refundId: string) => `revocation:${refundId}`;

/** A paid order's grant; once per order whatever calls it. */
export async function enqueueGrant(tx: Sql, grant: Grant): Promise<void> {
  await tx.query(
    `INSERT INTO outbox (id, order_id, kind, grant_json, created_at, next_attempt_at)
     VALUES ($1, $1, 'grant', $2, $3, $3) ON CONFLICT DO NOTHING`,
    [grant.orderId, JSON.stringify(grant), grant.paidAt],
  );
}

/** A refund's change to the account; once per refund. */
export async function enqueueRevocation(tx: Sql, revocation: Revocation): Promise<void> {
  await tx.query(
    `INSERT INTO outbox (id, order_id, kind, grant_json, created_at, next_attempt_at)
     VALUES ($1, $2, 'revocation', $3, $4, $4) ON CONFLICT DO NOTHING`,
    [revocationId(revocation.refundId), revocation.orderId, JSON.stringify(revocation), revocation.refundedAt],
  );
}

/**
 * Leases one undelivered message (null when delivered, absent, leased by someone else, or a
 * revocation whose order's grant is undelivered).
 */
export async function leaseMessage(sql: Sql, id: string, now: Date): Promise<LeasedMessage | null> {
  const result = await sql.query<OutboxRow>(
    `UPDATE outbox msg SET leased_until = $2
      WHERE msg.id = $1 AND msg.delivered_at IS NULL AND (msg.leased_until IS NULL OR msg.leased_until < $3)
        AND ${ORDERED_AFTER_ITS_GRANT}
      ${RETURNING}`,
    [id, new Date(now.getTime() + LEASE_MS), now],
  );
  const row = result.rows[0];
  return row ? toLeased(row) : null;
}

/** Leases up to `limit` messages whose next attempt is due, oldest first (a revocation after its grant). */
export async function leaseDueMessages(sql: Sql, now: Date, limit: number): Promise<LeasedMessage[]> {
  const result = await sql.query<OutboxRow>(
    `UPDATE outbox SET leased_until = $2
      WHERE id IN (
        SELECT msg.id FROM outbox msg
         WHERE msg.delivered_at IS NULL AND msg.next_attempt_at <= $1
           AND (msg.leased_until IS NULL OR msg.leased_until < $1) AND ${ORDERED_AFTER_ITS_GRANT}
         ORDER BY msg.next_attempt_at LIMIT $3 FOR UPDATE OF msg SKIP LOCKED)
      ${RETURNING}`,
    [now, new Date(now.getTime() + LEASE_MS), limit],
  );
  return result.rows.map(toLeased);
}

/** The undelivered revocations of one order, oldest first: delivered as soon as its grant is. */
export async function waitingRevocationIds(sql: Sql, orderId: string): Promise<string[]> {
  const result = await sql.query<{ id: string }>(
    `SELECT id FROM outbox WHERE order_id = $1 AND kind = 'revocation' AND delivered_at IS NULL ORDER BY created_at`,
    [orderId],
  );
  return result.rows.map((row) => row.id);
}

/** Per order, the whole days its refunds' revocations take off the plan (orders without any are absent). */
/** What refunds took off the plan an order bought: the days, and the plan's expiry after the latest one applied. */
export interface PlanTaken {
  days: number;
  /** Null until a revocation of the order has been applied (or when the plan has no expiry). */
  expiresAt: Date | null;
}

export async function revokedDays(sql: Sql, orderIds: readonly string[]): Promise<Map<string, PlanTaken>> {
  if (orderIds.length === 0) return new Map();
  const result = await sql.query<{ order_id: string; days: number | string; expires_at: Date | string | null }>(
    `SELECT order_id, sum((grant_json->>'days')::int) AS days,
            (array_agg(applied_expires_at ORDER BY delivered_at DESC NULLS LAST)
              FILTER (WHERE applied_expires_at IS NOT NULL))[1] AS expires_at
       FROM outbox
      WHERE kind = 'revocation' AND order_id = ANY($1::text[]) GROUP BY order_id`,
    [orderIds],
  );
  return new Map(
    result.rows.map((row) => [
      row.order_id,
      { days: Number(row.days), expiresAt: row.expires_at === null ? null : new Date(row.expires_at) },
    ]),
  );
}

/** `appliedExpiresAt`: the plan's expiry the directory answered with, kept for the payer's history. */
export async function markDelivered(
  sql: Sql,
  id: string,
  now: Date,
  appliedExpiresAt: Date | null = null,
): Promise<void> {
  await sql.query(
    `UPDATE outbox SET delivered_at = $2, leased_until = NULL, attempts = attempts + 1, last_error = NULL,
            applied_expires_at = $3
      WHERE id = $1`,
    [id, now, appliedExpiresAt],
  );
}

export async function markAttemptFailed(sql: Sql, id: string, nextAttemptAt: Date, error: string): Promise<void> {
  await sql.query(
    `UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $2, leased_until = NULL, last_error = $3
      WHERE id = $1`,
    [id, nextAttemptAt, error.slice(0, 500)],
  );
}

/** Seconds the oldest undelivered grant or revocation has waited (0 when none waits): a stuck delivery shows here first. */
export async function outboxOldestAgeSeconds(sql: Sql): Promise<number> {
  const result = await sql.query<{ age: number | string | null }>(
    'SELECT extract(epoch FROM now() - min(created_at)) AS age FROM outbox WHERE delivered_at IS NULL',
  );
  return Math.max(0, Number(result.rows[0]?.age ?? 0));
}

/** Messages not yet applied to the directory (a metric, and what an operator watches). */
export async function outboxDepth(sql: Sql): Promise<number> {
  const result = await sql.query<{ depth: number | string }>(
    'SELECT count(*) AS depth FROM outbox WHERE delivered_at IS NULL',
  );
  return Number(result.rows[0]?.depth ?? 0);
}

/** Whether an order's grant was ever written (delivered or not): only then is there a plan to take back. */
export async function hasGrant(tx: Sql, orderId: string): Promise<boolean> {
  const result = await tx.query(`SELECT 1 FROM outbox WHERE order_id = $1 AND kind = 'grant'`, [orderId]);
  return result.rows.length > 0;
}

/** One outbox row as an operator reads it: what it carries, where its delivery stands. */
export interface OutboxEntry {
  id: string;
  orderId: string;
  kind: OutboxMessage['kind'];
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
}

interface OutboxEntryRow {
  id: string;
  order_id: string;
  kind: OutboxMessage['kind'];
  attempts: number;
  last_error: string | null;
  created_at: Date | string;
  next_attempt_at: Date | string;
  delivered_at: Date | string | null;
}

const ENTRY_COLUMNS = 'id, order_id, kind, attempts, last_error, created_at, next_attempt_at, delivered_at';

const toEntry = (row: OutboxEntryRow): OutboxEntry => ({
  id: row.id,
  orderId: row.order_id,
  kind: row.kind,
  attempts: Number(row.attempts),
  lastError: row.last_error,
  createdAt: new Date(row.created_at),
  nextAttemptAt: new Date(row.next_attempt_at),
  deliveredAt: row.delivered_at ? new Date(row.delivered_at) : null,
});

/** An order's grant and revocations, oldest first. */
export async function outboxOfOrder(sql: Sql, orderId: string): Promise<OutboxEntry[]> {
  const result = await sql.query<OutboxEntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM outbox WHERE order_id = $1 ORDER BY created_at, id`,
    [orderId],
  );
  return result.rows.map(toEntry);
}

/** The messages still waiting for the directory, oldest first. */
export async function undeliveredEntries(sql: Sql, limit: number): Promise<OutboxEntry[]> {
  const result = await sql.query<OutboxEntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM outbox WHERE delivered_at IS NULL ORDER BY created_at, id LIMIT $1`,
    [limit],
  );
  return result.rows.map(toEntry);
}

export async function outboxEntry(sql: Sql, id: string): Promise<OutboxEntry | null> {
  const result = await sql.query<OutboxEntryRow>(`SELECT ${ENTRY_COLUMNS} FROM outbox WHERE id = $1`, [id]);
  return result.rows[0] ? toEntry(result.rows[0]) : null;
}
