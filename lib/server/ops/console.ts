import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { decisionsOf, type DecisionRecord } from '@/lib/server/ledger/review-decisions';
import { eventsOfOrder, type OrderEvent } from '@/lib/server/ledger/payment-events';
import { findOrder, listOrders, countOrders } from '@/lib/server/ledger/orders';
import { searchOrders } from '@/lib/server/ledger/order-search';
import { outboxDepth, outboxOfOrder, undeliveredEntries, type OutboxEntry } from '@/lib/server/ledger/outbox';
import { lastReconcileRun, type ReconcileRun } from '@/lib/server/ledger/reconcile-runs';
import { countRequestedRefunds, refundsOfOrder, requestedRefunds, type Refund } from '@/lib/server/ledger/refunds';
import type { Order } from '@/lib/server/ledger/types';
import { paymentRecordOf } from '@/lib/server/pay/history';
import { receiptFor } from '@/lib/server/pay/receipt';
import { allGateways } from '@/lib/server/payments/registry';
import { reconciliationLagSeconds } from '@/lib/server/payments/reconcile';
import type { PaymentRecord } from '@/lib/shared/payment-history';
import type { OrderQuery } from './requests';
import { auditOfOrder, type AuditEntry } from './store/audit';

/**
 * What the console reads: the same ledger functions the `npm run orders` commands read, and what
 * the payer's own page shows of an order. An order is shown as the ledger holds it — the payer's
 * platform and id, never a name looked up elsewhere — without how its checkout began (a gateway's
 * signed URL) or its client's address, and a callback's signature fields are masked.
 */
export const ORDERS_PER_PAGE = 25;

/** An order as the console lists and shows it: no checkout start, no client address. */
export type ConsoleOrder = Omit<Order, 'checkoutStart' | 'clientIp' | 'idempotencyKey'>;

const shown = ({ checkoutStart: _start, clientIp: _ip, idempotencyKey: _key, ...order }: Order): ConsoleOrder => order;

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

export interface OrderStory {
  order: ConsoleOrder;
  events: OrderEvent[];
  refunds: Refund[];
  decisions: DecisionRecord[];
  outbox: OutboxEntry[];
  audit: AuditEntry[];
  /** What the payer's own history shows of this payment, and whether their receipt is there. */
  payer: { record: PaymentRecord; receipt: boolean };
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
    refunds,
    decisions,
    outbox,
    audit,
    payer: { record, receipt: receipt !== null },
  };
}

export type ReviewReason = 'refund_report' | 'amount_mismatch' | 'held_for_review' | 'other';

export interface ReviewItem {
  order: ConsoleOrder;
  reason: ReviewReason;
  /** The gateway's code on the event that put it there, when one did. */
  code: string | null;
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
export async function waitingRefunds(limit = 200): Promise<Refund[]> {
  return requestedRefunds(await ledgerSql(), new Date(), limit);
}

export interface SystemState {
  needsReview: number;
  refundsWaiting: number;
  lastRun: ReconcileRun | null;
  /** Per gateway offered here: how far reconciliation is behind, in seconds. */
  lag: Array<{ gateway: string; seconds: number }>;
  outboxDepth: number;
  undelivered: OutboxEntry[];
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
    lastRun,
    lag: Object.entries(lag).map(([gateway, seconds]) => ({ gateway, seconds })),
    outboxDepth: depth,
    undelivered,
  };
}

/** The gateways an operator can filter by: every one the registry lists. */
export const gatewayIds = (): string[] => allGateways.map((gateway) => gateway.id);
