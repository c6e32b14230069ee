import { useFormatter } from 'next-intl';
import { toMajorUnits, type Currency } from '@/lib/pricing/catalogue';
import { moneyOptions } from './format-money';

/** An amount in minor units of `currency`, as the page's locale writes money (./format-money.ts). */
export function useMoney(): (minor: number, currency: Currency) => string {
  const format = useFormatter();
  return (minor, currency) => format.number(toMajorUnits(minor, currency), moneyOptions(currency));
}
