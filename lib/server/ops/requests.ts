import 'server-only';
import { z } from 'zod';
import { orderStatuses } from './order-statuses';
import { operatorName, operatorRole } from './operators';

/** The console's request bodies and queries, parsed at the edge (app/api/ops/…, app/ops/…). */
const key = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
const orderId = z.string().regex(/^[A-Za-z0-9]{1,64}$/);
const words = z.string().trim().min(1).max(500);
const amount = z.number().int().min(1).max(1e15);

export const refundBody = z.object({ key, orderId, amount: amount.optional(), reason: words });
export const resolveBody = z.object({
  key,
  orderId,
  decision: z.enum(['grant', 'close', 'refund']),
  note: words,
  amount: amount.optional(),
});
export const reconcileBody = z.object({ key });
export const retryBody = z.object({ key, outboxId: z.string().regex(/^[A-Za-z0-9:]{1,100}$/) });
export const inviteBody = z.object({ key, name: operatorName, role: operatorRole });
export const revokeBody = z.object({ key, name: operatorName });

/** What a passkey ceremony's second half carries: the challenge it answers and the browser's JSON. */
const credentialJson = z.looseObject({ id: z.string().min(1).max(1024), response: z.looseObject({}) });
export const enrolOptionsBody = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
export const enrolVerifyBody = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  challengeId: z.string().regex(/^[a-f0-9]{32}$/),
  response: credentialJson,
});
export const assertionBody = z.object({ challengeId: z.string().regex(/^[a-f0-9]{32}$/), response: credentialJson });
export const emptyBody = z.object({});

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined);
// A calendar day that exists: 2024-13-01 has the shape but no day, and would reach the query as NaN.
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
  })
  .optional()
  .or(z.literal('').transform(() => undefined));

/** The orders page's query (its form, a GET): every field optional, a bad one ignored rather than refused. */
export const orderQuery = z.object({
  reference: text(100),
  user: text(120),
  team: text(100),
  status: z.enum(orderStatuses).optional().catch(undefined),
  gateway: text(30),
  from: day.catch(undefined),
  to: day.catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

/** An order's page address (`/ops/orders/{id}`): an order id's alphabet, or no such order. */
export const orderIdParam = orderId;
