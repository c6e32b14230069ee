import { toMajorUnits, type Currency } from '@/lib/pricing/catalogue';

/**
 * The one way the site writes an amount: integer minor units of `currency`, as the locale writes
 * money (₫6.300.000 in Vietnamese, $269.82 in English). Pages use `useMoney` (./money.ts), inside
 * next-intl's provider; code without one (a translated API error, the operators' command line) uses
 * `formatMoney` with the locale's tag. Kept apart from the hook so that code loads no React.
 *
 * Telegram Stars (`XTR`) is no ISO currency: Intl would print the code ("XTR 100"). Stars are written
 * as Telegram writes them, the star first and the whole number in the locale's digits (`⭐ 100`,
 * `⭐ 10.000` in Vietnamese), held left-to-right as one unit so a right-to-left page (Urdu) keeps
 * the star before the number.
 */
export const moneyOptions = (currency: Currency) =>
  currency === 'XTR' ? ({ maximumFractionDigits: 0 } as const) : ({ style: 'currency', currency } as const);

/** Languages written right to left, by their BCP 47 tag's language (Urdu is the site's). */
const rightToLeft = /^(ar|fa|he|ur)(-|$)/i;

/**
 * A number of stars: the star, a no-break space, the number; on a right-to-left page isolated
 * left-to-right (U+2066 … U+2069), so the star stays before the number there too.
 */
export const starAmount = (localeTag: string, formatted: string) =>
  rightToLeft.test(localeTag) ? `\u2066⭐\u00a0${formatted}\u2069` : `⭐\u00a0${formatted}`;

export function formatMoney(localeTag: string, minor: number, currency: Currency): string {
  const number = new Intl.NumberFormat(localeTag, moneyOptions(currency)).format(toMajorUnits(minor, currency));
  return currency === 'XTR' ? starAmount(localeTag, number) : number;
}
