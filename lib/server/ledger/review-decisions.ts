import 'server-only';
import type { Sql } from '@/lib/server/db/sql';

/**
 * What operators decided about the orders the review queue held (lib/server/payments/review/ has
 * the rules): one row per decision, with who, when and why.
 */
export type ReviewDecision = 'grant' | 'close' | 'refund' | 'record';

export interface DecisionRecord {
  decision: ReviewDecision;
  decidedBy: string;
  note: string;
  decidedAt: Date;
}

export async function recordDecision(
  tx: Sql,
  orderId: string,
  input: { decision: ReviewDecision; note: string; by: string },
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO review_decisions (order_id, decision, decided_by, note, decided_at) VALUES ($1, $2, $3, $4, $5)`,
    [orderId, input.decision, input.by, input.note, now],
  );
}

/** An order's decisions, oldest first. */
export async function decisionsOf(sql: Sql, orderId: string): Promise<DecisionRecord[]> {
  const result = await sql.query<{ decision: ReviewDecision; decided_by: string; note: string; decided_at: Date }>(
    'SELECT decision, decided_by, note, decided_at FROM review_decisions WHERE order_id = $1 ORDER BY id',
    [orderId],
  );
  return result.rows.map((row) => ({
    decision: row.decision,
    decidedBy: row.decided_by,
    note: row.note,
    decidedAt: new Date(row.decided_at),
  }));
}
