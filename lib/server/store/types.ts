import 'server-only';
import type { PaidPlanId, PeriodId, PlanId, Currency } from '@/lib/pricing/catalogue';
import type { GatewayId } from '@/lib/payments/gateways';
import type { Platform } from '@/lib/config/site';
import type { Locale } from '@/lib/i18n/locales';

/**
 * The seam between the site and "the chat backend" (PRODUCT §8). Pages and route handlers talk
 * only to this interface; `embedded/` implements it over PostgreSQL (PGlite or a server), and a
 * webhook implementation can take its place without touching them.
 */
export interface ChatBackend {
  /** The account a session names, with its team when the link named one; null if it does not exist. */
  loadPayContext(subject: Subject): Promise<PayContext | null>;
  /** Idempotent on (subject, idempotencyKey): a repeat returns the first order and `created: false`. */
  createOrder(order: NewOrder): Promise<{ order: Order; created: boolean }>;
  findOrder(id: string): Promise<Order | null>;
  /** Ends the subject's active individual plan now (the "Cancel plan" modal). */
  cancelIndividualPlan(subject: Subject, now: Date): Promise<'cancelled' | 'not_active'>;
  /**
   * Records one verified gateway callback and settles its order, all in one transaction; the plan
   * is granted only by the call that moved the order to paid. Resolves after the commit.
   */
  recordPayment(event: PaymentEvent): Promise<PaymentOutcome>;
  /**
   * Marks a pay or team link as used; true only for its first use. Links are single-use so that
   * one forwarded or leaked after it was opened is worthless (security.md T7).
   */
  claimLink(jti: string, expiresAt: Date, now: Date): Promise<boolean>;
  /** Throws when the store does not answer. */
  ping(): Promise<void>;
}

export interface Subject {
  platform: Platform;
  userId: string;
  teamId?: string | undefined;
}

export interface Account {
  platform: Platform;
  userId: string;
  username: string;
  fullName: string;
  referralCode: string;
  plan: PlanId;
  planExpiresAt: Date | null;
}

export interface Team {
  platform: Platform;
  teamId: string;
  name: string;
  plan: PlanId;
  planExpiresAt: Date | null;
  /** Seats paid for (0 when the team never had team_pro). */
  seats: number;
  memberCount: number;
}

export interface PayContext {
  account: Account;
  /** Present when the link named a team the account belongs to. */
  team: Team | null;
}

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'needs_review';

export interface NewOrder {
  subject: Subject;
  plan: PaidPlanId;
  period: PeriodId;
  /** team_pro: the team size bought. */
  seats: number | null;
  /** Calendar months the plan is extended by when paid (0 for period3). */
  months: number;
  gateway: GatewayId;
  method: string;
  currency: Currency;
  amount: number;
  locale: Locale;
  clientIp: string;
  idempotencyKey: string;
  now: Date;
}

export interface Order extends Omit<NewOrder, 'now' | 'subject'> {
  id: string;
  platform: Platform;
  userId: string;
  teamId: string | null;
  status: OrderStatus;
  createdAt: Date;
}

export interface PaymentEvent {
  gateway: GatewayId;
  /** The gateway's id for this transaction; a second event with the same id is a duplicate. */
  transactionId: string;
  orderId: string;
  /** As the gateway reports it, in the order currency's minor unit. */
  amount: number;
  /**
   * What the gateway says happened to the money. `held`: it was taken but the gateway holds it as
   * suspected fraud until the merchant accepts or rejects it (VNPay 07) — a person decides.
   */
  result: 'succeeded' | 'failed' | 'held';
  /** The gateway's own result code, kept for support. */
  resultCode: string;
  payload: Record<string, string>;
  now: Date;
}

/** In VNPay's order of checks: unknown order, wrong amount, already settled, then settled now. */
export type PaymentOutcome =
  'order_not_found' | 'amount_mismatch' | 'already_confirmed' | 'paid' | 'failed' | 'held_for_review';
