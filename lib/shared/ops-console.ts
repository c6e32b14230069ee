/**
 * What the operators' console shows (lib/server/ops/console.ts reads it; components/ops/ renders it):
 * each shape an allowlist of what an operator may see — an order without how its checkout began or
 * its client's address, a callback with its signatures masked. Types only.
 */
import type { Currency } from '@/lib/pricing/catalogue';
import type { PaymentRecord } from './payment-history';

export type OpsLocale = 'en' | 'vi';
export type OpsTranslate = (key: string, values?: Record<string, string | number>) => string;
/** The roles, each allowed what the ones before it are: viewer reads, refunder acts on payments, admin also manages operators. */
export const operatorRoles = ['viewer', 'refunder', 'admin'] as const;
export type OperatorRoleName = (typeof operatorRoles)[number];

/** An operator as the operators' page lists them (never their passkeys or user handle). */
export interface ConsoleOperator {
  id: string;
  name: string;
  role: OperatorRoleName;
  revokedAt: Date | null;
  passkeys: number;
  lastSignIn: Date | null;
}

/** Whether `role` is allowed what `least` is. */
export const roleAllows = (role: OperatorRoleName, least: OperatorRoleName): boolean =>
  operatorRoles.indexOf(role) >= operatorRoles.indexOf(least);
export type ConsoleOrderStatus = 'pending' | 'paid' | 'failed' | 'needs_review';

export interface ConsoleOrder {
  id: string;
  status: ConsoleOrderStatus;
  platform: string;
  userId: string;
  teamId: string | null;
  plan: string;
  period: string;
  seats: number | null;
  /** Query packs: how many. */
  quantity: number | null;
  gateway: string;
  method: string;
  currency: Currency;
  amount: number;
  gatewayRef: string | null;
  subscriptionId: string | null;
  granted: boolean;
  refundHeldAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What an order buys, in the ledger's own terms: `team_pro/period1 ×30`, `query_pack/once ×2`. */
export const orderTerms = (order: Pick<ConsoleOrder, 'plan' | 'period' | 'seats' | 'quantity'>): string => {
  const count = order.seats ?? order.quantity;
  return `${order.plan}/${order.period}${count ? ` ×${count}` : ''}`;
};

/** The orders search, as its form and its address carry it. */
export interface OrderQuery {
  reference?: string | undefined;
  user?: string | undefined;
  team?: string | undefined;
  status?: ConsoleOrderStatus | undefined;
  gateway?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}

export interface ConsoleEvent {
  transactionId: string;
  resultCode: string;
  outcome: string;
  amount: number;
  receivedAt: Date;
  /** The callback's fields, signatures and hashes masked. */
  payload: unknown;
}

export interface ConsoleRefund {
  id: string;
  orderId: string;
  amount: number;
  currency: Currency;
  status: 'requested' | 'succeeded' | 'refused';
  origin: 'site' | 'gateway';
  gatewayRef: string | null;
  reason: string;
  requestedBy: string;
  answerMessage: string | null;
  createdAt: Date;
  settledAt: Date | null;
}

export interface ConsoleDecision {
  decision: string;
  decidedBy: string;
  note: string;
  decidedAt: Date;
}

export interface ConsoleDelivery {
  id: string;
  orderId: string;
  kind: 'grant' | 'revocation';
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
}

export interface ConsoleAuditEntry {
  at: Date;
  actor: string;
  action: string;
  reason: string | null;
  detail: Record<string, unknown>;
}

export interface OrderStory {
  order: ConsoleOrder;
  events: ConsoleEvent[];
  refunds: ConsoleRefund[];
  decisions: ConsoleDecision[];
  outbox: ConsoleDelivery[];
  audit: ConsoleAuditEntry[];
  /** What the payer's own history shows of this payment, and whether their receipt is there. */
  payer: { record: PaymentRecord; receipt: boolean };
}

export type ReviewReason = 'refund_report' | 'amount_mismatch' | 'held_for_review' | 'other';

export interface ReviewItem {
  order: ConsoleOrder;
  reason: ReviewReason;
  /** The gateway's code on the event that put it there, when one did. */
  code: string | null;
}

export interface SystemState {
  needsReview: number;
  refundsWaiting: number;
  lastRun: { startedAt: Date; finishedAt: Date; asked: Record<string, number>; ms: number } | null;
  /** Per gateway offered here: how far reconciliation is behind, in seconds. */
  lag: Array<{ gateway: string; seconds: number }>;
  outboxDepth: number;
  undelivered: ConsoleDelivery[];
}
