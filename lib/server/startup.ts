import 'server-only';
import { resolve } from 'node:path';
import { env, EnvError } from '@/lib/server/env';
import { startOutboxDeliverer } from '@/lib/server/payments/outbox-delivery';
import { paylinkSecret } from '@/lib/server/session/secret';
import { allGateways } from '@/lib/server/payments/registry';
import { reconciliationLagSeconds, startReconciler } from '@/lib/server/payments/reconcile';
import { logReviewQueueSize, reviewQueueSize } from '@/lib/server/payments/review/review-queue';
import { markServerOwnsPglite } from '@/lib/server/db/owner';
import { linkUrl } from '@/lib/server/links/link-url';
import { HARNESS_PATH, HARNESS_TEAM, harnessOffered } from '@/lib/server/telegram/harness';
import { installServerHooks } from '@/lib/server/http/server-hooks';
import { listenHostOf, startWarnings } from '@/lib/server/start-warnings';
import { log } from '@/lib/server/observability/log';
import {
  reportOutboxAge,
  reportOutboxDepth,
  reportReconciliationLag,
  reportReviewQueue,
} from '@/lib/server/observability/metrics';
import { outboxDepth, outboxOldestAgeSeconds } from '@/lib/server/ledger/outbox';
import { ledgerSql, openDatabase, whenDatabaseOpens } from '@/lib/server/db';
import { MigrationMismatchError } from '@/lib/server/db/migrations';
import { seedDemoData, seedWanted } from '@/lib/server/directory/embedded/seed';
import { unfinishedBuildProblem } from '@/lib/config/build-marker.mjs';
import { inviteOperator } from '@/lib/server/ops/operators';

const GRANT_DELIVERY_INTERVAL_MS = 5_000;

/**
 * `next start` of a build that missed `npm run build`'s post-build steps (a bare `next build`)
 * would serve pages whose inline scripts its CSP refuses: stop, and say what to run. Only in a
 * production server (`next dev` has no such build) and not while `next build` itself prerenders.
 */
function refuseUnfinishedBuild(distDir: string): void {
  if (process.env.NODE_ENV !== 'production' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const problem = unfinishedBuildProblem(resolve(/* turbopackIgnore: true */ process.cwd(), distDir));
  if (!problem) return;
  console.error(`[quorum] refusing to start: ${problem}`);
  log().fatal(`refusing to start: ${problem}`);
  process.exit(1);
}

/**
 * Runs once when the server starts: configuration is validated (a bad variable stops the start
 * with its name), the database is opened, migrated and — outside production — seeded, and, for
 * `npm start`, working demo links are printed so it leads straight to a payable page.
 * A database that cannot be opened (data directory, server down) does not stop the start: the
 * server then answers 503 (health, pages, API) or VNPay `99`, and every request tries the
 * database again, so it recovers by itself once it is back. Only a bad configuration stops it.
 */
export async function onServerStart(): Promise<void> {
  let config: ReturnType<typeof env>;
  try {
    config = env();
  } catch (error) {
    // A misconfigured server must not half-run: say which variable is wrong, then stop.
    if (error instanceof EnvError) {
      log().fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  refuseUnfinishedBuild(config.NEXT_DIST_DIR);
  installServerHooks(
    config.TRUSTED_PROXY_HOPS,
    allGateways.map((gateway) => gateway.id),
  );
  // On the terminal too, not only in the JSON log: whoever starts the server should see them.
  for (const warning of startWarnings(config, listenHostOf(process.argv, process.env))) {
    console.error(`[quorum] WARNING: ${warning}`);
    log().warn(warning);
  }
  // Grants left undelivered (directory down, or a restart mid-delivery) go out without anyone asking.
  startOutboxDeliverer(GRANT_DELIVERY_INTERVAL_MS);
  // Lost callbacks are recovered by asking the gateways (reconciliation); off by default outside production.
  // Both timers retry every round, so a database that is down now is picked up when it comes back.
  startReconciler(config.RECONCILE_INTERVAL_SECONDS * 1000);
  reportOutboxDepth(async () => outboxDepth(await ledgerSql()));
  reportOutboxAge(async () => outboxOldestAgeSeconds(await ledgerSql()));
  reportReviewQueue(reviewQueueSize);
  reportReconciliationLag(() => reconciliationLagSeconds());
  const ledger = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}/pglite`;
  const directory = config.CHAT_BACKEND_URL ? `chat backend at ${config.CHAT_BACKEND_URL}` : 'embedded';
  // Seeded whenever the database opens: a store that was unusable at start is seeded when it comes back.
  const seeded = seedWanted(config);
  if (seeded) whenDatabaseOpens(seedDemoData);
  try {
    paylinkSecret();
    await openDatabase();
    // The operator commands refuse to open this PGlite directory a second time while we own it.
    markServerOwnsPglite();
    const gateways = Object.fromEntries(allGateways.map((gateway) => [gateway.id, gateway.mode() ?? 'not offered']));
    const reconciliation = config.RECONCILE_INTERVAL_SECONDS
      ? `every ${config.RECONCILE_INTERVAL_SECONDS} s`
      : 'off (npm run reconcile)';
    log().info({ ledger, directory, seeded, gateways, reconciliation }, 'ready');
  } catch (error) {
    // A shipped migration edited or moved: no retry can fix that, and serving on a schema the code
    // does not describe could corrupt the ledger. Stop, and say which.
    const mismatch = error instanceof Error && error.cause instanceof MigrationMismatchError ? error.cause : null;
    if (mismatch) {
      console.error(`[quorum] refusing to start: ${mismatch.message}`);
      log().fatal({ err: mismatch }, 'refusing to start: the migrations differ from those the database applied');
      process.exit(1);
    }
    log().error({ err: error, ledger }, 'ledger unavailable at start: answering 503 until it is back');
    return;
  }
  const review = await logReviewQueueSize('start');
  if (review) log().warn({ reviewQueue: review }, 'orders need review: npm run orders -- list --status needs_review');
  // Only for the person who typed `npm start` (it sets DEMO_LINKS=1), never in production: links
  // that carry a token go to their terminal, not into the structured log nor a server's log pipeline.
  if (config.isProduction || config.DEMO_LINKS !== '1') return;
  const pay = await linkUrl({ plt: 'telegram', sub: '1001', team: '-1002001', aud: 'pay' }, 'en');
  const team = await linkUrl({ plt: 'telegram', sub: '1001', team: '-1002001', aud: 'team' }, 'en');
  console.log(`[quorum] demo pay link (alice, team Acme Growth, valid 24 h):\n  ${pay}`);
  console.log(`[quorum] demo team link (alice, admin of Acme Growth):\n  ${team}`);
  console.log('[quorum] more links: npm run paylink -- --platform telegram --user 1002 --team -1002001 --locale vi');
  // The demo operator of the console at /ops: a fresh single-use invitation each start (docs/operations.md).
  const operator = await inviteOperator({ name: 'demo', role: 'admin', by: 'npm start' });
  if (operator.ok) {
    console.log(
      `[quorum] demo operators' console (operator "demo", admin; enrol a passkey, once):\n  ${operator.link}`,
    );
  }
  if (harnessOffered()) {
    const miniApp = `${config.SITE_URL}${HARNESS_PATH}?user=1001&page=pay&team=${HARNESS_TEAM}&language=vi`;
    console.log(`[quorum] demo Mini App (alice inside a stand-in for Telegram Web; no bot configured):\n  ${miniApp}`);
  }
}
