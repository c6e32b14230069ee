/**
 * The checkout request the pay page sends and the server accepts (PRODUCT §10). One schema for
 * both sides; anything else in the body (an `amount`, say) is dropped, never trusted.
 */
import { z } from '@/lib/shared/zod';
import { paidPlanIds, periodIds } from '@/lib/pricing/catalogue';
import { MAX_SEATS } from '@/lib/pricing/quote';

export const checkoutRequest = z.object({
  plan: z.enum(paidPlanIds),
  period: z.enum(periodIds),
  // Strictly a JSON integer: "12", 1.5, 1e400 or NaN are refused rather than coerced.
  seats: z.number().int().min(1).max(MAX_SEATS).optional(),
  // A gateway id; the server's registry decides whether it exists and is available.
  gateway: z.string().regex(/^[a-z][a-z0-9_]{0,15}$/),
  method: z.string().min(1).max(32),
});
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

/** Sent by the page with every checkout so a double click or a retry creates one order. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

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
  'period3_inactive',
  'nothing_to_pay',
  'cancel_individual_first',
  'below_gateway_min',
  'above_gateway_max',
  'idempotency_conflict',
  'checkout_expired',
  'rate_limited',
  'not_active',
  'order_refused',
  'period3_not_with_paypal',
  'paypal_not_confirmed',
  'gateway_timeout',
  'gateway_error',
  'server_error',
  'service_unavailable',
] as const;
export type CheckoutErrorCode = (typeof checkoutErrors)[number];

/** What the PayPal buttons create the subscription with: our plan id, users or blocks, our order id. */
export interface PaypalCheckoutParams {
  planId: string;
  quantity: number;
  customId: string;
}

/** How the browser continues: to the gateway's page, or PayPal's buttons with these parameters. */
export type CheckoutResponse =
  { redirectUrl: string } | { paypal: PaypalCheckoutParams } | { error: { code: CheckoutErrorCode; message: string } };
