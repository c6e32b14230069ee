/**
 * Company details a payer may add for an invoice: printed on the order's receipt and credit notes.
 * Optional; when given, a company name is required and the rest is optional. Plain text, capped,
 * without control characters (the address may have line breaks).
 */
export const BILLING_LIMITS = { company: 200, taxId: 40, address: 500, addressLines: 6 } as const;

export interface Billing {
  company: string;
  taxId: string | null;
  address: string | null;
}

/**
 * POST /api/pay/billing: the company details for one of the session's own orders (null removes
 * them). `billing` is checked on its own, for a refusal that names the field.
 */
export interface BillingRequest {
  orderId: string;
  billing: unknown;
}
