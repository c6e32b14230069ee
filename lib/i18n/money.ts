import { useFormatter, useLocale } from 'next-intl';
import { localeInfo, type Locale } from './locales';
import { toMajorUnits, type Currency } from '@/lib/pricing/catalogue';
import { moneyOptions, starAmount } from './format-money';

/** An amount in minor units of `currency`, as the page's locale writes money (./format-money.ts). */
export function useMoney(): (minor: number, currency: Currency) => string {
  const format = useFormatter();
  const tag = localeInfo(useLocale() as Locale).tag;
  return (minor, currency) => {
    const number = format.number(toMajorUnits(minor, currency), moneyOptions(currency));
    return currency === 'XTR' ? starAmount(tag, number) : number;
  };
}
