import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { decisionsOf } from '@/lib/server/ledger/review-decisions';
import { eventsOfOrder } from '@/lib/server/ledger/payment-events';
import { findOrder, listOrders, countOrders } from '@/lib/server/ledger/orders';
import { searchOrders } from '@/lib/server/ledger/order-search';
import { outboxDepth, outboxOfOrder, undeliveredEntries } from '@/lib/server/ledger/outbox';
import { lastReconcileRun } from '@/lib/server/ledger/reconcile-runs';
import { countRequestedRefunds, refundsOfOrder, requestedRefunds, type Refund } from '@/lib/server/ledger/refunds';
import type { Order } from '@/lib/server/ledger/types';
import { paymentRecordOf } from '@/lib/server/pay/history';
import { receiptFor } from '@/lib/server/pay/receipt';
import { allGateways } from '@/lib/server/payments/registry';
import { reconciliationLagSeconds } from '@/lib/server/payments/reconcile';
import type {
  ConsoleOrder,
  ConsoleRefund,
  OrderQuery,
  OrderStory,
  ReviewItem,
  ReviewReason,
  SystemState,
} from '@/lib/shared/ops-console';
import { auditOfOrder } from './store/audit';

/**
 * What the console reads: the same ledger functions the `npm run orders` commands read, and what
 * the payer's own page shows of an order. An order is shown as the ledger holds it — the payer's
 * platform and id, never a name looked up elsewhere — without how its checkout began (a gateway's
 * signed URL) or its client's address, and a callback's signature fields are masked.
 */
export const ORDERS_PER_PAGE = 25;

/** An order as the console lists and shows it: these fields, and no other (no checkout start, no client address). */
const shown = (order: Order): ConsoleOrder => ({
  id: order.id,
  status: order.status,
  platform: order.platform,
  userId: order.userId,
  teamId: order.teamId,
  plan: order.plan,
  period: order.period,
  seats: order.seats,
  quantity: order.quantity,
  gateway: order.gateway,
  method: order.method,
  currency: order.currency,
  amount: order.amount,
  gatewayRef: order.gatewayRef,
  subscriptionId: order.subscriptionId,
  granted: order.granted,
  refundHeldAt: order.refundHeldAt,
  createdAt: order.createdAt,
  updatedAt: order.updatedAt,
});

const shownRefund = (refund: Refund): ConsoleRefund => ({
  id: refund.id,
  orderId: refund.orderId,
  amount: refund.amount,
  currency: refund.currency,
  status: refund.status,
  origin: refund.origin,
  gatewayRef: refund.gatewayRef,
  reason: refund.reason,
  requestedBy: refund.requestedBy,
  answerMessage: refund.answerMessage,
  createdAt: refund.createdAt,
  settledAt: refund.settledAt,
});

const dayStart = (day: string | undefined, plus = 0) =>
  day ? new Date(Date.parse(`${day}T00:00:00Z`) + plus * 86_400_000) : undefined;

export async function findOrders(query: OrderQuery): Promise<{ orders: ConsoleOrder[]; page: number; more: boolean }> {
  const { orders, more } = await searchOrders(
    await ledgerSql(),
    { ...query, from: dayStart(query.from), to: dayStart(query.to, 1) },
    { offset: (query.page - 1) * ORDERS_PER_PAGE, limit: ORDERS_PER_PAGE },
  );
  return { orders: orders.map(shown), page: query.page, more };
}

/** A callback's fields with every signature, hash, secret or token masked. */
function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      /secure|hash|signature|secret|token|password|key$/i.test(key) ? '••••' : masked(field),
    ]),
  );
}

export async function orderStory(orderId: string): Promise<OrderStory | null> {
  const sql = await ledgerSql();
  const order = await findOrder(sql, orderId);
  if (!order) return null;
  const [events, refunds, decisions, outbox, audit, record, receipt] = await Promise.all([
    eventsOfOrder(sql, order.id),
    refundsOfOrder(sql, order.id),
    decisionsOf(sql, order.id),
    outboxOfOrder(sql, order.id),
    auditOfOrder(sql, order.id),
    paymentRecordOf(order),
    receiptFor({ platform: order.platform, userId: order.userId }, order.id).catch(() => null),
  ]);
  return {
    order: shown(order),
    events: events.map((event) => ({ ...event, payload: masked(event.payload) })),
    refunds: refunds.map(shownRefund),
    decisions,
    outbox,
    audit: audit.map(({ at, actor, action, reason, detail }) => ({ at, actor, action, reason, detail })),
    payer: { record, receipt: receipt !== null },
  };
}

/** The review queue, most recently changed first, each with why it waits. */
export async function reviewQueue(limit = 200): Promise<ReviewItem[]> {
  const sql = await ledgerSql();
  const orders = await listOrders(sql, 'needs_review', limit);
  return Promise.all(
    orders.map(async (order): Promise<ReviewItem> => {
      if (order.refundHeldAt && order.status !== 'needs_review')
        return { order: shown(order), reason: 'refund_report', code: null };
      const held = (await eventsOfOrder(sql, order.id)).findLast(
        (event) => event.outcome === 'amount_mismatch' || event.outcome === 'held_for_review',
      );
      const reason = held ? (held.outcome as ReviewReason) : order.refundHeldAt ? 'refund_report' : 'other';
      return { order: shown(order), reason, code: held?.resultCode ?? null };
    }),
  );
}

/** Refunds of ours still waiting on a gateway's answer, oldest first. */
export async function waitingRefunds(limit = 200): Promise<ConsoleRefund[]> {
  return (await requestedRefunds(await ledgerSql(), new Date(), limit)).map(shownRefund);
}

/** What the console says of a recorded round: when, how long, and how many orders each gateway was asked about. */
function roundOf(run: Awaited<ReturnType<typeof lastReconcileRun>>): SystemState['lastRun'] {
  if (!run) return null;
  const gateways = Array.isArray(run.report.gateways)
    ? (run.report.gateways as Array<{ gateway: string; asked: number }>)
    : [];
  return {
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    asked: Object.fromEntries(gateways.map((g) => [g.gateway, Number(g.asked)])),
    ms: Number(run.report.ms ?? 0),
  };
}

export async function systemState(): Promise<SystemState> {
  const sql = await ledgerSql();
  const [needsReview, refundsWaiting, lastRun, lag, depth, undelivered] = await Promise.all([
    countOrders(sql, 'needs_review'),
    countRequestedRefunds(sql),
    lastReconcileRun(sql),
    reconciliationLagSeconds(),
    outboxDepth(sql),
    undeliveredEntries(sql, 50),
  ]);
  return {
    needsReview,
    refundsWaiting,
    lastRun: roundOf(lastRun),
    lag: Object.entries(lag).map(([gateway, seconds]) => ({ gateway, seconds })),
    outboxDepth: depth,
    undelivered,
  };
}

/** The gateways an operator can filter by: every one the registry lists. */
export const gatewayIds = (): string[] => allGateways.map((gateway) => gateway.id);
