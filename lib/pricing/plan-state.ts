/** A plan as the buyer holds it today, and the calendar arithmetic on it. Pure. */
import type { PlanId } from './catalogue';

export const DAY_MS = 86_400_000;

/** What the buyer (the user for individual_pro, the team for team_pro) has today. */
export interface PlanState {
  plan: PlanId;
  expiresAt: Date | null;
  /** Team size the current plan covers (1 for a user). */
  seats: number;
}

export function isActive(state: Pick<PlanState, 'plan' | 'expiresAt'>, now: Date): boolean {
  return state.plan !== 'free' && state.expiresAt !== null && state.expiresAt.getTime() > now.getTime();
}

/** `date` plus `months` calendar months (UTC); the 31st clamps to the target month's last day. */
export function addMonths(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCFullYear(y, m, Math.min(date.getUTCDate(), lastDay));
  return result;
}

/**
 * When a new automatic renewal of `plan` first charges: when the time already paid for that plan
 * ends, or null (at once) when none is paid ahead — nobody is charged for months they already have.
 * A change of period and a renewal started again after stopping both begin here.
 */
export function renewalStartsAt(current: PlanState, plan: PlanId, now: Date): Date | null {
  return current.plan === plan && isActive(current, now) ? current.expiresAt : null;
}

/** Whole days left on the current plan, rounded up. */
export function remainingDays(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));
}
