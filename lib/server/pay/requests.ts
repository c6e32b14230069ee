import 'server-only';
import { z } from 'zod';
import type { BillingRequest } from '@/lib/shared/billing';
import { declineReasons } from '@/lib/shared/decline';
import { payQueryLimits, type PayQuery } from '@/lib/shared/pay-query';
import type { StopRenewalRequest } from '@/lib/shared/renewals';

/** The pay page's request schemas, from the types the page shares (lib/shared). */

/**
 * GET /api/pay/view: the pay page's own parameters (lib/shared/pay-query.ts), each capped; nothing
 * else. A decline reason is one of a closed set: any other value is dropped, so the page never shows
 * words the address chose.
 */
export const payQuery = z
  .object(
    Object.fromEntries(Object.entries(payQueryLimits).map(([name, max]) => [name, z.string().max(max).optional()])),
  )
  .extend({ reason: z.enum(declineReasons).optional().catch(undefined) }) satisfies z.ZodType<PayQuery>;

/**
 * POST /api/pay/billing: one of the session's orders and its company details, or null to remove them.
 * The details are checked on their own (./billing.ts, billingInput) for a precise refusal.
 */
export const billingRequest = z.strictObject({
  orderId: z.string().regex(/^[a-f0-9]{32}$/),
  billing: z.unknown(),
}) satisfies z.ZodType<BillingRequest>;

/** POST /api/pay/renewals/stop: one of the session's automatic renewals, by its gateway and its id there. */
export const stopRenewalRequest = z.strictObject({
  gateway: z.string().min(1).max(32),
  id: z.string().min(1).max(64),
}) satisfies z.ZodType<StopRenewalRequest>;

/** GET /api/pay/history: only a page number; the account is the session's, never a parameter. */
export const historyQuery = z.object({ page: z.coerce.number().int().min(1).max(1_000).default(1) }).strict();
