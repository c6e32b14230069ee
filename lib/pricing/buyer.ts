/** Whose plan a purchase changes: the user's for individual_pro, the team's for team_pro. Pure. */
import { wholeBlockSeats, type PaidPlanId, type PlanId } from './catalogue';
import { isActive, type PlanState } from './plan-state';

interface Holder {
  plan: PlanId;
  planExpiresAt: Date | null;
}

/** The buyer's plan today; null for team_pro when the link named no team. */
export function buyerState(
  context: { account: Holder; team: (Holder & { seats: number; memberCount: number }) | null },
  plan: PaidPlanId,
): PlanState | null {
  if (plan === 'individual_pro') {
    const { account } = context;
    return { plan: account.plan, expiresAt: account.planExpiresAt, seats: 1 };
  }
  const { team } = context;
  if (!team) return null;
  // Paid blocks are held whole (a directory may still hold a partial one from before that rule);
  // a team already larger than its paid seats must buy at least its real size.
  const seats = Math.max(wholeBlockSeats(team.seats), team.memberCount);
  return { plan: team.plan, expiresAt: team.planExpiresAt, seats };
}

/**
 * The plan the pay page starts on: the one the payer already has (a Pro user renews Pro, a team's
 * plan is renewed from the team's chat), Team Pro when the link came from a team and the user has
 * no plan of their own, else Individual Pro.
 */
export function defaultPlan(user: PlanState, team: PlanState | null, now: Date): PaidPlanId {
  if (isActive(user, now) && user.plan === 'individual_pro') return 'individual_pro';
  return team ? 'team_pro' : 'individual_pro';
}
