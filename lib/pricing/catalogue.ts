/**
 * The plan catalogue: the only place where plans, prices, allowances and periods
 * are written. The landing page, the pay page, checkout and every translation take their
 * numbers from here. Prices are integers in the currency's minor unit (US cents; VND has none;
 * Telegram Stars, `XTR`, are whole stars).
 */
export const currencies = ['USD', 'VND', 'XTR'] as const;
export type Currency = (typeof currencies)[number];

/** The currencies Intl writes as money (ISO 4217); stars are written by the site itself (lib/i18n/format-money.ts). */
export const isoCurrencies = currencies.filter((currency) => currency !== 'XTR');

/** Decimal places of each currency's minor unit (display, and reading a gateway's decimal amounts). */
export const minorUnitDigits: Record<Currency, number> = { USD: 2, VND: 0, XTR: 0 };

/** An amount in minor units as the decimal Intl formats (199 USD cents → 1.99); display only. */
export function toMajorUnits(minor: number, currency: Currency): number {
  return minor / 10 ** minorUnitDigits[currency];
}

export const TEAM_BLOCK_SIZE = 10;

export const plans = {
  free: {
    pricing: 'per_user',
    price: { USD: 0, VND: 0, XTR: 0 },
    /** Queries per user per day; beyond that, pay-as-you-go. */
    dailyQueryLimit: 5,
    features: ['payAsYouGo'],
  },
  individual_pro: {
    pricing: 'per_user',
    price: { USD: 199, VND: 49_000, XTR: 100 },
    dailyQueryLimit: 50,
    features: ['priorityAccess', 'prioritySupport', 'usageAnalytics', 'templateLibrary'],
  },
  team_pro: {
    pricing: 'per_block',
    price: { USD: 1_499, VND: 350_000, XTR: 750 },
    /** null = unlimited */
    dailyQueryLimit: null,
    features: ['allProFeatures', 'customTrainingData', 'trainingSessions', 'premiumSupport'],
  },
} as const satisfies Record<string, PlanDefinition>;

export interface PlanDefinition {
  /** per_user: the price is per user; per_block: per block of TEAM_BLOCK_SIZE seats. */
  pricing: 'per_user' | 'per_block';
  price: Record<Currency, number>;
  dailyQueryLimit: number | null;
  features: readonly string[];
}

/**
 * Pay-as-you-go: a pack of extra queries, bought as one payment (never a subscription), usable by the
 * account that bought it after its plan's daily allowance, for `validMonths` from the payment. A
 * payer buys 1–`maxQuantity` packs at once.
 */
export const queryPack = {
  queries: 100,
  price: { USD: 99, VND: 25_000, XTR: 50 },
  validMonths: 12,
  maxQuantity: 10,
} as const satisfies { queries: number; price: Record<Currency, number>; validMonths: number; maxQuantity: number };

export type PlanId = keyof typeof plans;
export const planIds = Object.keys(plans) as PlanId[];
export type PaidPlanId = Exclude<PlanId, 'free'>;
export const paidPlanIds = planIds.filter((id): id is PaidPlanId => id !== 'free');

/** What an order buys: a paid plan, or query packs (`query_pack`, one payment). */
export const PACK = 'query_pack';
export type PackId = typeof PACK;
export type ProductId = PaidPlanId | PackId;
export const productIds: readonly ProductId[] = [...paidPlanIds, PACK];
export const isPack = (product: ProductId): product is PackId => product === PACK;

/**
 * Billing periods. period0–2 buy calendar months (some of them free); period3 keeps the current
 * plan and expiry and pays only for a prorated team-size increase.
 */
export const periods = {
  period0: { months: 1, paidMonths: 1 },
  period1: { months: 7, paidMonths: 6 },
  period2: { months: 12, paidMonths: 10 },
  period3: { months: 0, paidMonths: 0 },
} as const satisfies Record<string, { months: number; paidMonths: number }>;

export type PeriodId = keyof typeof periods;
export const periodIds = Object.keys(periods) as PeriodId[];
export type PurchasePeriodId = Exclude<PeriodId, 'period3'>;
export const purchasePeriodIds = periodIds.filter((id): id is PurchasePeriodId => id !== 'period3');

/** Months given free by a period: 1 for period1, 2 for period2. */
export function bonusMonths(period: PurchasePeriodId): number {
  return periods[period].months - periods[period].paidMonths;
}

/** Number of blocks of TEAM_BLOCK_SIZE seats needed for `seats` seats. */
export function teamBlocks(seats: number): number {
  return Math.ceil(seats / TEAM_BLOCK_SIZE);
}

/**
 * The seats a team holds for `seats` asked for: every seat of the blocks that are billed for
 * them (25 → 3 blocks → 30), because a block is paid whole and so is usable whole.
 */
export function wholeBlockSeats(seats: number): number {
  return teamBlocks(seats) * TEAM_BLOCK_SIZE;
}
