import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { lockOrder } from '@/lib/server/ledger/orders';
import { markPaidTwice, paidOrderOfSameNeed, paidTwiceNotRefunded } from '@/lib/server/ledger/paid-twice';
import { lockPlanOwner, planOwner } from '@/lib/server/ledger/standing';
import type { Order } from '@/lib/server/ledger/types';
import { log } from '@/lib/server/observability/log';
import { allGateways } from '../registry';
import { refundOrder } from './refund-order';

/*
 * Paid twice for one need (docs/payments.md#paid-twice-for-one-need): "pay again anyway" after a
 * lost callback, or a payment that went through on an attempt closed as left unpaid, can make two
 * payments for the same selection of one owner. Once both took money, the one that settled later is
 * refunded through its gateway, by itself and once (refundOrder's checks, under the order's lock), and
 * the payer reads so on the result view and in the history. Its grant is taken back by the refund's
 * revocation, as for any refund.
 */

/** Two payments started within this long of each other repeat one need: the longest payment window. */
const sameNeedWindowMs = () => Math.max(...allGateways.map((gateway) => gateway.paymentWindowMs));

export const PAID_TWICE_REASON = 'paid twice for one need: refunded automatically';

/**
 * After `orderId` settled as paid: under its owner's lock (so two payments settling at once are judged
 * one after the other), the pair it makes with an earlier paid payment for the same need, if any, and
 * the one of the two that settled later marked. Returns the order to refund, or null.
 */
async function markLaterOfPair(orderId: string): Promise<string | null> {
  const sql = await ledgerSql();
  return sql.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const owner = order && planOwner(order, order.plan);
    if (!order || !owner || order.status !== 'paid' || order.paidTwiceOf !== null) return null;
    await lockPlanOwner(tx, owner);
    const otherId = await paidOrderOfSameNeed(tx, order, sameNeedWindowMs());
    const other = otherId ? await lockOrder(tx, otherId) : null;
    if (!other) return null;
    const [earlier, later] = settledFirst(order, other) ? [order, other] : [other, order];
    await markPaidTwice(tx, later.id, earlier.id);
    log().warn({ order: later.id, repeats: earlier.id }, 'paid twice for one need: refunding the later payment');
    return later.id;
  });
}

/** Which of two paid orders settled first (moved to paid earlier; the lower id on a tie). */
const settledFirst = (a: Order, b: Order) =>
  a.updatedAt.getTime() !== b.updatedAt.getTime() ? a.updatedAt < b.updatedAt : a.id < b.id;

async function refundPaidTwice(orderId: string): Promise<void> {
  const result = await refundOrder({ orderId, reason: PAID_TWICE_REASON, by: 'site' });
  if (!result.ok) {
    log().warn({ order: orderId, reason: result.reason }, 'paid twice: refund not started; reconciliation retries');
  } else if (result.answer.state === 'refused') {
    log().error(
      { order: orderId, code: result.answer.code, message: result.answer.message },
      'paid twice: the gateway refused the refund; an operator must refund it (npm run orders -- refund)',
    );
  }
}

/**
 * After a payment settled as paid (settle.ts runs this in the background: the gateway's
 * acknowledgement does not wait for another gateway call). A check lost with the process is made by
 * reconciliation's next round (`refundPaidTwiceLeftBehind`). Never throws.
 */
export async function checkPaidTwice(orderId: string): Promise<void> {
  try {
    const later = await markLaterOfPair(orderId);
    if (later) await refundPaidTwice(later);
  } catch (error) {
    log().error({ err: error, order: orderId }, 'paid twice: check failed');
  }
}

/** Reconciliation: orders marked paid twice whose refund never started. */
export async function refundPaidTwiceLeftBehind(limit = 100): Promise<number> {
  const orders = await paidTwiceNotRefunded(await ledgerSql(), limit);
  for (const orderId of orders) await refundPaidTwice(orderId);
  return orders.length;
}
