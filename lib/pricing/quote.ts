/**
 * Quotes: pure functions over integers in minor units. The pay page runs them for
 * the live quote and the server runs the very same code at checkout, so the two cannot disagree;
 * the server's result is the only one an order is ever created from.
 */
import {
  periods,
  plans,
  TEAM_BLOCK_SIZE,
  teamBlocks,
  wholeBlockSeats,
  type Currency,
  type PaidPlanId,
  type PeriodId,
} from './catalogue';
import { planAfterGrant } from './grant';
import { isActive, remainingDays, type PlanState } from './plan-state';

export { addMonths, isActive, remainingDays, renewalStartsAt, type PlanState } from './plan-state';

/** period3 prorates by remaining days over a 30-day month. */
const PRORATION_DAYS = 30;
/** A sanity cap so absurd seat counts fail validation instead of overflowing anything. */
export const MAX_SEATS = 100_000;

export interface QuoteRequest {
  plan: PaidPlanId;
  period: PeriodId;
  currency: Currency;
  /** team_pro only: the seats asked for; absent keeps the current size. */
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
      /** The seats the order gives: every seat of its blocks for team_pro (25 asked → 30), 1 for a user. */
      seats: number;
      blocks: number;
      /** The plan's expiry if it were granted at `now`. */
      expiresAt: Date;
    }
  | { ok: false; reason: QuoteRefusal };

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
  const asked = plan === 'team_pro' ? (request.seats ?? Math.max(1, current.seats)) : 1;
  const blocks = plan === 'team_pro' ? teamBlocks(asked) : 1;
  const seats = plan === 'team_pro' ? wholeBlockSeats(asked) : 1;
  const granted = (months: number) => planAfterGrant(current, { plan, months, seats }, now).expiresAt!;

  if (period === 'period3') {
    if (current.plan !== plan || !isActive(current, now) || !current.expiresAt) {
      return { ok: false, reason: 'period3_inactive' };
    }
    // The blocks the team holds whole; seats beyond them (members the team had over its paid seats)
    // are part of a block not yet paid. So any size above the current one is at least one block
    // more, and "keep my plan" with more seats always has something to pay.
    const extraBlocks = plan === 'team_pro' ? blocks - Math.floor(current.seats / TEAM_BLOCK_SIZE) : 0;
    const days = remainingDays(current.expiresAt, now);
    const amount = extraBlocks > 0 ? ceilDiv(extraBlocks * unitPrice * days, PRORATION_DAYS) : 0;
    if (amount === 0) return { ok: false, reason: 'nothing_to_pay' };
    return { ok: true, amount, currency, months: 0, seats, blocks, expiresAt: granted(0) };
  }

  const { months, paidMonths } = periods[period];
  return {
    ok: true,
    amount: blocks * unitPrice * paidMonths,
    currency,
    months,
    seats,
    blocks,
    expiresAt: granted(months),
  };
}
