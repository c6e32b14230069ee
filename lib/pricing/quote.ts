/**
 * Quotes: pure functions over integers in minor units (PRODUCT §5). The pay page runs them for
 * the live quote and the server runs the very same code at checkout, so the two cannot disagree;
 * the server's result is the only one an order is ever created from.
 */
import { periods, plans, teamBlocks, type Currency, type PaidPlanId, type PeriodId, type PlanId } from './catalogue';

const DAY_MS = 86_400_000;
/** period3 prorates by remaining days over a 30-day month. */
const PRORATION_DAYS = 30;
/** A sanity cap so absurd seat counts fail validation instead of overflowing anything. */
export const MAX_SEATS = 100_000;

/** What the buyer (the user for individual_pro, the team for team_pro) has today. */
export interface PlanState {
  plan: PlanId;
  expiresAt: Date | null;
  /** Team size the current plan covers (1 for a user). */
  seats: number;
}

export interface QuoteRequest {
  plan: PaidPlanId;
  period: PeriodId;
  currency: Currency;
  /** team_pro only: the new team size; absent keeps the current size. */
  seats?: number | undefined;
  current: PlanState;
  now: Date;
}

export type QuoteRefusal = 'period3_inactive' | 'nothing_to_pay' | 'seats_not_above_current' | 'seats_invalid';

export type Quote =
  | {
      ok: true;
      amount: number;
      currency: Currency;
      /** Calendar months added to the plan (0 for period3). */
      months: number;
      seats: number;
      blocks: number;
      /** The plan's expiry if it were granted at `now`. */
      expiresAt: Date;
    }
  | { ok: false; reason: QuoteRefusal };

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

/** Renewal extends from the current expiry while the same plan is active, else starts now. */
export function extendedExpiry(current: PlanState, plan: PaidPlanId, months: number, now: Date): Date {
  const base = current.plan === plan && isActive(current, now) && current.expiresAt ? current.expiresAt : now;
  return addMonths(base, months);
}

/** Whole days left on the current plan, rounded up. */
export function remainingDays(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));
}

const ceilDiv = (a: number, b: number) => Math.floor((a + b - 1) / b);

export function seatsAreValid(seats: number, current: PlanState): QuoteRefusal | null {
  if (!Number.isSafeInteger(seats) || seats < 1 || seats > MAX_SEATS) return 'seats_invalid';
  if (seats <= current.seats) return 'seats_not_above_current';
  return null;
}

export function quote(request: QuoteRequest): Quote {
  const { plan, period, currency, current, now } = request;
  const definition = plans[plan];
  const unitPrice = definition.price[currency];

  if (request.seats !== undefined && plan === 'team_pro') {
    const refusal = seatsAreValid(request.seats, current);
    if (refusal) return { ok: false, reason: refusal };
  }
  const seats = plan === 'team_pro' ? (request.seats ?? Math.max(1, current.seats)) : 1;
  const blocks = plan === 'team_pro' ? teamBlocks(seats) : 1;

  if (period === 'period3') {
    if (current.plan !== plan || !isActive(current, now) || !current.expiresAt) {
      return { ok: false, reason: 'period3_inactive' };
    }
    const extraBlocks = plan === 'team_pro' ? blocks - teamBlocks(current.seats) : 0;
    const days = remainingDays(current.expiresAt, now);
    const amount = extraBlocks > 0 ? ceilDiv(extraBlocks * unitPrice * days, PRORATION_DAYS) : 0;
    if (amount === 0) return { ok: false, reason: 'nothing_to_pay' };
    return { ok: true, amount, currency, months: 0, seats, blocks, expiresAt: current.expiresAt };
  }

  const { months, paidMonths } = periods[period];
  return {
    ok: true,
    amount: blocks * unitPrice * paidMonths,
    currency,
    months,
    seats,
    blocks,
    expiresAt: extendedExpiry(current, plan, months, now),
  };
}
