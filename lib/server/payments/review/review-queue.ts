import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { countOrders } from '@/lib/server/ledger/orders';
import { countRequestedRefunds } from '@/lib/server/ledger/refunds';
import { log } from '@/lib/server/observability/log';

/**
 * The review queue's size, one queue for every gateway: wrong amounts, held payments and refunds
 * the rules cannot place wait as `needs_review` orders, and refunds of ours wait for a gateway's
 * answer (reconciliation asks; an operator watches them with `npm run orders -- refunds`). /api/metrics serves
 * the size as the gauge quorum_review_queue_size; it is also a structured log line a log pipeline can alert on:
 * `{"metric":"review_queue_size","value":3,"trigger":"reconcile","msg":"review queue",…}`.
 */
export async function reviewQueueSize(): Promise<number> {
  const sql = await ledgerSql();
  return (await countOrders(sql, 'needs_review')) + (await countRequestedRefunds(sql));
}

/**
 * Logs the queue's size; `trigger` says why now (start, a reconciliation round, an order entering
 * review). Never throws: it runs after a settlement committed, which must still be acknowledged.
 */
export async function logReviewQueueSize(trigger: string, size?: number): Promise<number | null> {
  let value: number;
  try {
    value = size ?? (await reviewQueueSize());
  } catch (error) {
    log().error({ err: error }, 'could not count the review queue');
    return null;
  }
  const line = { metric: 'review_queue_size', value, trigger };
  if (value > 0) log().warn(line, 'review queue');
  else log().info(line, 'review queue');
  return value;
}
