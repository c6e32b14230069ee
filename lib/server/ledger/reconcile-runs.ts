import 'server-only';
import type { Sql } from '@/lib/server/db/sql';
import { storableJson } from '@/lib/server/db/storable';

/**
 * Reconciliation's rounds (lib/server/payments/reconcile.ts), each recorded when it ends — on the
 * timer, from `npm run reconcile` or the console — so an operator can see when it last ran and
 * what it found.
 */
export interface ReconcileRun {
  startedAt: Date;
  finishedAt: Date;
  report: Record<string, unknown>;
}

export async function recordReconcileRun(sql: Sql, run: ReconcileRun): Promise<void> {
  await sql.query('INSERT INTO reconcile_runs (started_at, finished_at, report) VALUES ($1, $2, $3)', [
    run.startedAt,
    run.finishedAt,
    storableJson(run.report),
  ]);
}

export async function lastReconcileRun(sql: Sql): Promise<ReconcileRun | null> {
  const result = await sql.query<{
    started_at: Date | string;
    finished_at: Date | string;
    report: Record<string, unknown>;
  }>('SELECT started_at, finished_at, report FROM reconcile_runs ORDER BY id DESC LIMIT 1');
  const row = result.rows[0];
  return row
    ? { startedAt: new Date(row.started_at), finishedAt: new Date(row.finished_at), report: row.report }
    : null;
}
