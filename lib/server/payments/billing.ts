import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { setBilling } from '@/lib/server/ledger/orders';
import type { Subject } from '@/lib/server/directory/types';
import { z } from 'zod';
import { BILLING_LIMITS, type Billing } from '@/lib/shared/billing';

/**
 * The payer's company details on one of their orders (docs/payments.md#company-details): only
 * the account that made the order changes them; any other order id is `order_not_found`.
 */
export async function saveBilling(
  payer: Subject,
  orderId: string,
  billing: Billing | null,
): Promise<{ ok: true; billing: Billing | null } | { ok: false; code: 'order_not_found' }> {
  const saved = await setBilling(await ledgerSql(), payer, orderId, billing);
  return saved ? { ok: true, billing } : { ok: false, code: 'order_not_found' };
}

/** The company details a payer sends (checkout, the receipt), checked and normalised: blanks become null. */
const noControls = (allowNewlines: boolean) => (value: string) =>
  !(allowNewlines ? /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/ : /[\u0000-\u001f\u007f-\u009f]/).test(value);

const optional = (schema: z.ZodType<string>) =>
  z
    .union([schema, z.literal(''), z.null()])
    .optional()
    .transform((value) => (value ? value : null));

export const billingInput = z
  .strictObject({
    company: z.string().trim().min(1).max(BILLING_LIMITS.company).refine(noControls(false)),
    // Tax ids are letters, digits and the separators countries print them with.
    taxId: optional(
      z
        .string()
        .trim()
        .max(BILLING_LIMITS.taxId)
        .regex(/^[\p{L}\p{N}][\p{L}\p{N} .\-/]*$/u),
    ),
    address: optional(
      z
        .string()
        .trim()
        .max(BILLING_LIMITS.address)
        .refine(noControls(true))
        .refine((value) => value.split('\n').length <= BILLING_LIMITS.addressLines),
    ),
  })
  .transform((value): Billing => ({ company: value.company, taxId: value.taxId, address: value.address }));
