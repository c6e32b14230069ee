/**
 * `npm run reconcile` — asks each gateway about orders still pending after their payment window
 * and settles them through the callbacks' own path (lib/server/payments/reconcile.ts).
 * Exit status: 0 done, 1 failed, 4 done but some gateway could not be asked.
 */
import { userInfo } from 'node:os';
import { describeReport } from '@/lib/server/payments/reconcile';
import { reconcileAsOperator } from '@/lib/server/ops/actions';
import { closeLedgerAndExit, openLedgerForCli } from './ledger-access';

async function main() {
  if (process.argv.length > 2) {
    console.error('usage: npm run reconcile');
    process.exit(2);
  }
  await openLedgerForCli();
  // Recorded in the operators' audit log, as the console's "run now" is.
  const report = await reconcileAsOperator({ name: `cli:${userInfo().username}`, operatorId: null });
  for (const line of describeReport(report)) console.log(line);
  await closeLedgerAndExit(report.gateways.some((g) => g.unavailable > 0) ? 4 : 0);
}

main().catch(async (error: unknown) => {
  console.error('reconciliation failed:', error);
  await closeLedgerAndExit(1);
});
