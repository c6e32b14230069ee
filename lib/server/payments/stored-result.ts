import 'server-only';
import type { Sql } from '@/lib/server/db/sql';
import type { Order } from '@/lib/server/ledger/types';
import { orderResult, type PayResult } from '@/lib/shared/pay-result';
import { findSubscription } from '@/lib/server/ledger/subscriptions';
import { lastFailureCode } from '@/lib/server/ledger/payment-events';
import { findGateway } from './registry';
import { closedUnpaid } from './ask-gateway';

/**
 * A pending order whose renewal the payer approved to start later (a plan paid ahead): when its
 * first charge is due, or null when it is not such an order.
 */
export async function scheduledStart(sql: Sql, order: Order, now: Date): Promise<Date | null> {
  if (order.status !== 'pending' || order.subscriptionId === null) return null;
  const startsAt = findGateway(order.gateway)?.firstChargeAt?.(order) ?? null;
  if (!startsAt || startsAt.getTime() <= now.getTime()) return null;
  const subscription = await findSubscription(sql, order.subscriptionId);
  // Approved at the gateway (not merely created there): the renewal will charge by itself.
  const approved = subscription?.state === 'approved' || subscription?.state === 'active';
  return approved ? startsAt : null;
}

/**
 * What the payer is shown for an order as stored, on the return from the gateway and on every
 * reload after it: `orderResult`, with a failed order the payer cancelled at the gateway, or one
 * the gateway declined for a reason it names, told apart from an error. The distinction is
 * durable: it is the result code of the payment event that failed the order (the ledger keeps
 * every verified callback), read with the order and read by the order's own gateway.
 */
export async function storedOrderResult(sql: Sql, order: Order, now = new Date()): Promise<PayResult> {
  const gateway = findGateway(order.gateway);
  const startsAt = await scheduledStart(sql, order, now);
  if (startsAt) {
    return { status: 'scheduled', startsAt: startsAt.toISOString(), amount: order.amount, currency: order.currency };
  }
  if (order.status !== 'failed') return orderResult(order);
  const code = await lastFailureCode(sql, order.id);
  if (code === null) return orderResult(order);
  // Closed because the payer left it unpaid: in words, not as an error code.
  if (closedUnpaid(code)) return { status: 'abandoned' };
  return orderResult({
    ...order,
    cancelled: gateway?.cancelledByPayer?.(code) ?? false,
    declineReason: gateway?.declineReason?.(code) ?? null,
  });
}
