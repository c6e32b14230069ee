import 'server-only';
import type { Sql } from '@/lib/server/db/sql';
import type { Order } from './types';

/**
 * Paid twice for one need (docs/payments.md#paid-twice-for-one-need): two one-off payments of the
 * same owner for the same selection (plan, period, seats; packs: their quantity), the later started while the earlier had
 * not yet been paid (its word lost, or it was closed as left unpaid) and within one payment window of
 * it, that both took money. A payment started after the earlier one was paid is a new purchase. The
 * later one to settle names the other in `paid_twice_of` and is refunded by itself.
 */

const sameOwner = (order: Order) =>
  order.plan === 'team_pro'
    ? { where: 'o.team_id = $6', value: order.teamId }
    : { where: 'o.user_id = $6', value: order.userId };

/** When an order's payment was first recorded as taken. */
const PAID_AT = (alias: string) =>
  `(SELECT min(e.received_at) FROM payment_events e WHERE e.order_id = ${alias}.id AND e.succeeded)`;

/** Inside the settling transaction: the other paid order this one repeats, or null. */
export async function paidOrderOfSameNeed(tx: Sql, order: Order, windowMs: number): Promise<string | null> {
  if (order.subscriptionId !== null) return null;
  const owner = sameOwner(order);
  const result = await tx.query<{ id: string }>(
    `SELECT o.id FROM orders o, orders mine
      WHERE mine.id = $1 AND o.id <> $1 AND o.platform = $2 AND o.plan = $3 AND o.period = $4
        AND o.seats IS NOT DISTINCT FROM $5 AND o.quantity IS NOT DISTINCT FROM $9 AND ${owner.where}
        AND o.status = 'paid' AND o.subscription_id IS NULL AND o.paid_twice_of IS NULL
        AND o.created_at > $7 AND o.created_at < $8
        -- the later-started of the two began before the earlier-started was paid
        AND CASE WHEN o.created_at < mine.created_at THEN ${PAID_AT('o')} > mine.created_at
                 ELSE ${PAID_AT('mine')} > o.created_at END
      ORDER BY o.created_at LIMIT 1`,
    [
      order.id,
      order.platform,
      order.plan,
      order.period,
      order.seats,
      owner.value,
      new Date(order.createdAt.getTime() - windowMs),
      new Date(order.createdAt.getTime() + windowMs),
      order.quantity,
    ],
  );
  return result.rows[0]?.id ?? null;
}

export async function markPaidTwice(tx: Sql, orderId: string, earlierOrderId: string): Promise<void> {
  await tx.query('UPDATE orders SET paid_twice_of = $2 WHERE id = $1 AND paid_twice_of IS NULL', [
    orderId,
    earlierOrderId,
  ]);
}

/** Orders paid twice whose refund was never started (its start lost with a process): oldest first. */
export async function paidTwiceNotRefunded(sql: Sql, limit: number): Promise<string[]> {
  const result = await sql.query<{ id: string }>(
    `SELECT o.id FROM orders o
      WHERE o.paid_twice_of IS NOT NULL AND o.status = 'paid'
        AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id)
      ORDER BY o.created_at LIMIT $1`,
    [limit],
  );
  return result.rows.map((row) => row.id);
}
