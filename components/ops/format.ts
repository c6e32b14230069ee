import { formatMoney } from '@/lib/i18n/format-money';
import type { Currency } from '@/lib/pricing/catalogue';

/** How the console writes money and times: in the operator's language, times in UTC, to the second. */
const tags = { en: 'en-GB', vi: 'vi-VN' } as const;
export type ConsoleLocale = keyof typeof tags;

export const money = (locale: ConsoleLocale, minor: number, currency: Currency) =>
  formatMoney(tags[locale], minor, currency);

export function when(locale: ConsoleLocale, at: Date | null): string {
  if (!at) return '—';
  return `${new Intl.DateTimeFormat(tags[locale], {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'UTC',
  }).format(at)} UTC`;
}
