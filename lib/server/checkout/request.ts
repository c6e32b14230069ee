import 'server-only';
import { z } from 'zod';
import { PACK, paidPlanIds, periodIds } from '@/lib/pricing/catalogue';
import { MAX_SEATS } from '@/lib/pricing/quote';
import { CANCEL_PLAN_CONFIRMATION, type CancelPlanRequest, type CheckoutRequest } from '@/lib/shared/checkout';

/** How the payer pays, whatever they buy. */
const paymentChoice = {
  // A gateway id; the server's registry decides whether it exists and is available.
  gateway: z.string().regex(/^[a-z][a-z0-9_]{0,15}$/),
  method: z.string().min(1).max(32),
  // The payer read that a payment for this is still being confirmed, and chose to pay again.
  payAgain: z.literal(true).optional(),
  // Company details for the receipt, checked on their own (pay/billing.ts) for a precise refusal.
  billing: z.unknown().optional(),
};

/**
 * The checkout request the pay page sends (its type: lib/shared/checkout.ts): a plan, or query
 * packs. Anything else in the body (an `amount`, say) is dropped, never trusted: the amount always
 * comes from the catalogue. Numbers are strictly JSON integers: "12", 1.5, 1e400 or NaN are refused
 * rather than coerced. The quantity's range is the catalogue's, checked by packQuote for its own code.
 */
export const checkoutRequest = z.discriminatedUnion('plan', [
  z.object({
    plan: z.enum(paidPlanIds),
    period: z.enum(periodIds),
    seats: z.number().int().min(1).max(MAX_SEATS).optional(),
    ...paymentChoice,
  }),
  z.object({ plan: z.literal(PACK), quantity: z.number().int(), ...paymentChoice }),
]) satisfies z.ZodType<CheckoutRequest>;

/** The value of the Idempotency-Key header (lib/shared/checkout.ts names the header). */
export const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/**
 * POST /api/plan/cancel: ending a paid plan takes the dialog's own confirmation in the body, so a
 * bare POST — a script's mistake, a replayed request — ends nothing.
 */
export const cancelPlanRequest = z.strictObject({
  confirm: z.literal(CANCEL_PLAN_CONFIRMATION),
}) satisfies z.ZodType<CancelPlanRequest>;
