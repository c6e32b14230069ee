import fc from 'fast-check';
import { quote, remainingDays, type PlanState } from '@/lib/pricing/quote';
import { planAfterGrant } from '@/lib/pricing/grant';
import { buyerState } from '@/lib/pricing/buyer';
import { periods, plans, type Currency, type PeriodId } from '@/lib/pricing/catalogue';

const now = new Date('2026-11-22T10:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe('Team Pro seats are whole blocks of 10', () => {
  it('25 seats asked are 3 blocks and give 30 seats', () => {
    const free: PlanState = { plan: 'free', expiresAt: null, seats: 0 };
    const result = quote({ plan: 'team_pro', period: 'period1', currency: 'VND', seats: 25, current: free, now });
    expect(result).toMatchObject({ ok: true, blocks: 3, seats: 30, amount: 3 * 350_000 * 6 });
  });

  it('adding one seat to a full 30-seat plan kept as it is pays one more block for the days left', () => {
    const team: PlanState = { plan: 'team_pro', expiresAt: days(15), seats: 30 };
    const result = quote({ plan: 'team_pro', period: 'period3', currency: 'VND', seats: 31, current: team, now });
    expect(result).toEqual({
      ok: true,
      amount: 175_000,
      currency: 'VND',
      months: 0,
      seats: 40,
      blocks: 4,
      expiresAt: days(15),
    });
  });

  it('refuses a size the team already has, up to the last seat of its blocks', () => {
    const team: PlanState = { plan: 'team_pro', expiresAt: days(15), seats: 30 };
    for (const seats of [25, 30]) {
      expect(quote({ plan: 'team_pro', period: 'period3', currency: 'USD', seats, current: team, now })).toEqual({
        ok: false,
        reason: 'seats_not_above_current',
      });
    }
  });

  it('a team still holding a partial block (stored before the rule) is offered its whole block as its size', () => {
    const team = { plan: 'team_pro' as const, planExpiresAt: days(15), seats: 25, memberCount: 25 };
    const state = buyerState({ account: { plan: 'free', planExpiresAt: null }, team }, 'team_pro');
    expect(state?.seats).toBe(30);
  });

  it('a team with more members than paid seats pays for the block its members reach when kept as it is', () => {
    const team = { plan: 'team_pro' as const, planExpiresAt: days(30), seats: 20, memberCount: 23 };
    const current = buyerState({ account: { plan: 'free', planExpiresAt: null }, team }, 'team_pro')!;
    const result = quote({ plan: 'team_pro', period: 'period3', currency: 'USD', seats: 24, current, now });
    expect(result).toMatchObject({ ok: true, blocks: 3, seats: 30, amount: plans.team_pro.price.USD });
  });

  /** What the paid order gives the team: the one rule every directory applies. */
  const granted = (current: PlanState, result: { months: number; seats: number }) =>
    planAfterGrant(current, { plan: 'team_pro', months: result.months, seats: result.seats }, now).seats;

  const state = fc.record({
    plan: fc.constantFrom<'free' | 'team_pro'>('free', 'team_pro'),
    expiresAt: fc.option(
      fc.integer({ min: -400, max: 400 }).map((n) => days(n) as Date | null),
      { nil: null },
    ),
    seats: fc.integer({ min: 0, max: 600 }),
  });

  it('for any size asked and any team, the seats granted are whole blocks, at least those asked and those held, for blocks × price × months or the prorated increase', () => {
    fc.assert(
      fc.property(
        state,
        fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
        fc.constantFrom<PeriodId>('period0', 'period1', 'period2', 'period3'),
        fc.constantFrom<Currency>('USD', 'VND'),
        (current, asked, period, currency) => {
          const result = quote({ plan: 'team_pro', period, currency, seats: asked, current, now });
          const price = plans.team_pro.price[currency];
          if (!result.ok) {
            // Refused only for a size not above the current one, or keeping a plan that is not running,
            // or keeping it without asking for more seats: never "nothing to pay" for more seats.
            if (asked !== undefined && asked <= current.seats) return result.reason === 'seats_not_above_current';
            if (period !== 'period3') return false;
            return result.reason === 'period3_inactive' || (asked === undefined && result.reason === 'nothing_to_pay');
          }
          const seats = granted(current, result);
          const amount =
            period === 'period3'
              ? Math.ceil(
                  ((result.blocks - Math.floor(current.seats / 10)) * price * remainingDays(current.expiresAt!, now)) /
                    30,
                )
              : result.blocks * price * periods[period].paidMonths;
          return (
            result.seats === result.blocks * 10 &&
            seats % 10 === 0 &&
            seats >= (asked ?? 1) &&
            seats >= current.seats &&
            seats >= result.seats &&
            result.amount === amount &&
            result.amount > 0
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('seats never shrink and are always whole blocks, whatever grants arrive in whatever order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 600 }),
        fc.array(
          fc.record({ months: fc.constantFrom(0, 1, 7, 12), seats: fc.option(fc.integer({ min: 1, max: 600 })) }),
        ),
        (start, grants) => {
          let current: PlanState = { plan: 'team_pro', expiresAt: days(10), seats: start };
          for (const grant of grants) {
            const next = planAfterGrant(current, { plan: 'team_pro', ...grant }, now);
            if (next.seats < current.seats || next.seats % 10 !== 0) return false;
            if (grant.seats !== null && next.seats < grant.seats) return false;
            current = next;
          }
          return true;
        },
      ),
    );
  });
});
