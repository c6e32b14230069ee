/**
 * The pay page's own address parameters, the one list of them: the page passes exactly these to
 * GET /api/pay/view (never a stray `t=` or tracking tag), and the view route accepts exactly these,
 * each at most this long.
 */
export const payQueryLimits = {
  /** A result: success, processing, cancelled, declined, failed. */
  status: 16,
  /** A failure code (failed0…). */
  code: 16,
  /** Why a gateway declined (one of lib/shared/decline.ts). */
  reason: 32,
  /** The order a result is about. */
  order: 64,
  /** The team page's "add seats" link: the plan and the new team size. */
  plan: 32,
  seats: 8,
  /** Why a link did not open a session, and the platform it came from. */
  link: 16,
  chat: 16,
  /** The paid order whose receipt is shown. */
  receipt: 64,
} as const;

export type PayQueryParam = keyof typeof payQueryLimits;
export type PayQuery = Partial<Record<PayQueryParam, string>>;
export const payQueryParams = Object.keys(payQueryLimits) as PayQueryParam[];
