import { useFormatter } from 'next-intl';
import { toMajorUnits, type Currency } from '@/lib/pricing/catalogue';

/**
 * The one way the site writes an amount: integer minor units of `currency`, as the locale writes
 * money (₫6.300.000 in Vietnamese, $269.82 in English). Pages use `useMoney`, inside next-intl's
 * provider; server code without one (a translated API error) uses `formatMoney` with the locale's tag.
 */
const options = (currency: Currency) => ({ style: 'currency', currency }) as const;

export function formatMoney(localeTag: string, minor: number, currency: Currency): string {
  return new Intl.NumberFormat(localeTag, options(currency)).format(toMajorUnits(minor, currency));
}

export function useMoney(): (minor: number, currency: Currency) => string {
  const format = useFormatter();
  return (minor, currency) => format.number(toMajorUnits(minor, currency), options(currency));
}
