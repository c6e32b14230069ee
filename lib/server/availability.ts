import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { log } from '@/lib/server/observability/log';

/**
 * Whether the ledger's database answers, for the pages that cannot work without it (/pay, /team):
 * they get a translated 503 instead of a broken render. Asking opens the database if it is not
 * open yet, so one that was down at start is picked up by the first request after it comes back.
 * The answer is reused for a second, so a busy page costs at most one query per second.
 */
const REUSE_MS = 1000;
let last: { at: number; up: Promise<boolean> } | undefined;

export function storeAvailable(now = Date.now()): Promise<boolean> {
  if (last && now - last.at < REUSE_MS) return last.up;
  const up = ledgerSql()
    .then((sql) => sql.query('SELECT 1'))
    .then(
      () => true,
      (error: unknown) => {
        log().error({ err: error }, 'ledger unavailable');
        return false;
      },
    );
  last = { at: now, up };
  return up;
}

/** Forgets the last answer (tests switch the database on and off). */
export function forgetAvailability(): void {
  last = undefined;
}
