import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { countOrders } from '@/lib/server/ledger/orders';
import { log } from '@/lib/server/observability/log';

/**
 * The review queue's size, one queue for every gateway: VNPay and MoMo wrong amounts
 * and held payments, PayPal refunds and reversals all wait as `needs_review` orders. /api/metrics serves
 * the size as the gauge quorum_review_queue_size; it is also a structured log line a log pipeline can alert on:
 * `{"metric":"review_queue_size","value":3,"trigger":"reconcile","msg":"review queue",…}`.
 */
export async function reviewQueueSize(): Promise<number> {
  return countOrders(await ledgerSql(), 'needs_review');
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
