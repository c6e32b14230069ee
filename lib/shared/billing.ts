/**
 * Company details a payer may add for the receipt: printed on the order's receipt and credit notes.
 * Optional; when given, a company name is required and the rest is optional. Plain text, capped,
 * without control characters (the address may have line breaks).
 */
export const BILLING_LIMITS = { company: 200, taxId: 40, address: 500, addressLines: 6 } as const;

/**
 * BILLING_LIMITS under the names the refusal that states them all uses (`Checkout.errors.billing_invalid`):
 * a translation types no limit, so a change here changes every language's message.
 */
export const billingLimitValues = {
  companyMax: BILLING_LIMITS.company,
  taxIdMax: BILLING_LIMITS.taxId,
  addressMax: BILLING_LIMITS.address,
  addressLines: BILLING_LIMITS.addressLines,
} as const;

/** A field of the company details, as forms and refusals name it. */
export type BillingField = 'company' | 'taxId' | 'address';

const controls = /[\u0000-\u001f\u007f-\u009f]/;
const controlsButNewline = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
/** Tax ids are letters, digits and the separators countries print them with. */
const taxIdShape = /^[\p{L}\p{N}][\p{L}\p{N} .\-/]*$/u;

/**
 * The rules each field must meet (trimmed; blank optional fields are absent). The server's schema
 * (lib/server/pay/billing.ts) and the forms, which point at the failing field before sending,
 * both apply these.
 */
export const billingRules: Record<BillingField, (value: string) => boolean> = {
  company: (value) => value.length >= 1 && value.length <= BILLING_LIMITS.company && !controls.test(value),
  taxId: (value) => value.length <= BILLING_LIMITS.taxId && taxIdShape.test(value),
  address: (value) =>
    value.length <= BILLING_LIMITS.address &&
    !controlsButNewline.test(value) &&
    value.split('\n').length <= BILLING_LIMITS.addressLines,
};

/** The first field of typed company details that breaks its rule, or null: the one a form points at. */
export function billingProblem(typed: Record<BillingField, string>): BillingField | null {
  if (!billingRules.company(typed.company.trim())) return 'company';
  for (const field of ['taxId', 'address'] as const) {
    const value = typed[field].trim();
    if (value && !billingRules[field](value)) return field;
  }
  return null;
}

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
