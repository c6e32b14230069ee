import 'server-only';
import type { CheckoutErrorCode } from '@/lib/shared/checkout';
import type { TeamErrorCode } from '@/lib/shared/team';
import type { LinkProblem } from '@/lib/shared/link-problem';

export type ApiErrorCode = CheckoutErrorCode | TeamErrorCode;

/** The one place a domain refusal becomes an HTTP status (the domain speaks in codes only). */
export const errorStatus: Record<ApiErrorCode, number> = {
  no_session: 401,
  forbidden: 403,
  too_large: 413,
  unsupported_media_type: 415,
  invalid_json: 400,
  invalid_request: 422,
  unknown_method: 422,
  gateway_unavailable: 422,
  team_required: 422,
  seats_invalid: 422,
  seats_not_above_current: 422,
  quantity_invalid: 422,
  period3_inactive: 422,
  nothing_to_pay: 422,
  cancel_individual_first: 409,
  // Team Pro is the team's admins' to buy: the payer is known, and not allowed.
  team_admin_required: 403,
  below_gateway_min: 422,
  above_gateway_max: 422,
  // A subscription's charge above what the gateway lets one renewal be: a longer period, paid once, can.
  above_subscription_max: 422,
  idempotency_conflict: 422,
  checkout_expired: 409,
  rate_limited: 429,
  not_active: 409,
  order_refused: 409,
  period3_not_with_gateway: 422,
  payment_not_confirmed: 422,
  renewal_not_found: 404,
  // The account already has this under way: a second one would pay twice for one need.
  payment_pending: 409,
  renewal_running: 409,
  billing_invalid: 422,
  order_not_found: 404,
  // The gateway did not answer, or refused to start the payment: an upstream failure, not ours.
  gateway_timeout: 504,
  gateway_error: 502,
  // A page opened in another browser by a handoff does not hand itself on (docs/links.md).
  handoff_once: 409,
  server_error: 500,
  service_unavailable: 503,
  no_team_session: 401,
  not_team_admin: 403,
  team_not_found: 404,
  member_not_found: 404,
  invalid_username: 422,
  platform_mismatch: 422,
  already_member: 409,
  seats_full: 409,
  team_inactive: 409,
  last_admin: 409,
};

/** Why a handoff found in an address cannot be offered (its JSON answer; the exchanges themselves answer 303s). */
export const linkProblemStatus: Record<Exclude<LinkProblem, 'missing'> | 'rate_limited', number> = {
  invalid: 422,
  expired: 410,
  replayed: 409,
  rate_limited: 429,
};
