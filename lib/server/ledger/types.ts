import 'server-only';
import type { Currency, PaidPlanId, ProductId, PeriodId } from '@/lib/pricing/catalogue';
import type { PACK_PERIOD } from '@/lib/pricing/pack-quote';
import type { Platform } from '@/lib/config/site';
import type { Locale } from '@/lib/i18n/locales';
import type { Subject } from '@/lib/server/directory/types';
import type { Billing } from '@/lib/shared/billing';

/**
 * The payment ledger: the site's own records — orders, payment events, link claims
 * and the outbox of grants and revocations — always in a database the site controls (PGlite or PostgreSQL). The
 * rules that move an order live in lib/server/payments; this folder only reads and writes rows.
 */
export type OrderStatus = 'pending' | 'paid' | 'failed' | 'needs_review';

export interface NewOrder {
  subject: Subject;
  /** The plan bought, or `query_pack` (lib/pricing/catalogue.ts, isPack). */
  plan: ProductId;
  /** A plan's period; packs are one payment, `once`. */
  period: PeriodId | typeof PACK_PERIOD;
  /** team_pro: the team size bought. */
  seats: number | null;
  /** Packs: how many were bought (null for a plan). */
  quantity: number | null;
  /** Calendar months the plan is extended by when paid (0 for period3); packs: how long they stay usable. */
  months: number;
  /** A gateway id from lib/server/payments/registry.ts. */
  gateway: string;
  method: string;
  currency: Currency;
  amount: number;
  locale: Locale;
  clientIp: string;
  idempotencyKey: string;
  /** Company details for the receipt, when the payer gave them at checkout. */
  billing?: Billing | null;
  now: Date;
}

export interface Order extends Omit<NewOrder, 'now' | 'subject' | 'billing'> {
  billing: Billing | null;
  id: string;
  platform: Platform;
  userId: string;
  teamId: string | null;
  status: OrderStatus;
  /** The gateway's own reference for this order, once it gave one (MoMo requestId, PayPal subscription id…). */
  gatewayRef: string | null;
  /** The gateway subscription this order is one payment of (PayPal), and which payment: 1 = the first. */
  subscriptionId: string | null;
  subscriptionCycle: number | null;
  /** How checkout began (the gateway's redirect or button parameters), replayed to a repeated checkout. */
  checkoutStart: Record<string, unknown> | null;
  /** Paid and its grant applied to the account directory (the outbox row delivered). */
  granted: boolean;
  /** A payment for the same need as this earlier paid order (paid twice): refunded by itself. */
  paidTwiceOf: string | null;
  /**
   * A refund the gateway reported that the rules could not place waits for a person since then
   * (the review queue); the order itself stays paid (docs/payments.md#refunds-made-elsewhere).
   */
  refundHeldAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PaymentEvent {
  /** A gateway id from lib/server/payments/registry.ts. */
  gateway: string;
  /** The gateway's id for this transaction; a second event with the same id is a duplicate. */
  transactionId: string;
  orderId: string;
  /** As the gateway reports it, in the minor unit of `currency`. */
  amount: number;
  /** The currency the gateway reports the amount in (a VND-only gateway: always VND). */
  currency: Currency;
  /**
   * What the gateway says happened to the money. `held`: it was taken but the gateway holds it as
   * suspected fraud until the merchant accepts or rejects it (VNPay 07) — a person decides.
   */
  result: 'succeeded' | 'failed' | 'held';
  /** The gateway's own result code, kept for support. */
  resultCode: string;
  /** The verified callback as received (JSON: gateways send numbers and nested objects too). */
  payload: Record<string, unknown>;
  now: Date;
}

/**
 * In VNPay's order of checks: unknown order, wrong amount, already settled, then settled now.
 * `foreign_order`: the order exists but belongs to another gateway — to the sender, not its order.
 */
export type PaymentOutcome =
  'order_not_found' | 'foreign_order' | 'amount_mismatch' | 'already_confirmed' | 'paid' | 'failed' | 'held_for_review';

/** An order for a plan (not query packs): only these renew, change seats or name a plan period. */
export type PlanOrder = Order & { plan: PaidPlanId; period: PeriodId };
export const isPlanOrder = (order: Order): order is PlanOrder => order.plan !== 'query_pack';
