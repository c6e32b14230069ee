/**
 * A gateway subscription that renews a plan by itself (PayPal), as `/pay` shows it to its payer:
 * what it renews, for how much, when it next charges, and whether it still will.
 */
import type { Currency, PaidPlanId } from '@/lib/pricing/catalogue';

/** `active`: it renews; `stopped`: cancelled, no more charges; `suspended`: the gateway paused it. */
export type RenewalStatus = 'active' | 'stopped' | 'suspended';

export interface Renewal {
  /** The gateway's subscription id. */
  id: string;
  gateway: string;
  gatewayName: string;
  plan: PaidPlanId;
  /** Calendar months each payment buys. */
  months: number;
  seats: number | null;
  /** What each renewal charges, in the currency's minor unit. */
  amount: number;
  currency: Currency;
  status: RenewalStatus;
  /** ISO time of the next charge; null when none is coming (stopped, suspended, or not known). */
  nextBillingAt: string | null;
}

/** POST /api/pay/renewals/stop: one of the session's automatic renewals, by its gateway and its id there. */
export interface StopRenewalRequest {
  gateway: string;
  id: string;
}
