/**
 * A paid order's receipt, as `/pay?receipt=<order>` shows and prints it. Only the order's own
 * account ever receives one.
 */
import type { Platform } from '@/lib/config/site';
import type { Currency, PaidPlanId } from '@/lib/pricing/catalogue';

export interface Receipt {
  orderId: string;
  /** The short reference the payment history shows. */
  reference: string;
  seller: { legalName: string; address: string; taxId: string; email: string };
  buyer: { platform: Platform; username: string; fullName: string; team: string | null };
  item: {
    plan: PaidPlanId;
    /** Calendar months bought; 0 for a larger team until the current expiry. */
    months: number;
    seats: number | null;
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
}

export const RECEIPT_PARAM = 'receipt';
