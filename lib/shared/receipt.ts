/**
 * A paid order's receipt, as `/pay?receipt=<order>` shows and prints it. Only the order's own
 * account ever receives one.
 */
import type { Platform } from '@/lib/config/site';
import type { Currency, ProductId } from '@/lib/pricing/catalogue';
import type { Billing } from './billing';

export interface Receipt {
  orderId: string;
  /** The short reference the payment history shows. */
  reference: string;
  seller: { legalName: string; address: string; taxId: string; email: string };
  buyer: { platform: Platform; username: string; fullName: string; team: string | null };
  item: {
    /** A plan, or `query_pack`. */
    plan: ProductId;
    /** Calendar months bought; 0 for a larger team until the current expiry; packs: how long they last. */
    months: number;
    seats: number | null;
    /** Query packs: how many were bought. */
    quantity?: number;
    /** A subscription's payment: 1 = the first. */
    renewalCycle: number | null;
  };
  /** In the currency's minor unit. */
  amount: number;
  currency: Currency;
  /** ISO time the gateway confirmed the payment. */
  paidAt: string;
  gatewayName: string;
  method: string;
  /** The gateway's own id for the transaction, which its statements show. */
  gatewayReference: string;
  /** The payer's company details, printed on the receipt, when given. */
  billing: Billing | null;
  /** One per refund of this payment, oldest first. */
  creditNotes: CreditNote[];
}

/** A refund of a receipt's payment, printed as its own document. */
export interface CreditNote {
  /** Its short number, like a receipt's reference. */
  reference: string;
  /** In the receipt's currency's minor unit. */
  amount: number;
  /** ISO time the refund was recorded as made. */
  refundedAt: string;
  /** The gateway's own id for the refund, when it gave one. */
  gatewayReference: string | null;
}

export const RECEIPT_PARAM = 'receipt';

/**
 * The page of the payer's history a receipt was opened from (`/pay?receipt=…&payments=2`): the
 * receipt's "Back to your payments" reopens the history on it.
 */
export const HISTORY_PAGE_PARAM = 'payments';

/** The history page an address names, or null (absent, or not a page number). */
export function historyPageOf(search: { get(name: string): string | null }): number | null {
  const value = search.get(HISTORY_PAGE_PARAM);
  if (value === null || !/^[1-9]\d{0,4}$/.test(value)) return null;
  return Number(value);
}
