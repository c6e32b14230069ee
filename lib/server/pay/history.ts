import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { lastEventOf, ordersOf, type OrderOwner, type OrderWithLastEvent } from '@/lib/server/ledger/history';
import type { Order } from '@/lib/server/ledger/types';
import {
  PAYMENTS_PER_PAGE,
  paymentReference,
  type PaymentHistoryPage,
  type PaymentRecord,
  type PaymentStatus,
} from '@/lib/shared/payment-history';
import type { DeclineReason } from '@/lib/shared/decline';
import { findGateway, gatewayName } from '@/lib/server/payments/registry';
import { scheduledStart } from '@/lib/server/payments/stored-result';
import { closedUnpaid } from '@/lib/server/payments/ask-gateway';
import { refundTotals, type RefundTotals } from '@/lib/server/ledger/refunds';
import { revokedDays, type PlanTaken } from '@/lib/server/ledger/outbox';

/**
 * One page of payments, newest first; `page` is 1-based. The owner is the pay session's account,
 * or a team whose admin the team page has already checked: nobody else's order is ever read.
 */
export async function paymentHistory(owner: OrderOwner, page: number): Promise<PaymentHistoryPage> {
  const sql = await ledgerSql();
  const { orders, more } = await ordersOf(sql, owner, (page - 1) * PAYMENTS_PER_PAGE, PAYMENTS_PER_PAGE);
  // A team's admins see who paid each order; an account's own history needs no name for itself.
  const byTeam = 'teamId' in owner;
  const ids = orders.map((row) => row.order.id);
  const [refunds, daysTaken] = await Promise.all([refundTotals(sql, ids), revokedDays(sql, ids)]);
  const now = new Date();
  const scheduled = new Set(
    await Promise.all(orders.map(async ({ order }) => ((await scheduledStart(sql, order, now)) ? order.id : null))),
  );
  return {
    payments: orders.map((row) => ({
      ...withRefunds(
        paymentRecord(row, scheduled.has(row.order.id)),
        refunds.get(row.order.id),
        daysTaken.get(row.order.id),
      ),
      ...(byTeam ? { payerId: row.order.userId } : {}),
    })),
    page,
    hasOlder: more,
  };
}

/** One payment as its payer's history shows it, whoever asks (the operators' console shows the same). */
export async function paymentRecordOf(order: Order): Promise<PaymentRecord> {
  const sql = await ledgerSql();
  const [lastEvent, refunds, daysTaken, scheduled] = await Promise.all([
    lastEventOf(sql, order.id),
    refundTotals(sql, [order.id]),
    revokedDays(sql, [order.id]),
    scheduledStart(sql, order, new Date()),
  ]);
  return withRefunds(
    paymentRecord({ order, lastEvent }, Boolean(scheduled)),
    refunds.get(order.id),
    daysTaken.get(order.id),
  );
}

/** `scheduled`: a renewal approved to start when the paid time ends (stored-result.ts, scheduledStart). */
function paymentRecord({ order, lastEvent }: OrderWithLastEvent, scheduled: boolean): PaymentRecord {
  const { status, code, reason } = paymentStatus({ order, lastEvent }, scheduled);
  return {
    orderId: order.id,
    reference: paymentReference(order.id),
    createdAt: order.createdAt.toISOString(),
    plan: order.plan,
    period: order.period,
    months: order.months,
    ...(order.quantity !== null ? { quantity: order.quantity } : {}),
    seats: order.plan === 'team_pro' ? order.seats : null,
    renewalCycle: order.subscriptionCycle,
    amount: order.amount,
    currency: order.currency,
    gateway: order.gateway,
    gatewayName: gatewayName(order.gateway),
    method: order.method,
    status,
    ...(code ? { code } : {}),
    ...(reason ? { reason } : {}),
    ...(order.paidTwiceOf ? { paidTwice: true as const } : {}),
  };
}

/** A paid payment whose money went back, in whole or in part, says so, with how much and when. */
export function withRefunds(
  record: PaymentRecord,
  totals: RefundTotals | undefined,
  taken: PlanTaken = { days: 0, expiresAt: null },
): PaymentRecord {
  if (record.status !== 'paid' || !totals || totals.refunded <= 0 || !totals.lastRefundAt) return record;
  return {
    ...record,
    status: totals.refunded >= record.amount ? 'refunded' : 'partly_refunded',
    refund: {
      amount: totals.refunded,
      at: totals.lastRefundAt.toISOString(),
      daysTaken: taken.days,
      planExpiresAt: taken.expiresAt?.toISOString() ?? null,
    },
  };
}

/** What happened to the money, from the order's state and the last word its gateway sent about it. */
function paymentStatus(
  { order, lastEvent }: OrderWithLastEvent,
  scheduled: boolean,
): {
  status: PaymentStatus;
  code?: string;
  reason?: DeclineReason;
} {
  const gateway = findGateway(order.gateway);
  const code = lastEvent?.resultCode;
  if (code !== undefined && gateway?.refunded?.(code)) return { status: 'refunded' };
  switch (order.status) {
    case 'paid':
      return { status: 'paid' };
    case 'pending':
      return { status: scheduled ? 'scheduled' : 'processing' };
    case 'needs_review':
      return { status: 'under_review' };
    case 'failed': {
      if (code !== undefined && closedUnpaid(code)) return { status: 'abandoned' };
      if (code !== undefined && gateway?.cancelledByPayer?.(code)) return { status: 'cancelled' };
      if (code === undefined || !lastEvent || lastEvent.succeeded) return { status: 'failed' };
      // The same reason, in the same words, as the result view (stored-result.ts).
      const reason = gateway?.declineReason?.(code);
      return reason ? { status: 'failed', code, reason } : { status: 'failed', code };
    }
  }
}
