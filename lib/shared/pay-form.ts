/**
 * What the pay page's client form receives from the server: plain, serialisable data. Dates are
 * ISO strings; amounts are computed on both sides by lib/pricing/quote from these states.
 */
import type { PaidPlanId, PlanId } from '@/lib/pricing/catalogue';
import type { GatewayChoice } from './gateway-offer';
import type { AccountStanding } from './pending-payment';

export interface PlanStateView {
  plan: PlanId;
  expiresAt: string | null;
  seats: number;
}

export interface PayFormProps {
  /** The user's own plan (individual_pro is bought for it). */
  user: PlanStateView;
  /** The team's plan, when the link came from a team chat. */
  team: PlanStateView | null;
  /**
   * Every gateway the site knows, in offer order, with what it accepts, whether it is available,
   * and what its browser half loads with.
   */
  gateways: GatewayChoice[];
  /** The clock the server rendered with, so the live quote uses the same "now". */
  now: string;
  /** A selection the link asked for (`/pay?plan=team_pro&seats=20` from the team page), already checked. */
  initial: { plan?: PaidPlanId; seats?: number };
  /** Payments still being confirmed and renewals still running, for this account's plans. */
  standing: AccountStanding;
  /**
   * Present when the payer is in the team but not one of its active admins, who alone pay for Team
   * Pro: the form shows the plan and whom to ask (their names) instead of a way to pay.
   */
  teamAdminsOnly?: { admins: string[] };
}
