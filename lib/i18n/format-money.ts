import { toMajorUnits, type Currency } from '@/lib/pricing/catalogue';

/**
 * The one way the site writes an amount: integer minor units of `currency`, as the locale writes
 * money (₫6.300.000 in Vietnamese, $269.82 in English). Pages use `useMoney` (./money.ts), inside
 * next-intl's provider; code without one (a translated API error, the operators' command line) uses
 * `formatMoney` with the locale's tag. Kept apart from the hook so that code loads no React.
 */
export const moneyOptions = (currency: Currency) => ({ style: 'currency', currency }) as const;

export function formatMoney(localeTag: string, minor: number, currency: Currency): string {
  return new Intl.NumberFormat(localeTag, moneyOptions(currency)).format(toMajorUnits(minor, currency));
}
