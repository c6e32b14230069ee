/**
 * The pay page's result view lives at `/pay?status=…&code=…` (PRODUCT §11). Success and
 * processing are only ever shown from a stored order (`order=`), never from the query alone.
 */
import type { LinkProblem } from './link-problem';

export const failureCodes = ['failed0', 'failed1', 'failed2'] as const;
export type FailureCode = (typeof failureCodes)[number];

/**
 * `link`: with `failed0`, why no account could be opened from the link (it was opened in another
 * browser, expired, not valid, or there was none), so the page can say what to do.
 */
export type PayResult =
  { status: 'success' } | { status: 'processing' } | { status: 'failed'; code: FailureCode; link?: LinkProblem };
/** What the pay page shows instead: a dependency (ledger, account directory) is down right now. */
export type PayView = PayResult | { status: 'unavailable' };

export function payResultQuery(result: PayResult, orderId?: string): string {
  const params = new URLSearchParams({ status: result.status });
  if (result.status === 'failed') params.set('code', result.code);
  if (orderId) params.set('order', orderId);
  return `?${params}`;
}

export function isFailureCode(value: unknown): value is FailureCode {
  return typeof value === 'string' && (failureCodes as readonly string[]).includes(value);
}

/**
 * What the payer is shown for an order as stored (the pay page and every gateway return alike).
 * A paid order is "processing" until its grant has reached the account directory.
 */
export function orderResult(order: {
  status: 'pending' | 'paid' | 'failed' | 'needs_review';
  granted: boolean;
}): PayResult {
  switch (order.status) {
    case 'paid':
      return order.granted ? { status: 'success' } : { status: 'processing' };
    case 'pending':
      return { status: 'processing' };
    case 'failed':
      return { status: 'failed', code: 'failed1' };
    case 'needs_review':
      // A wrong amount or money the gateway holds: a person must look at it, so the payer writes to support.
      return { status: 'failed', code: 'failed2' };
  }
}
