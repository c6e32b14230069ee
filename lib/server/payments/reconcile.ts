import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { countOrders, oldestPendingByGateway, pendingOrders } from '@/lib/server/ledger/orders';
import { recordReconcileRun } from '@/lib/server/ledger/reconcile-runs';
import type { Order, PaymentOutcome } from '@/lib/server/ledger/types';
import type { PaymentGateway } from './gateway';
import { allGateways } from './registry';
import { logReviewQueueSize } from './review/review-queue';
import { askGateway, queryGateway } from './ask-gateway';
import { refundPaidTwiceLeftBehind } from './refunds/paid-twice';
import { reconcileRefunds, type RefundReconcileReport } from './refunds/refund-reconcile';
import { log } from '@/lib/server/observability/log';

/**
 * Reconciliation (docs/payments.md#reconciliation): a callback can be lost, so orders still pending
 * after their gateway's payment window are asked about at the gateway (VNPay querydr, MoMo query,
 * PayPal's subscription read) and settled through settlePayment — the callbacks' own path, so a
 * callback arriving later, or a second reconciler, is a duplicate and changes nothing. An order
 * the gateway has no payment for is closed as failed; a verified late payment still pays it.
 */
export interface GatewayReport {
  gateway: string;
  asked: number;
  settled: Partial<Record<PaymentOutcome, number>>;
  /** Failed because the gateway has no payment for them. */
  expired: number;
  stillPending: number;
  /** Settled orders re-read because the gateway may owe news (PayPal: overdue renewals). */
  followedUp: number;
  unavailable: number;
  /** One sample reason when the gateway could not be asked. */
  lastError?: string;
}

export interface ReconcileReport {
  gateways: GatewayReport[];
  refunds: RefundReconcileReport;
  /** Payments for a need already paid whose automatic refund had not started: started now. */
  paidTwiceRefunded: number;
  needsReview: number;
  ms: number;
}

const PAGE = 100;
/** Queries in flight per gateway: enough to hide latency, few enough not to look like an attack. */
const CONCURRENCY = 8;

export async function reconcile(
  options: { now?: Date; gateways?: readonly PaymentGateway[] } = {},
): Promise<ReconcileReport> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const sql = await ledgerSql();
  const reports: GatewayReport[] = [];
  for (const gateway of options.gateways ?? allGateways) {
    if (!gateway.available()) continue;
    const report: GatewayReport = {
      gateway: gateway.id,
      asked: 0,
      settled: {},
      expired: 0,
      stillPending: 0,
      followedUp: 0,
      unavailable: 0,
    };
    const cutoff = new Date(now.getTime() - gateway.paymentWindowMs);
    let after = '';
    for (;;) {
      const page = await pendingOrders(sql, gateway.id, cutoff, PAGE, after);
      if (page.length === 0) break;
      after = page[page.length - 1]!.id;
      await inBatches(page, CONCURRENCY, (order) => reconcileOrder(gateway, order, now, report));
      if (page.length < PAGE) break;
    }
    // Each call claims what it answers, so this ends when nothing overdue is left unclaimed.
    for (let due = gateway.overdue ? await gateway.overdue(now, PAGE) : []; due.length > 0;) {
      await inBatches(due, CONCURRENCY, (order) => followUp(gateway, order, now, report));
      due = due.length < PAGE ? [] : await gateway.overdue!(now, PAGE);
    }
    reports.push(report);
  }
  const refunds = await reconcileRefunds(now, options.gateways ?? allGateways);
  const paidTwiceRefunded = await refundPaidTwiceLeftBehind();
  const needsReview = await countOrders(sql, 'needs_review');
  const report = {
    gateways: reports,
    refunds,
    paidTwiceRefunded,
    needsReview,
    ms: Math.round(performance.now() - started),
  };
  // When it last ran, and what it found: the operators' console shows it.
  await recordReconcileRun(sql, {
    startedAt: now,
    finishedAt: new Date(now.getTime() + report.ms),
    report: report as unknown as Record<string, unknown>,
  });
  return report;
}

