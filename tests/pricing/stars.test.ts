import { quote, type PlanState } from '@/lib/pricing/quote';
import { checkoutDraft, type DraftGateway } from '@/lib/pricing/checkout-draft';
import { formatMoney } from '@/lib/i18n/format-money';
import { localeTable } from '@/lib/i18n/locales';

/*
 * Telegram Stars in the one catalogue (whole stars, XTR): 100 ⭐ a month for Individual Pro, 750 ⭐ a
 * block for Team Pro, the periods' paid months as everywhere, period3 prorated and rounded up to a
 * whole star; a month as a Stars subscription at most 10000 ⭐; money written ⭐ 100.
 */
const now = new Date('2026-11-22T10:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
const freeUser: PlanState = { plan: 'free', expiresAt: null, seats: 1 };
const freeTeam: PlanState = { plan: 'free', expiresAt: null, seats: 8 };
const stars = (
  plan: 'individual_pro' | 'team_pro',
  period: 'period0' | 'period1' | 'period2' | 'period3',
  current: PlanState,
  seats?: number,
) => {
  const result = quote({ plan, period, currency: 'XTR', seats, current, now });
  return result.ok ? result.amount : result.reason;
};

describe('prices in Telegram Stars', () => {
  it('are the catalogue’s: a month, 6 paid of 7, 10 paid of 12, per user or per block of ten seats', () => {
    expect(stars('individual_pro', 'period0', freeUser)).toBe(100);
    expect(stars('individual_pro', 'period1', freeUser)).toBe(600);
    expect(stars('individual_pro', 'period2', freeUser)).toBe(1_000);
    expect(stars('team_pro', 'period0', freeTeam, 10)).toBe(750);
    expect(stars('team_pro', 'period1', freeTeam, 25)).toBe(13_500);
    expect(stars('team_pro', 'period2', freeTeam, 25)).toBe(22_500);
  });

  it('prorate a larger team until the current expiry by the day: 750 ⭐ a block over 30 days is 25 ⭐ a block a day', () => {
    const running = (n: number): PlanState => ({ plan: 'team_pro', expiresAt: days(n), seats: 10 });
    expect(stars('team_pro', 'period3', running(15), 15)).toBe(375);
    expect(stars('team_pro', 'period3', running(11), 15)).toBe(275);
    expect(stars('team_pro', 'period3', running(13), 15)).toBe(325);
    expect(stars('team_pro', 'period3', { plan: 'team_pro', expiresAt: days(1), seats: 10 }, 20)).toBe(25);
  });
});

describe('a month as a Stars subscription', () => {
  const starsGateway: DraftGateway = {
    name: 'Telegram Stars',
    currency: 'XTR',
    min: 1,
    max: 1_000_000,
    subscription: { periods: ['period0'], max: 10_000 },
  };
  const draft = (period: 'period0' | 'period2', seats: string) =>
    checkoutDraft({
      plan: 'team_pro',
      period,
      seats,
      gateway: starsGateway,
      user: freeUser,
      team: freeTeam,
      teamAdminsOnly: false,
      currency: 'USD',
      now,
    });

  it('is refused by the form above 10000 stars a month (140 seats: 14 blocks, 10500 ⭐), before any request', () => {
    expect(draft('period0', '130')).toMatchObject({ refusal: null, canPay: true, priced: { amount: 9_750 } });
    expect(draft('period0', '140')).toMatchObject({
      refusal: { code: 'above_subscription_max', max: 10_000, currency: 'XTR' },
      canPay: false,
    });
  });

  it('does not limit a longer period, which is one payment', () => {
    expect(draft('period2', '140')).toMatchObject({ refusal: null, canPay: true, priced: { amount: 105_000 } });
  });
});

describe('money in stars', () => {
  it('is written with the star first and no decimals, in the locale’s digits', () => {
    expect(formatMoney('en-US', 100, 'XTR')).toBe('⭐\u00a0100');
    expect(formatMoney('en-US', 10_000, 'XTR')).toBe('⭐\u00a010,000');
    expect(formatMoney('vi-VN', 10_000, 'XTR')).toBe('⭐\u00a010.000');
  });

  it('keeps the star before the number on a right-to-left page (Urdu), in a left-to-right isolate', () => {
    const urdu = localeTable.find((entry) => entry.dir === 'rtl')!;
    const written = formatMoney(urdu.tag, 100, 'XTR');
    expect(written.startsWith('\u2066⭐\u00a0')).toBe(true);
    expect(written.endsWith('\u2069')).toBe(true);
  });
});
