import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { setBilling } from '@/lib/server/ledger/orders';
import type { Subject } from '@/lib/server/directory/types';
import { z } from 'zod';
import { billingRules, type Billing } from '@/lib/shared/billing';

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
const optional = (rule: (value: string) => boolean) =>
  z
    .union([z.string().trim().refine(rule), z.literal(''), z.null()])
    .optional()
    .transform((value) => (value ? value : null));

export const billingInput = z
  .strictObject({
    company: z.string().trim().refine(billingRules.company),
    taxId: optional(billingRules.taxId),
    address: optional(billingRules.address),
  })
  .transform((value): Billing => ({ company: value.company, taxId: value.taxId, address: value.address }));
