import { env } from '@/lib/server/env';
import { ledgerSql, openDatabase } from '@/lib/server/db';
import { pgliteOwnerPid } from '@/lib/server/db/owner';
import { seedDemoData, seedWanted } from '@/lib/server/directory/embedded/seed';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';

/** Opens the ledger for an operator command; with PGlite, only while no server owns it. */
export async function openLedgerForCli(): Promise<void> {
  const pid = pgliteOwnerPid();
  if (pid) {
    console.error(
      `The server (pid ${pid}) owns the embedded database in ${env().DATA_DIR}. Stop it first, or run both on ` +
        'PostgreSQL (DATABASE_URL); the server also reconciles on its own (RECONCILE_INTERVAL_SECONDS).',
    );
    process.exit(3);
  }
  const { sql } = await openDatabase();
  // The operator commands on a fresh embedded database find the same demo accounts as the server.
  if (seedWanted(env())) await seedDemoData(sql);
}

/**
 * Exits after the grants it settled have been offered to the backend (those that fail stay in the
 * outbox) and the database has closed, so PGlite flushes its files.
 */
export async function closeLedgerAndExit(code: number): Promise<never> {
  await backgroundDeliveriesFinished();
  await (await ledgerSql()).close().catch(() => undefined);
  process.exit(code);
}
