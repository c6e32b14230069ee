import { planAfterGrant } from '@/lib/pricing/grant';
import { addMonths, type PlanState } from '@/lib/pricing/plan-state';

const now = new Date('2026-11-22T10:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe('planAfterGrant: what a paid order does to a plan', () => {
  it('extends an active plan of the same kind from its current expiry', () => {
    const current: PlanState = { plan: 'individual_pro', expiresAt: days(20), seats: 1 };
    expect(planAfterGrant(current, { plan: 'individual_pro', months: 7, seats: null }, now)).toEqual({
      plan: 'individual_pro',
      expiresAt: addMonths(days(20), 7),
      seats: 1,
    });
  });

  it('starts from now when the plan has expired or is another plan', () => {
    const expired: PlanState = { plan: 'team_pro', expiresAt: days(-3), seats: 10 };
    expect(planAfterGrant(expired, { plan: 'team_pro', months: 1, seats: 10 }, now).expiresAt).toEqual(
      addMonths(now, 1),
    );
    const free: PlanState = { plan: 'free', expiresAt: null, seats: 0 };
    expect(planAfterGrant(free, { plan: 'team_pro', months: 12, seats: 25 }, now)).toEqual({
      plan: 'team_pro',
      expiresAt: addMonths(now, 12),
      seats: 25,
    });
  });

  it('period3 (0 months) keeps the expiry and only raises the seats', () => {
    const team: PlanState = { plan: 'team_pro', expiresAt: days(15), seats: 10 };
    expect(planAfterGrant(team, { plan: 'team_pro', months: 0, seats: 15 }, now)).toEqual({
      plan: 'team_pro',
      expiresAt: days(15),
      seats: 15,
    });
  });

  it('never shrinks the seats a team already paid for', () => {
    const team: PlanState = { plan: 'team_pro', expiresAt: days(15), seats: 30 };
    expect(planAfterGrant(team, { plan: 'team_pro', months: 1, seats: 10 }, now).seats).toBe(30);
  });
});
