import type { Currency, PaidPlanId, ProductId } from '@/lib/pricing/catalogue';
import type { GatewayChoice } from './gateway-offer';

/** A payment still waiting for its gateway's word, as the pay form shows it before a new one. */
export interface PendingPayment {
  orderId: string;
  /** A plan, or query packs. */
  plan: ProductId;
  /** The gateway's brand name (the same in every language). */
  gatewayName: string;
  amount: number;
  currency: Currency;
  /** ISO 8601. */
  startedAt: string;
}

/** A gateway subscription that still renews one of the account's plans by itself (a live renewal). */
export interface RunningRenewal {
  /** The gateway's subscription id. */
  id: string;
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
 * One live renewal per plan and owner (docs/payments.md#one-need-one-payment), whichever gateways
 * renew it. `live`: the owner's live renewals, oldest first. For a renewal about to start
 * (`candidate` null), the one already renewing the plan is in its way; for one that exists (its
 * payment has arrived), the oldest other live renewal of the plan is — the oldest is the one that
 * stays, and one that stopped renewing is in nobody's way. Null: nothing is in the way.
 *
 * The one statement of the rule: the pay form (before paying), checkout (under the owner's lock)
 * and settlement (a second subscription a gateway reports) all ask it.
 */
export function renewalInTheWay<R extends { id: string; plan: PaidPlanId }>(
  live: readonly R[],
  plan: PaidPlanId,
  candidate: { id: string } | null,
): R | null {
  const renewing = live.filter((renewal) => renewal.plan === plan);
  const oldest = renewing[0] ?? null;
  if (candidate === null) return oldest;
  const stillRenews = renewing.some((renewal) => renewal.id === candidate.id);
  return stillRenews && oldest?.id !== candidate.id ? oldest : null;
}

/**
 * What must be said for a selection before paying: a renewal already running for this plan when
 * the chosen gateway renews by itself (no second one starts), else the newest payment for this
 * plan still being confirmed (paying again only by choice). The form shows it; checkout refuses by
 * the same function, under the owner's lock.
 */
export function standingFor(
  standing: AccountStanding,
  plan: ProductId,
  gateway: Pick<GatewayChoice, 'renews'> | null,
): { renewal: RunningRenewal | null; pending: PendingPayment | null } {
  // Packs are one payment each: no renewal is in their way, only a pack payment still being confirmed.
  const renewal = gateway?.renews && plan !== 'query_pack' ? renewalInTheWay(standing.renewing, plan, null) : null;
  const pending = renewal ? null : (standing.pending.find((p) => p.plan === plan) ?? null);
  return { renewal, pending };
}