/**
 * How far reconciliation is behind, per available gateway: the seconds by which the oldest order still
 * pending has outlived its gateway's payment window (0 when none has). A round resolves what the gateway
 * can answer, so this stays near the reconciler's interval while it runs, and grows when it stops or the
 * gateway cannot be asked.
 */
export async function reconciliationLagSeconds(
  now = new Date(),
  gateways: readonly PaymentGateway[] = allGateways,
): Promise<Record<string, number>> {
  const oldest = await oldestPendingByGateway(await ledgerSql());
  const lag: Record<string, number> = {};
  for (const gateway of gateways) {
    if (!gateway.available()) continue;
    const since = oldest.get(gateway.id);
    const overdueMs = since ? now.getTime() - since.getTime() - gateway.paymentWindowMs : 0;
    lag[gateway.id] = Math.max(0, Math.round(overdueMs / 1000));
  }
  return lag;
}

async function reconcileOrder(gateway: PaymentGateway, order: Order, now: Date, report: GatewayReport) {
  report.asked += 1;
  const asked = await askGateway(gateway, order, now, { payerIsBack: false });
  switch (asked.kind) {
    case 'settled':
      report.settled[asked.outcome] = (report.settled[asked.outcome] ?? 0) + 1;
      log().info({ gateway: gateway.id, order: order.id, code: asked.code, outcome: asked.outcome }, 'reconciled');
      return;
    case 'closed':
      if (asked.outcome === 'failed') report.expired += 1;
      return;
    case 'pending':
      report.stillPending += 1;
      return;
    case 'unavailable':
      report.unavailable += 1;
      report.lastError = asked.reason;
      return;
  }
}

/**
 * A settled order re-read at the gateway: the query itself settles every payment it reports (PayPal
 * renewals through settlePayment, once each), and its answer about the order is already settled.
 */
async function followUp(gateway: PaymentGateway, order: Order, now: Date, report: GatewayReport) {
  report.followedUp += 1;
  const answer = await queryGateway(gateway, order, now);
  if (answer.state === 'unavailable') {
    report.unavailable += 1;
    report.lastError = answer.reason;
  }
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

export function describeReport(report: ReconcileReport): string[] {
  const lines = report.gateways.map((g) => {
    const settled = Object.entries(g.settled)
      .map(([outcome, n]) => `${outcome} ${n}`)
      .join(', ');
    return `${g.gateway}: asked ${g.asked}; settled: ${settled || 'none'}; closed (no payment) ${g.expired}; still pending ${g.stillPending}; settled orders re-read ${g.followedUp}; could not ask ${g.unavailable}${g.lastError ? ` (${g.lastError})` : ''}`;
  });
  const r = report.refunds;
  const found = Object.entries(r.outcomes)
    .map(([outcome, n]) => `${outcome} ${n}`)
    .join(', ');
  lines.push(
    `refunds: ours finished ${r.finished}; paid orders asked ${r.checked}${found ? ` (${found})` : ''}; could not ask ${r.unavailable}${r.lastError ? ` (${r.lastError})` : ''}`,
  );
  if (report.paidTwiceRefunded > 0) lines.push(`paid twice: refunds started ${report.paidTwiceRefunded}`);
  lines.push(`review queue: ${report.needsReview} order(s) need review (npm run orders -- list --status needs_review)`);
  lines.push(`took ${report.ms} ms`);
  return lines;
}

const timerSlot = Symbol.for('quorum.reconciler');
type TimerSlot = { [timerSlot]?: NodeJS.Timeout };

/** The same job on a timer inside the server (RECONCILE_INTERVAL_SECONDS; 0 = off). */
export function startReconciler(intervalMs: number): void {
  const holder = globalThis as TimerSlot;
  if (holder[timerSlot] || intervalMs <= 0) return;
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    reconcile()
      .then((report) => {
        const busy = report.gateways.some((g) => g.asked > 0);
        if (busy) log().info({ report: describeReport(report) }, 'reconciliation round');
        return logReviewQueueSize('reconcile', report.needsReview);
      })
      .catch((error: unknown) => log().error({ err: error }, 'reconciliation round failed'))
      .finally(() => (running = false));
  };
  holder[timerSlot] = setInterval(tick, intervalMs);
  holder[timerSlot].unref();
}
