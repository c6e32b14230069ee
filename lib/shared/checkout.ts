/**
 * What the pay page and the checkout API share: the request's type, the idempotency
 * header, the refusal codes and the answers. The request's schema is server code
 * (lib/server/checkout/request.ts, held to this type): the browser only needs the type, and zod
 * would be 90 KB gzip of every pay page's first load.
 */
import type { PackId, PaidPlanId, PeriodId } from '@/lib/pricing/catalogue';

/**
 * The checkout the pay page asks for: a plan, or query packs. No amount: the server prices the
 * selection from the catalogue, and drops anything else the body carries.
 */
export type CheckoutRequest = PlanCheckoutRequest | PackCheckoutRequest;

interface PaymentChoice {
  /** A gateway id; the server's registry decides whether it exists and is available. */
  gateway: string;
  method: string;
  /** The payer read that a payment for this is still being confirmed, and chose to pay again. */
  payAgain?: true;
  /** Company details for the receipt, checked on their own (lib/server/pay/billing.ts). */
  billing?: unknown;
}

/** Query packs: one payment for `quantity` packs (lib/pricing/pack-quote.ts). */
export interface PackCheckoutRequest extends PaymentChoice {
  plan: PackId;
  quantity: number;
}

export interface PlanCheckoutRequest extends PaymentChoice {
  plan: PaidPlanId;
  period: PeriodId;
  /** Team Pro's team size; a user's plan has one seat. */
  seats?: number;
}

/** What the cancel-plan dialog's confirmation sends in its body; a request without it ends nothing. */
export const CANCEL_PLAN_CONFIRMATION = 'cancel_individual_plan';

/** POST /api/plan/cancel: the dialog's own confirmation. */
export interface CancelPlanRequest {
  confirm: typeof CANCEL_PLAN_CONFIRMATION;
}

/** Sent by the page with every checkout so a double click or a retry creates one order. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Why a checkout or cancel request was refused; each has a translated message (Checkout.errors.*). */
export const checkoutErrors = [
  'no_session',
  'forbidden',
  'too_large',
  'unsupported_media_type',
  'invalid_json',
  'invalid_request',
  'unknown_method',
  'gateway_unavailable',
  'team_required',
  'seats_invalid',
  'seats_not_above_current',
  'quantity_invalid',
  'period3_inactive',
  'nothing_to_pay',
  'cancel_individual_first',
  'team_admin_required',
  'below_gateway_min',
  'above_gateway_max',
  'above_subscription_max',
  'idempotency_conflict',
  'checkout_expired',
  'rate_limited',
  'not_active',
  'order_refused',
  'period3_not_with_gateway',
  'payment_not_confirmed',
  'renewal_not_found',
  'payment_pending',
  'renewal_running',
  'billing_invalid',
  'order_not_found',
  'handoff_once',
  'gateway_timeout',
  'gateway_error',
  'server_error',
  'service_unavailable',
] as const;
export type CheckoutErrorCode = (typeof checkoutErrors)[number];

/**
 * How the browser continues after checkout: to the gateway's page, or on the pay page with the
 * gateway's browser SDK. The form knows no gateway: `sdk` names the component that continues
 * (components/pay/continuations.ts), and `params` are for that component alone, which checks them.
 */
export type CheckoutStart = { kind: 'redirect'; redirectUrl: string } | { kind: 'sdk'; sdk: string; params: unknown };

/** What a gateway's offer declares it continues with, before any checkout: the start without its values. */
export type Continuation = { kind: 'redirect' } | { kind: 'sdk'; sdk: string };

export type CheckoutResponse = CheckoutStart | { error: { code: CheckoutErrorCode; message: string } };
