/**
 * What `GET /api/pay/history` answers: the session's own payments, newest first, a page at a time.
 * Every order the account started is listed, with what happened to its money.
 */
import type { Currency, PeriodId, ProductId } from '@/lib/pricing/catalogue';
import type { PACK_PERIOD } from '@/lib/pricing/pack-quote';
import type { DeclineReason } from './decline';

export const PAYMENTS_PER_PAGE = 20;

/**
 * - `processing`: started, no final word from the gateway yet (or paid and the plan not applied yet);
 * - `scheduled`: a renewal approved to start charging when the time already paid for ends;
 * - `abandoned`: the payer left the gateway's page without paying, and the attempt was closed;
 * - `cancelled`: the payer cancelled on the gateway's page, nothing was charged;
 * - `failed`: the gateway refused it (`code` is the gateway's own result code, for support;
 *   `reason`, when the gateway names one, why in the payer's words: nothing was charged);
 * - `under_review`: money may have been taken and a person decides (a wrong amount, a held payment);
 * - `refunded` / `partly_refunded`: paid, then all or part of the money went back (`refund` says how
 *   much and when).
 */
export type PaymentStatus =
  | 'paid'
  | 'processing'
  | 'scheduled'
  | 'failed'
  | 'abandoned'
  | 'cancelled'
  | 'under_review'
  | 'refunded'
  | 'partly_refunded';

/** What went back of a paid payment: the total refunded (minor unit) and when the latest refund was made. */
export interface RefundSummary {
  amount: number;
  at: string;
  /** Whole days the refunds took off the plan this payment bought (0 when it was never granted). */
  daysTaken: number;
  /**
   * ISO expiry of that plan once the latest of those refunds was applied to the account: past or now
   * when the refund ended it. Null until it has been applied.
   */
  planExpiresAt: string | null;
}

export interface PaymentRecord {
  /** The order's id: its receipt is `/pay?receipt=<orderId>` (only the account's own orders are listed). */
  orderId: string;
  /** What the payer quotes to support: the order id's first characters, upper case. */
  reference: string;
  /** ISO time the payment was started. */
  createdAt: string;
  /** A plan, or `query_pack`. */
  plan: ProductId;
  period: PeriodId | typeof PACK_PERIOD;
  /** Calendar months bought; 0 for a larger team until the current expiry; packs: how long they last. */
  months: number;
  /** Team Pro: the team size bought. */
  seats: number | null;
  /** Query packs: how many were bought (their queries: lib/pricing/pack-quote.ts, packQueries). */
  quantity?: number;
  /** A PayPal subscription's payment: 1 = the first, 2 = the first renewal… */
  renewalCycle: number | null;
  /** In the currency's minor unit. */
  amount: number;
  currency: Currency;
  gateway: string;
  /** The gateway's brand name (VNPay, MoMo, PayPal). */
  gatewayName: string;
  method: string;
  status: PaymentStatus;
  code?: string;
  /** `failed`: why the gateway declined it, when it says (the result view's words). */
  reason?: DeclineReason;
  /** `refunded` / `partly_refunded`: how much went back, and when. */
  refund?: RefundSummary;
  /** A second payment for a need already paid: it is (or is being) refunded by itself. */
  paidTwice?: true;
  /** A team's payments only: the platform user id of the member who paid (the team page names them). */
  payerId?: string;
}

export interface PaymentHistoryPage {
  payments: PaymentRecord[];
  /** 1-based. */
  page: number;
  hasOlder: boolean;
}

/** How long a reference is: enough to find one order among millions, short enough to read out. */
export const REFERENCE_LENGTH = 10;

export const paymentReference = (orderId: string) => orderId.slice(0, REFERENCE_LENGTH).toUpperCase();

/**
 * Who paid one of a team's orders: a member, by the name the account directory gives them, or
 * someone no longer in the team, known only by their platform id.
 */
export type Payer = { name: string } | { formerMemberId: string };

export type TeamPaymentRecord = Omit<PaymentRecord, 'payerId'> & { payer: Payer };

/** The team page's payments: the Team Pro orders for the team, each with who paid. */
export interface TeamPaymentsPage extends Omit<PaymentHistoryPage, 'payments'> {
  payments: TeamPaymentRecord[];
}
