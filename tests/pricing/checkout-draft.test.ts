import { checkoutDraft, type DraftGateway, type DraftInput } from '@/lib/pricing/checkout-draft';
import { plans } from '@/lib/pricing/catalogue';
import type { PlanState } from '@/lib/pricing/quote';

const now = new Date('2026-11-25T00:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
const free: PlanState = { plan: 'free', expiresAt: null, seats: 1 };
const runningTeam = (seats: number): PlanState => ({ plan: 'team_pro', expiresAt: days(30), seats });
const vnd: DraftGateway = { name: 'Gateway VND', currency: 'VND', min: 5_000, max: 1_000_000_000 };
const usd: DraftGateway = { name: 'Gateway USD', currency: 'USD', min: 100, max: 1_000_000, period3: false };

/** A free payer, no team, Individual Pro for one month through a VND gateway; `overrides` change it. */
const draft = (overrides: Partial<DraftInput> = {}) =>
  checkoutDraft({
    plan: 'individual_pro',
    period: 'period0',
    seats: undefined,
    gateway: vnd,
    user: free,
    team: null,
    teamAdminsOnly: false,
    currency: 'USD',
    now,
    ...overrides,
  });

describe('checkoutDraft: what the pay form lets a payer pay', () => {
  it('prices a plan in the chosen gateway’s currency at the catalogue’s price, and it can be paid', () => {
    const { priced, refusal, canPay, currency } = draft();
    expect(currency).toBe('VND');
    expect(priced).toMatchObject({ ok: true, amount: plans.individual_pro.price.VND, months: 1 });
    expect(refusal).toBeNull();
    expect(canPay).toBe(true);
  });

  it('quotes in the locale’s currency while no gateway is chosen, and nothing can be paid without one', () => {
    const { priced, canPay, currency } = draft({ gateway: null, currency: 'USD' });
    expect(currency).toBe('USD');
    expect(priced).toMatchObject({ ok: true, amount: plans.individual_pro.price.USD });
    expect(canPay).toBe(false);
  });

  it('refuses Team Pro without a team (a link from a private chat) and prices nothing', () => {
    const { refusal, priced, canPay, buyer } = draft({ plan: 'team_pro' });
    expect(buyer).toBeNull();
    expect(refusal).toEqual({ code: 'team_required' });
    expect(priced).toBeNull();
    expect(canPay).toBe(false);
  });

  it('buys Team Pro for the team and Individual Pro for the payer', () => {
    const team = runningTeam(10);
    expect(draft({ plan: 'team_pro', team }).buyer).toBe(team);
    expect(draft({ plan: 'individual_pro', team }).buyer).toBe(free);
  });

  it('keeps a plan (period3) only for Team Pro on the team’s running Team Pro; otherwise it is a month’s purchase', () => {
    expect(draft({ plan: 'team_pro', team: runningTeam(10), period: 'period3' })).toMatchObject({
      canKeep: true,
      period: 'period3',
    });
    const expired: PlanState = { plan: 'team_pro', expiresAt: days(-1), seats: 10 };
    expect(draft({ plan: 'team_pro', team: expired, period: 'period3' })).toMatchObject({
      canKeep: false,
      period: 'period0',
    });
    expect(draft({ plan: 'individual_pro', team: runningTeam(10), period: 'period3' })).toMatchObject({
      canKeep: false,
      period: 'period0',
    });
  });

  it('says there is nothing to pay for keeping the plan without more seats', () => {
    const { refusal, canPay } = draft({ plan: 'team_pro', team: runningTeam(10), period: 'period3' });
    expect(refusal).toEqual({ code: 'nothing_to_pay' });
    expect(canPay).toBe(false);
  });

  it('prices keeping the plan with more seats as a prorated increase of whole blocks', () => {
    const { priced, canPay } = draft({ plan: 'team_pro', team: runningTeam(10), period: 'period3', seats: '11' });
    expect(priced).toMatchObject({ ok: true, months: 0, blocks: 2, seats: 20, amount: plans.team_pro.price.VND });
    expect(canPay).toBe(true);
  });

  it('refuses keeping the plan through a gateway that cannot take it, naming the gateway', () => {
    const { refusal, canPay } = draft({
      plan: 'team_pro',
      team: runningTeam(10),
      period: 'period3',
      seats: '20',
      gateway: usd,
    });
    expect(refusal).toEqual({ code: 'period3_not_with_gateway', gateway: 'Gateway USD' });
    expect(canPay).toBe(false);
  });

  it.each([
    ['blank', '  '],
    ['not a number', 'ten'],
    ['the team’s size', '10'],
    ['fewer seats', '5'],
    ['a fraction', '12.5'],
  ])('holds a typed team size that is %s invalid, prices nothing and cannot be paid', (_label, seats) => {
    const { seatsInvalid, priced, canPay } = draft({ plan: 'team_pro', team: runningTeam(10), seats });
    expect(seatsInvalid).toBe(true);
    expect(priced).toBeNull();
    expect(canPay).toBe(false);
  });

  it('prices a larger team in whole blocks: 25 seats asked are 3 blocks, 30 seats', () => {
    const { seats, priced } = draft({ plan: 'team_pro', team: runningTeam(10), seats: '25' });
    expect(seats).toBe(25);
    expect(priced).toMatchObject({ ok: true, blocks: 3, seats: 30, amount: 3 * plans.team_pro.price.VND });
  });

  it('ignores a typed team size for Individual Pro', () => {
    const { seats, seatsInvalid, canPay } = draft({ plan: 'individual_pro', team: runningTeam(10), seats: 'x' });
    expect(seats).toBeUndefined();
    expect(seatsInvalid).toBe(false);
    expect(canPay).toBe(true);
  });

  it('refuses an amount below the gateway’s minimum or above its maximum, with the bound in its currency', () => {
    expect(draft({ gateway: { ...vnd, min: 1_000_000 } }).refusal).toEqual({
      code: 'below_gateway_min',
      min: 1_000_000,
      currency: 'VND',
    });
    const aboveMax = draft({ gateway: { ...vnd, max: 10_000 } });
    expect(aboveMax.refusal).toEqual({ code: 'above_gateway_max', max: 10_000, currency: 'VND' });
    expect(aboveMax.canPay).toBe(false);
  });

  it('asks a payer whose Individual Pro runs to cancel it before buying Team Pro, and lets nothing be paid until then', () => {
    const user: PlanState = { plan: 'individual_pro', expiresAt: days(10), seats: 1 };
    const { mustCancel, canPay, refusal } = draft({ plan: 'team_pro', team: runningTeam(10), user });
    expect(mustCancel).toBe(true);
    expect(refusal).toBeNull();
    expect(canPay).toBe(false);
    expect(draft({ plan: 'individual_pro', team: runningTeam(10), user }).mustCancel).toBe(false);
  });

  it('never lets a team member who is not an admin pay for Team Pro, nor asks them to cancel their own plan for it', () => {
    const user: PlanState = { plan: 'individual_pro', expiresAt: days(10), seats: 1 };
    const member = draft({ plan: 'team_pro', team: runningTeam(10), user, teamAdminsOnly: true });
    expect(member).toMatchObject({ adminsOnly: true, mustCancel: false, canPay: false });
    expect(draft({ plan: 'individual_pro', team: runningTeam(10), teamAdminsOnly: true })).toMatchObject({
      adminsOnly: false,
      canPay: true,
    });
  });
});
