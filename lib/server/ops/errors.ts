import 'server-only';

/**
 * Every refusal of the console's API, as a code (the domain's words) and the one place each becomes
 * an HTTP status. A request the console refuses for who sent it gets no data: 401 without a live
 * operator session, 403 for a cross-site request, a role that may not act or a step-up that is due.
 */
export const opsErrorStatus = {
  no_operator_session: 401,
  forbidden: 403,
  role_required: 403,
  admin_required: 403,
  step_up_required: 403,
  rate_limited: 429,
  invalid_json: 400,
  invalid_request: 422,
  too_large: 413,
  unsupported_media_type: 415,
  invitation_invalid: 410,
  challenge_expired: 409,
  passkey_failed: 401,
  idempotency_conflict: 422,
  action_in_progress: 409,
  // A refund failed part-way: whether money moved is read on the order, not guessed by a retry.
  outcome_unknown: 409,
  order_not_found: 404,
  not_paid: 409,
  refund_in_progress: 409,
  exceeds_paid: 422,
  // Telegram Stars refunds a payment whole or not at all.
  whole_only: 422,
  nothing_left: 409,
  no_refund_api: 409,
  gateway_unavailable: 503,
  gateway_refused: 409,
  not_under_review: 409,
  refund_report: 409,
  outbox_not_found: 404,
  delivered_before: 409,
  delivery_busy: 409,
  operator_not_found: 404,
  // A revoked operator's name stays theirs (the audit log names them): a new operator needs another.
  operator_revoked: 409,
  revoke_self: 409,
  server_error: 500,
  service_unavailable: 503,
} as const satisfies Record<string, number>;

export type OpsErrorCode = keyof typeof opsErrorStatus;
