import { useFormatter } from 'next-intl';

/**
 * The day a message's `{date}` names, written out in the page's language in the long style the
 * whole site uses ("November 25, 2026", "25 نومبر، 2026"). It never carries a time: every `{date}`
 * placeholder means a day, so each language frames it as one ("on {date}", "{date}に"), and Urdu
 * leaves it bare, since its month names read right to left. When a moment needs its time (the
 * payments' "when"), `usePaymentTime()` writes it on its own, not inside a sentence.
 */
export function useDay(): (value: Date | string) => string {
  const format = useFormatter();
  return (value) => format.dateTime(typeof value === 'string' ? new Date(value) : value, { dateStyle: 'long' });
}
