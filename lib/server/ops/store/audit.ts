import 'server-only';
import type { Sql } from '@/lib/server/db/sql';
import { storableJson, storableText } from '@/lib/server/db/storable';

/**
 * The audit log: who did what, when and why. Only ever appended to — the database refuses an
 * UPDATE, DELETE or TRUNCATE of it (migration 0020) — so no code path, and no operator, can change
 * what was recorded.
 */
export interface AuditEntry {
  at: Date;
  /** The operator's name, or `cli:<name>` for a command run on the server's machine. */
  actor: string;
  operatorId: string | null;
  action: string;
  orderId: string | null;
  reason: string | null;
  detail: Record<string, unknown>;
}

export async function appendAudit(sql: Sql, entry: AuditEntry): Promise<void> {
  await sql.query(
    `INSERT INTO operator_audit (at, actor, operator_id, action, order_id, reason, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      entry.at,
      storableText(entry.actor),
      entry.operatorId,
      entry.action,
      entry.orderId,
      entry.reason === null ? null : storableText(entry.reason),
      storableJson(entry.detail),
    ],
  );
}

interface AuditRow {
  at: Date | string;
  actor: string;
  operator_id: string | null;
  action: string;
  order_id: string | null;
  reason: string | null;
  detail: Record<string, unknown>;
}

const toEntry = (row: AuditRow): AuditEntry => ({
  at: new Date(row.at),
  actor: row.actor,
  operatorId: row.operator_id,
  action: row.action,
  orderId: row.order_id,
  reason: row.reason,
  detail: row.detail,
});

/** An order's entries, oldest first (its story in the console). */
export async function auditOfOrder(sql: Sql, orderId: string): Promise<AuditEntry[]> {
  const result = await sql.query<AuditRow>(
    'SELECT at, actor, operator_id, action, order_id, reason, detail FROM operator_audit WHERE order_id = $1 ORDER BY id',
    [orderId],
  );
  return result.rows.map(toEntry);
}
