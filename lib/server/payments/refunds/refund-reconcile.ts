import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { claimRefundChecks, findOrder } from '@/lib/server/ledger/orders';
import { paidEventOf } from '@/lib/server/ledger/payment-events';
import { requestedRefunds, type Refund } from '@/lib/server/ledger/refunds';
import type { Order } from '@/lib/server/ledger/types';
import { log } from '@/lib/server/observability/log';
import type { PaymentGateway, RefundReport } from '../gateway';
import { findGateway } from '../registry';
import { finishRefund } from './refunds';
import { recordReportedRefund, type ReportedOutcome } from './reported';
import { recordRefundSummary } from './summary';

/**
 * Reconciliation's half for money going back (docs/payments.md#refunds-made-elsewhere):
 * - a refund of ours still without an answer (a time-out, a crash between the gateway's answer and
 *   our commit) is finished from what the gateway's records say — or, for a gateway that reports
 *   refunds itself, by asking again with the same request id, which the gateway treats as the same
 *   refund;
 * - paid orders within their gateway's refund window are asked about, at most once per
 *   REFUND_CHECK_EVERY_MS each, and a refund made elsewhere (a merchant portal) is recorded the
 *   way ours are, or held for a person when the rule cannot place it (an order whose report waits
 *   for a person is not asked again until it is dealt with).
 */
export const REFUND_ANSWER_GRACE_MS = 2 * 60_000;
export const REFUND_CHECK_EVERY_MS = 24 * 3600_000;
const PAGE = 100;

export interface RefundReconcileReport {
  /** Refunds of ours finished now (succeeded or refused). */
  finished: number;
  /** Paid orders whose refunds were asked about. */
  checked: number;
  outcomes: Partial<Record<ReportedOutcome, number>>;
  unavailable: number;
  lastError?: string;
}

export async function reconcileRefunds(now: Date, gateways: readonly PaymentGateway[]): Promise<RefundReconcileReport> {
  const report: RefundReconcileReport = { finished: 0, checked: 0, outcomes: {}, unavailable: 0 };
  const sql = await ledgerSql();
  const ids = new Set(gateways.map((gateway) => gateway.id));
  for (const refund of await requestedRefunds(sql, new Date(now.getTime() - REFUND_ANSWER_GRACE_MS), PAGE)) {
    if (ids.has(refund.gateway)) await finishWaiting(refund, now, report);
  }
  for (const gateway of gateways) {
    if (!gateway.refundsOf || !gateway.refundWindowMs || !gateway.available()) continue;
    const due = await claimRefundChecks(sql, {
      gateway: gateway.id,
      paidSince: new Date(now.getTime() - gateway.refundWindowMs),
      checkedBefore: new Date(now.getTime() - REFUND_CHECK_EVERY_MS),
      now,
      limit: PAGE,
    });
    for (const id of due) {
      const order = await findOrder(sql, id);
      if (order) await checkOrder(gateway, order, now, report);
    }
  }
  if (report.finished || report.checked) log().info({ report }, 'refund reconciliation');
  return report;
}

async function reportOf(gateway: PaymentGateway, order: Order, now: Date): Promise<RefundReport | null> {
  const payment = await paidEventOf(await ledgerSql(), order.id);
  if (!payment || !gateway.refundsOf) return null;
  try {
    return await gateway.refundsOf(order, payment, now);
  } catch (error) {
    return { state: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
  }
}

async function checkOrder(gateway: PaymentGateway, order: Order, now: Date, report: RefundReconcileReport) {
  report.checked += 1;
  const answer = await reportOf(gateway, order, now);
  if (!answer) return;
  const count = (outcome: ReportedOutcome) => (report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1);
  switch (answer.state) {
    case 'unavailable':
      report.unavailable += 1;
      report.lastError = answer.reason;
      return;
    case 'listed':
      for (const reported of answer.refunds) {
        count(
          await recordReportedRefund({
            orderId: order.id,
            gateway: gateway.id,
            reported,
            reason: 'refund made at the gateway',
            now,
          }),
        );
      }
      return;
    case 'summary':
      if (answer.refunded === 'whole' || answer.refunded === 'part') {
        count(await recordRefundSummary({ ...answer, order, refunded: answer.refunded, now }));
      }
      return;
  }
}

/** One of ours without an answer: what the gateway's records say decides it. */
async function finishWaiting(refund: Refund, now: Date, report: RefundReconcileReport) {
  const gateway = findGateway(refund.gateway);
  const order = await findOrder(await ledgerSql(), refund.orderId);
  if (!gateway || !order) return;
  if (!gateway.refundsOf) {
    // The gateway takes the same request id as the same refund: asking again returns its answer.
    const payment = await paidEventOf(await ledgerSql(), order.id);
    if (!gateway.refund || !payment) return;
    const answer = await gateway
      .refund(
        {
          refundId: refund.id,
          order,
          payment,
          amount: refund.amount,
          whole: refund.amount === payment.amount,
          reason: refund.reason,
          by: refund.requestedBy,
        },
        now,
      )
      .catch((error: unknown) => ({ state: 'unknown' as const, reason: String(error) }));
    if ((await finishRefund(refund.id, answer, now)) === 'finished') report.finished += 1;
    return;
  }
  const answer = await reportOf(gateway, order, now);
  if (!answer || answer.state === 'unavailable') {
    report.unavailable += 1;
    if (answer?.state === 'unavailable') report.lastError = answer.reason;
    return;
  }
  if (answer.state === 'listed') {
    const mine = answer.refunds.find((r) => r.requestId === refund.id);
    if (mine) {
      await recordReportedRefund({
        orderId: order.id,
        gateway: gateway.id,
        reported: mine,
        reason: refund.reason,
        now,
      });
      report.finished += 1;
      return;
    }
  } else if (answer.refunded === 'whole' || answer.refunded === 'part') {
    await recordRefundSummary({ ...answer, order, refunded: answer.refunded, now });
    report.finished += 1;
    return;
  }
  // The gateway has no such refund (or rejected it): it was never made, so an operator may ask again.
  const rejected = answer.state === 'summary' && answer.refunded === 'rejected';
  await finishRefund(
    refund.id,
    {
      state: 'refused',
      code: rejected ? 'rejected' : 'not_at_gateway',
      message: rejected ? 'the gateway rejected the refund' : 'the gateway has no record of this refund',
    },
    now,
  );
  report.finished += 1;
}
