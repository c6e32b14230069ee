import 'server-only';
import type { Sql } from '@/lib/server/db/sql';
import { storableJson } from '@/lib/server/db/storable';

/**
 * One row per console action, keyed by the operator and the idempotency key the page sent: the
 * first request claims the key and runs the action; a repeat (a double click, a retry after a
 * time-out) finds the row and answers what the first one answered — or that it is still running.
 */
export type ClaimedAction =
  { claimed: true } | { claimed: false; action: string; fingerprint: string; result: unknown; finished: boolean };

export async function claimAction(
  sql: Sql,
  input: { operatorId: string; key: string; action: string; fingerprint: string; now: Date },
): Promise<ClaimedAction> {
  const inserted = await sql.query(
    `INSERT INTO operator_actions (operator_id, key, action, fingerprint, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (operator_id, key) DO NOTHING`,
    [input.operatorId, input.key, input.action, input.fingerprint, input.now],
  );
  if (inserted.rowCount === 1) return { claimed: true };
  const found = await sql.query<{ action: string; fingerprint: string; result: unknown; finished_at: Date | null }>(
    'SELECT action, fingerprint, result, finished_at FROM operator_actions WHERE operator_id = $1 AND key = $2',
    [input.operatorId, input.key],
  );
  const row = found.rows[0];
  if (!row) throw new Error('an operator action vanished between insert and select');
  return {
    claimed: false,
    action: row.action,
    fingerprint: row.fingerprint,
    result: row.result,
    finished: row.finished_at !== null,
  };
}

export async function finishAction(
  sql: Sql,
  input: { operatorId: string; key: string; result: unknown; now: Date },
): Promise<void> {
  await sql.query('UPDATE operator_actions SET result = $3, finished_at = $4 WHERE operator_id = $1 AND key = $2', [
    input.operatorId,
    input.key,
    storableJson(input.result),
    input.now,
  ]);
}

/** An action that threw gives its key back, so the operator may try again with it. */
export async function releaseAction(sql: Sql, operatorId: string, key: string): Promise<void> {
  await sql.query('DELETE FROM operator_actions WHERE operator_id = $1 AND key = $2 AND finished_at IS NULL', [
    operatorId,
    key,
  ]);
}
