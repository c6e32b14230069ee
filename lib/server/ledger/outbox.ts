import 'server-only';
import type { Sql } from '@/lib/server/db/sql';
import type { Grant } from '@/lib/server/directory/types';

/**
 * The grant outbox (docs/payments.md#why-an-outbox-for-grants): settlement writes a row in its own transaction; a deliverer
 * (lib/server/payments/grant-delivery.ts) applies it to the directory and marks it delivered.
 * A row is leased while one process delivers it, so instances sharing a database do not race;
 * a lease that outlives a crashed process simply expires.
 */
const LEASE_MS = 30_000;

interface OutboxRow {
  order_id: string;
  grant: Omit<Grant, 'paidAt'> & { paidAt: string };
  attempts: number;
}

const toGrant = (row: OutboxRow): Grant => ({ ...row.grant, paidAt: new Date(row.grant.paidAt) });

export async function enqueueGrant(tx: Sql, grant: Grant): Promise<void> {
  await tx.query(
    `INSERT INTO outbox (order_id, grant_json, created_at, next_attempt_at) VALUES ($1, $2, $3, $3)
     ON CONFLICT (order_id) DO NOTHING`,
    [grant.orderId, JSON.stringify(grant), grant.paidAt],
  );
}

export interface LeasedGrant {
  grant: Grant;
  attempts: number;
}

/** Leases one order's undelivered grant (null when delivered, absent, or leased by someone else). */
export async function leaseGrant(sql: Sql, orderId: string, now: Date): Promise<LeasedGrant | null> {
  const result = await sql.query<OutboxRow>(
    `UPDATE outbox SET leased_until = $2
      WHERE order_id = $1 AND delivered_at IS NULL AND (leased_until IS NULL OR leased_until < $3)
      RETURNING order_id, grant_json AS grant, attempts`,
    [orderId, new Date(now.getTime() + LEASE_MS), now],
  );
  const row = result.rows[0];
  return row ? { grant: toGrant(row), attempts: row.attempts } : null;
}

/** Leases up to `limit` grants whose next attempt is due, oldest first. */
export async function leaseDueGrants(sql: Sql, now: Date, limit: number): Promise<LeasedGrant[]> {
  const result = await sql.query<OutboxRow>(
    `UPDATE outbox SET leased_until = $2
      WHERE order_id IN (
        SELECT order_id FROM outbox
         WHERE delivered_at IS NULL AND next_attempt_at <= $1 AND (leased_until IS NULL OR leased_until < $1)
         ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING order_id, grant_json AS grant, attempts`,
    [now, new Date(now.getTime() + LEASE_MS), limit],
  );
  return result.rows.map((row) => ({ grant: toGrant(row), attempts: row.attempts }));
}

export async function markDelivered(sql: Sql, orderId: string, now: Date): Promise<void> {
  await sql.query(
    'UPDATE outbox SET delivered_at = $2, leased_until = NULL, attempts = attempts + 1, last_error = NULL WHERE order_id = $1',
    [orderId, now],
  );
}

export async function markAttemptFailed(sql: Sql, orderId: string, nextAttemptAt: Date, error: string): Promise<void> {
  await sql.query(
    `UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $2, leased_until = NULL, last_error = $3
      WHERE order_id = $1`,
    [orderId, nextAttemptAt, error.slice(0, 500)],
  );
}

/** Grants not yet applied to the directory (a metric, and what an operator watches). */
/** Seconds the oldest undelivered grant has waited (0 when none waits): a stuck delivery shows here first. */
export async function outboxOldestAgeSeconds(sql: Sql): Promise<number> {
  const result = await sql.query<{ age: number | string | null }>(
    'SELECT extract(epoch FROM now() - min(created_at)) AS age FROM outbox WHERE delivered_at IS NULL',
  );
  return Math.max(0, Number(result.rows[0]?.age ?? 0));
}

export async function outboxDepth(sql: Sql): Promise<number> {
  const result = await sql.query<{ depth: number | string }>(
    'SELECT count(*) AS depth FROM outbox WHERE delivered_at IS NULL',
  );
  return Number(result.rows[0]?.depth ?? 0);
}
