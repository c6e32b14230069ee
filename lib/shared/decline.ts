/**
 * Why a gateway refused a payment, in words a payer can act on: a small set of codes that every
 * gateway maps its own result codes onto, in its own folder (the seam's `declineReason`). The
 * page turns a code into a reason and a next step (`PayPage.declines` in messages/*.json).
 *
 * A gateway gives a reason only for a refusal in which no money moved: every reason here is shown
 * with "nothing was charged". A code it cannot vouch for (an unknown one, a fault on our side,
 * money held or reversed) has no reason and stays the generic error.
 */
export const declineReasons = [
  'insufficient_funds',
  'declined',
  'account_locked',
  'not_enrolled',
  'authentication_failed',
  'limit_exceeded',
  'timed_out',
  'bank_unavailable',
  // The gateway's own error, reported with a status that says no money moved (VNPay 99).
  'gateway_error',
] as const;

export type DeclineReason = (typeof declineReasons)[number];

export function isDeclineReason(value: unknown): value is DeclineReason {
  return typeof value === 'string' && (declineReasons as readonly string[]).includes(value);
}
