/**
 * What a paid order does to a plan, as one pure function: the quote shows its result
 * before payment, and every account directory (embedded tables, the reference backend) applies it
 * when the grant arrives, so the renewal and period3 rules exist exactly once.
 */
import { wholeBlockSeats, type PaidPlanId } from './catalogue';
import { addMonths, DAY_MS, isActive, type PlanState } from './plan-state';

export interface GrantTerms {
  plan: PaidPlanId;
  /** Calendar months added (0 for period3, which keeps the current expiry). */
  months: number;
  /** team_pro: the seats bought (a partial block counts whole); null keeps the current size. */
  seats: number | null;
}

/**
 * Renewal extends from the current expiry while the same plan is still active, else from `now`;
 * period3 (months 0) keeps the expiry and only raises the seats. Seats never shrink, and a team
 * holds whole blocks: what is billed per block is usable per block, whatever size was typed
 * (an order stored before that rule, a team that held a partial block).
 */
export function planAfterGrant(current: PlanState, terms: GrantTerms, now: Date): PlanState {
  const base = current.plan === terms.plan && isActive(current, now) && current.expiresAt ? current.expiresAt : now;
  const expiresAt = terms.months > 0 ? addMonths(base, terms.months) : (current.expiresAt ?? now);
  const seats = terms.plan === 'team_pro' ? wholeBlockSeats(Math.max(current.seats, terms.seats ?? current.seats)) : 1;
  return { plan: terms.plan, expiresAt, seats };
}

export interface RevocationTerms {
  plan: PaidPlanId;
  /** Whole days taken off the expiry. */
  days: number;
  /** team_pro: the most seats kept; null keeps the current seats. */
  seats: number | null;
}


/**
 * What a refund does to a plan: the refunded days come off the expiry, but never past `now` (time
 * already used cannot be handed back), and a team keeps at most the seats its other payments
 * cover. A plan that changed since (another plan now) keeps its expiry: the refunded time is no
 * longer on it.
 */
export function planAfterRevocation(current: PlanState, terms: RevocationTerms, now: Date): PlanState {
  if (current.plan !== terms.plan) return current;
  const expiresAt =
    current.expiresAt && terms.days > 0
      ? new Date(Math.max(Math.min(now.getTime(), current.expiresAt.getTime()), current.expiresAt.getTime() - terms.days * DAY_MS))
      : current.expiresAt;
  const seats = terms.plan === 'team_pro' && terms.seats !== null ? Math.min(current.seats, terms.seats) : current.seats;
  return { plan: current.plan, expiresAt, seats };
}

/** The whole days a grant of `months` starting at `from` bought (calendar months differ in length). */
export const daysBought = (from: Date, months: number): number =>
  Math.round((addMonths(from, months).getTime() - from.getTime()) / DAY_MS);
