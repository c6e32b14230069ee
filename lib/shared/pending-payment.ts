import type { Currency, PaidPlanId } from '@/lib/pricing/catalogue';

/** A payment still waiting for its gateway's word, as the pay form shows it before a new one. */
export interface PendingPayment {
  orderId: string;
  plan: PaidPlanId;
  /** The gateway's brand name (the same in every language). */
  gatewayName: string;
  amount: number;
  currency: Currency;
  /** ISO 8601. */
  startedAt: string;
}

/** A gateway subscription that still renews one of the account's plans by itself. */
export interface RunningRenewal {
  plan: PaidPlanId;
  gateway: string;
  gatewayName: string;
}

/** What the account already has under way, per plan (the server's standing rules, shown before paying). */
export interface AccountStanding {
  pending: PendingPayment[];
  renewing: RunningRenewal[];
}

/**
 * What the form must say for a selection before offering to pay: a renewal of this plan already
 * running at the chosen gateway (no second one), else the newest payment for this plan still being
 * confirmed (paying again only by choice). The server applies the same rules at checkout.
 */
export function standingFor(
  standing: AccountStanding,
  plan: PaidPlanId,
  gateway: string | null,
): { renewal: RunningRenewal | null; pending: PendingPayment | null } {
  const renewal = standing.renewing.find((r) => r.plan === plan && r.gateway === gateway) ?? null;
  const pending = renewal ? null : (standing.pending.find((p) => p.plan === plan) ?? null);
  return { renewal, pending };
}
