import 'server-only';
import type { Order } from '@/lib/server/ledger/types';
import type { QueryResult } from '@/lib/server/payments/gateway';

/** VNPay querydr (payments.md §1.7). */
export function queryOrder(order: Order, now: Date): Promise<QueryResult> {
  void order;
  void now;
  return Promise.resolve({ state: 'unavailable', reason: 'querydr is not implemented yet' });
}
