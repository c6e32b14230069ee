import fc from 'fast-check';
import { addMonths, quote, remainingDays, type PlanState } from '@/lib/pricing/quote';
import { plans, teamBlocks, type Currency, type PaidPlanId, type PeriodId } from '@/lib/pricing/catalogue';

const now = new Date('2026-11-22T10:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
const freeUser: PlanState = { plan: 'free', expiresAt: null, seats: 1 };
const freeTeam = (seats: number): PlanState => ({ plan: 'free', expiresAt: null, seats });

/** Converts minor units to the decimal string the catalogue's price table writes. */
const major = (amount: number, currency: Currency) => (currency === 'USD' ? (amount / 100).toFixed(2) : String(amount));

describe('golden quotes of the plan catalogue', () => {
  const golden: Array<[string, PaidPlanId, PeriodId, PlanState, number | undefined, string, string]> = [
    ['individual_pro, period0', 'individual_pro', 'period0', freeUser, undefined, '1.99', '49000'],
    ['individual_pro, period1', 'individual_pro', 'period1', freeUser, undefined, '11.94', '294000'],
    ['individual_pro, period2', 'individual_pro', 'period2', freeUser, undefined, '19.90', '490000'],
    ['team_pro, 10 seats, period0', 'team_pro', 'period0', freeTeam(8), 10, '14.99', '350000'],
    ['team_pro, 25 seats, period1', 'team_pro', 'period1', freeTeam(8), 25, '269.82', '6300000'],
    ['team_pro, 25 seats, period2', 'team_pro', 'period2', freeTeam(8), 25, '449.70', '10500000'],
    [
      'team_pro active 15 more days, 10 → 15 seats, period3',
      'team_pro',
      'period3',
      { plan: 'team_pro', expiresAt: days(15), seats: 10 },
      15,
      '7.50',
      '175000',
    ],
  ];

  it.each(golden)('%s: the golden USD and VND amounts', (_label, plan, period, current, seats, usd, vnd) => {
    for (const [currency, expected] of [
      ['USD', usd],
      ['VND', vnd],
    ] as const) {
      const result = quote({ plan, period, currency, seats, current, now });
      expect(result.ok && major(result.amount, currency)).toBe(expected);
    }
  });
});

describe('periods and expiry', () => {
  it('a renewal of an active plan extends from its current expiry', () => {
    const current: PlanState = { plan: 'individual_pro', expiresAt: days(20), seats: 1 };
    const result = quote({ plan: 'individual_pro', period: 'period1', currency: 'USD', current, now });
    expect(result.ok && result.expiresAt.toISOString()).toBe(addMonths(days(20), 7).toISOString());
  });

  it('an expired plan starts again from now', () => {
    const current: PlanState = { plan: 'individual_pro', expiresAt: days(-3), seats: 1 };
    const result = quote({ plan: 'individual_pro', period: 'period0', currency: 'USD', current, now });
    expect(result.ok && result.expiresAt.toISOString()).toBe(addMonths(now, 1).toISOString());
  });

  it('the 31st clamps to the last day of a shorter month', () => {
    expect(addMonths(new Date('2027-01-31T08:00:00Z'), 1).toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T08:00:00Z'), 1).toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(addMonths(new Date('2026-08-31T00:00:00Z'), 7).toISOString()).toBe('2027-03-31T00:00:00.000Z');
  });

  it('period3 is refused when the plan is not active', () => {
    const expired: PlanState = { plan: 'team_pro', expiresAt: days(-1), seats: 10 };
    expect(quote({ plan: 'team_pro', period: 'period3', currency: 'VND', seats: 20, current: expired, now })).toEqual({
      ok: false,
      reason: 'period3_inactive',
    });
  });

  it('period3 keeps the expiry and with nothing changing there is nothing to pay', () => {
    const current: PlanState = { plan: 'individual_pro', expiresAt: days(20), seats: 1 };
    expect(quote({ plan: 'individual_pro', period: 'period3', currency: 'USD', current, now })).toEqual({
      ok: false,
      reason: 'nothing_to_pay',
    });
  });

  it('remaining days round up to whole days', () => {
    expect(remainingDays(new Date(now.getTime() + 86_400_000 * 14 + 1), now)).toBe(15);
  });
});

describe('seats', () => {
  const team: PlanState = { plan: 'team_pro', expiresAt: days(15), seats: 10 };
  it.each([10, 9, 0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    'a team size of %p is refused when the team has 10 seats',
    (seats) => {
      const result = quote({ plan: 'team_pro', period: 'period0', currency: 'USD', seats, current: team, now });
      expect(result.ok).toBe(false);
    },
  );
});

describe('quote properties', () => {
  const currency = fc.constantFrom<Currency>('USD', 'VND');
  const period = fc.constantFrom<PeriodId>('period0', 'period1', 'period2');

  it('is a non-negative integer, team blocks are ceil(seats / 10) and the order holds every seat of them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), period, currency, (seats, p, c) => {
        const result = quote({ plan: 'team_pro', period: p, currency: c, seats, current: freeTeam(0), now });
        if (!result.ok) return false;
        return (
          Number.isSafeInteger(result.amount) &&
          result.amount >= 0 &&
          result.blocks === Math.ceil(seats / 10) &&
          result.seats === result.blocks * 10
        );
      }),
    );
  });

  it('never costs less for more seats', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 5000 }),
        period,
        currency,
        (a, b, p, c) => {
          const [small, large] = a <= b ? [a, b] : [b, a];
          const q = (seats: number) =>
            quote({ plan: 'team_pro', period: p, currency: c, seats, current: freeTeam(0), now });
          const qs = q(small);
          const ql = q(large);
          return qs.ok && ql.ok && qs.amount <= ql.amount;
        },
      ),
    );
  });

  it('period3 with no team-size change costs nothing for a team holding whole blocks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 365 }), currency, (blocks, left, c) => {
        const current: PlanState = { plan: 'team_pro', expiresAt: days(left), seats: blocks * 10 };
        const result = quote({ plan: 'team_pro', period: 'period3', currency: c, current, now });
        return !result.ok && result.reason === 'nothing_to_pay';
      }),
    );
  });

  it('VND and USD quotes are the same multiple of each currency’s unit price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        period,
        fc.constantFrom<PaidPlanId>('individual_pro', 'team_pro'),
        (seats, p, plan) => {
          const current = plan === 'team_pro' ? freeTeam(0) : freeUser;
          const input = { plan, period: p, seats: plan === 'team_pro' ? seats : undefined, current, now };
          const usd = quote({ ...input, currency: 'USD' });
          const vnd = quote({ ...input, currency: 'VND' });
          if (!usd.ok || !vnd.ok) return false;
          return usd.amount / plans[plan].price.USD === vnd.amount / plans[plan].price.VND;
        },
      ),
    );
  });

  it('period3 charges only the blocks beyond those held whole, prorated and rounded up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 365 }),
        currency,
        (seats, extra, left, c) => {
          const current: PlanState = { plan: 'team_pro', expiresAt: days(left), seats };
          const result = quote({
            plan: 'team_pro',
            period: 'period3',
            currency: c,
            seats: seats + extra,
            current,
            now,
          });
          const extraBlocks = teamBlocks(seats + extra) - Math.floor(seats / 10);
          const exact = (extraBlocks * plans.team_pro.price[c] * left) / 30;
          return (
            result.ok && result.amount >= exact && result.amount - exact < 1 && result.expiresAt === current.expiresAt
          );
        },
      ),
    );
  });
});
