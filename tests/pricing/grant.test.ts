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
    expect(planAfterGrant(free, { plan: 'team_pro', months: 12, seats: 20 }, now)).toEqual({
      plan: 'team_pro',
      expiresAt: addMonths(now, 12),
      seats: 20,
    });
  });

  it('period3 (0 months) keeps the expiry and only raises the seats', () => {
    const team: PlanState = { plan: 'team_pro', expiresAt: days(15), seats: 10 };
    expect(planAfterGrant(team, { plan: 'team_pro', months: 0, seats: 20 }, now)).toEqual({
      plan: 'team_pro',
      expiresAt: days(15),
      seats: 20,
    });
  });

  it('gives every seat of the blocks paid for, even for an order stored with a partial block', () => {
    const free: PlanState = { plan: 'free', expiresAt: null, seats: 0 };
    expect(planAfterGrant(free, { plan: 'team_pro', months: 7, seats: 25 }, now).seats).toBe(30);
    const team: PlanState = { plan: 'team_pro', expiresAt: days(15), seats: 30 };
    expect(planAfterGrant(team, { plan: 'team_pro', months: 0, seats: 31 }, now).seats).toBe(40);
  });

  it('completes the last block of a team that held a partial one, also when the grant keeps the size', () => {
    const legacy: PlanState = { plan: 'team_pro', expiresAt: days(15), seats: 25 };
    expect(planAfterGrant(legacy, { plan: 'team_pro', months: 1, seats: null }, now).seats).toBe(30);
    expect(planAfterGrant(legacy, { plan: 'team_pro', months: 1, seats: 10 }, now).seats).toBe(30);
  });

  it('never shrinks the seats a team already paid for', () => {
    const team: PlanState = { plan: 'team_pro', expiresAt: days(15), seats: 30 };
    expect(planAfterGrant(team, { plan: 'team_pro', months: 1, seats: 10 }, now).seats).toBe(30);
  });
});
