import 'server-only';
import { env, EnvError } from '@/lib/server/env';
import { openDatabase } from '@/lib/server/db';
import { startGrantDeliverer } from '@/lib/server/payments/grant-delivery';
import { paylinkSecret } from '@/lib/server/session/secret';
import { allGateways } from '@/lib/server/payments/registry';
import { startReconciler } from '@/lib/server/payments/reconcile';
import { logReviewQueueSize } from '@/lib/server/payments/review-queue';
import { markServerOwnsPglite } from '@/lib/server/db/owner';
import { linkUrl } from '@/lib/server/links';

const GRANT_DELIVERY_INTERVAL_MS = 5_000;

/**
 * Runs once when the server starts: configuration is validated (a bad variable stops the start
 * with its name), the database is opened, migrated and — outside production — seeded, and working
 * demo links are printed so `npm start` leads straight to a payable page.
 */
export async function onServerStart(): Promise<void> {
  let config: ReturnType<typeof env>;
  try {
    config = env();
  } catch (error) {
    // A misconfigured server must not half-run: say which variable is wrong, then stop.
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  paylinkSecret();
  const { seeded } = await openDatabase();
  // The operator commands refuse to open this PGlite directory a second time while we own it.
  markServerOwnsPglite();
  const ledger = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}/pglite`;
  console.log(`[quorum] ledger: ${ledger}${seeded ? ', demo data seeded' : ''}`);
  console.log(
    `[quorum] account directory: ${config.CHAT_BACKEND_URL ? `chat backend at ${config.CHAT_BACKEND_URL}` : 'embedded'}`,
  );
  // Grants left undelivered (directory down, or a restart mid-delivery) go out without anyone asking.
  startGrantDeliverer(GRANT_DELIVERY_INTERVAL_MS);
  console.log(
    `[quorum] gateways: ${allGateways.map((gateway) => `${gateway.id} ${gateway.mode() ?? 'not offered'}`).join(', ')}`,
  );
  // Lost callbacks are recovered by asking the gateways (PRODUCT §8); off by default outside production.
  startReconciler(config.RECONCILE_INTERVAL_SECONDS * 1000);
  console.log(
    `[quorum] reconciliation: ${config.RECONCILE_INTERVAL_SECONDS ? `every ${config.RECONCILE_INTERVAL_SECONDS} s` : 'off (npm run reconcile)'}`,
  );
  const review = await logReviewQueueSize('start');
  if (review) console.warn(`[review] ${review} order(s) need review: npm run orders -- list --status needs_review`);
  if (config.isProduction) return;
  const pay = await linkUrl({ plt: 'telegram', sub: '1001', team: '-1002001', aud: 'pay' }, 'en');
  const team = await linkUrl({ plt: 'telegram', sub: '1001', team: '-1002001', aud: 'team' }, 'en');
  console.log(`[quorum] demo pay link (alice, team Acme Growth, valid 24 h):\n  ${pay}`);
  console.log(`[quorum] demo team link (alice, admin of Acme Growth):\n  ${team}`);
  console.log('[quorum] more links: npm run paylink -- --platform telegram --user 1002 --team -1002001 --locale vi');
}
