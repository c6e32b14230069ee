/**
 * The pay page's result view lives at `/pay?status=…&code=…`. Success and
 * processing are only ever shown from a stored order (`order=`), never from the query alone.
 */
import type { Currency, ProductId } from '@/lib/pricing/catalogue';
import type { DeclineReason } from './decline';
import type { LinkProblem } from './link-problem';
import type { Platform } from '@/lib/config/site';

export const failureCodes = ['failed0', 'failed1', 'failed2'] as const;
export type FailureCode = (typeof failureCodes)[number];

/**
 * `link`: with `failed0`, why no account could be opened from the link (it was opened in another
 * browser, expired, not valid, or there was none), so the page can say what to do.
 */
export type PayResult =
  | { status: 'success'; purchase?: Purchase }
  | { status: 'processing' }
  /**
   * An automatic renewal set up for a plan paid ahead: nothing charged today, its first charge of
   * `amount` (minor units of `currency`) at `startsAt` (ISO), when the paid time ends.
   */
  | { status: 'scheduled'; startsAt: string; amount: number; currency: Currency }
  /** The payer cancelled on the gateway's page: nothing was charged (not an error: no code). */
  | { status: 'cancelled' }
  /** The payer left the gateway's page without paying (Back, a closed tab): closed, nothing charged. */
  | { status: 'abandoned' }
  /** The gateway refused the payment for a reason the payer can act on; nothing was charged. */
  | { status: 'declined'; reason: DeclineReason }
  | { status: 'failed'; code: FailureCode; link?: LinkProblem; chat?: Platform };

/**
 * What a paid order bought, shown with its success only to the account that bought it (an order
 * id in a URL reveals nothing of anyone's plan). `expiresAt`: the plan's expiry in the account
 * directory now (ISO); null when the directory gives none (the team is no longer the buyer's).
 */
export interface Purchase {
  /** The order, for its receipt (`/pay?receipt=<orderId>`). */
  orderId: string;
  /** A plan, or `query_pack`. */
  plan: ProductId;
  /** Calendar months bought; 0 for period3 (a larger team until the current expiry). */
  months: number;
  /** team_pro: the team size bought. */
  seats: number | null;
  /** Query packs: how many were bought; their `expiresAt` is when their queries expire. */
  quantity?: number;
  /** In the currency's minor unit. */
  amount: number;
  currency: Currency;
  expiresAt: string | null;
  /**
   * `here`: the buyer's own session sees the receipt on this page; `in_chat`: another browser (the
   * payer came back from the bank's app elsewhere) is told to reach it through the chat's /pay.
   */
  receipt: 'here' | 'in_chat';
  /** The gateway's name when the purchase renews by itself there (a subscription), else absent. */
  renewsWith?: string;
  /** A second payment for a need already paid: it is refunded by itself (docs/payments.md). */
  paidTwice?: true;
}
/** What the pay page shows instead: a dependency (ledger, account directory) is down right now. */
export type PayResultState = PayResult | { status: 'unavailable' };

export function payResultQuery(result: PayResult, orderId?: string): string {
  const params = new URLSearchParams({ status: result.status });
  if (result.status === 'failed') params.set('code', result.code);
  if (result.status === 'declined') params.set('reason', result.reason);
  if (orderId) params.set('order', orderId);
  return `?${params}`;
}

export function isFailureCode(value: unknown): value is FailureCode {
  return typeof value === 'string' && (failureCodes as readonly string[]).includes(value);
}

/**
 * What the payer is shown for an order as stored (the pay page and every gateway return alike).
 * A paid order is "processing" until its grant has reached the account directory; a failed one
 * the payer cancelled at the gateway (`cancelled`) or the gateway declined for a known reason
 * (`declineReason`), both read from its stored payment event, is not an error.
 */
export function orderResult(order: {
  status: 'pending' | 'paid' | 'failed' | 'needs_review';
  granted: boolean;
  cancelled?: boolean;
  declineReason?: DeclineReason | null;
}): PayResult {
  switch (order.status) {
    case 'paid':
      return order.granted ? { status: 'success' } : { status: 'processing' };
    case 'pending':
      return { status: 'processing' };
    case 'failed':
      if (order.cancelled) return { status: 'cancelled' };
      if (order.declineReason) return { status: 'declined', reason: order.declineReason };
      return { status: 'failed', code: 'failed1' };
    case 'needs_review':
      // A wrong amount or money the gateway holds: a person must look at it, so the payer writes to support.
      return { status: 'failed', code: 'failed2' };
  }
}
