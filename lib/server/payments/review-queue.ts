import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { countOrders } from '@/lib/server/ledger/orders';

/**
 * The review queue's size (PRODUCT §8), one queue for every gateway: VNPay and MoMo wrong amounts
 * and held payments, PayPal refunds and reversals all wait as `needs_review` orders. /api/metrics serves
 * the size as the gauge quorum_review_queue_size; it is also a structured log line a log pipeline can alert on:
 * `{"metric":"review_queue_size","value":3,"trigger":"reconcile",…}`.
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
    console.error('[review] could not count the review queue', error);
    return null;
  }
  const line = JSON.stringify({ metric: 'review_queue_size', value, trigger, at: new Date().toISOString() });
  if (value > 0) console.warn(line);
  else console.info(line);
  return value;
}
