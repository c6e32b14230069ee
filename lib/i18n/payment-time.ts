import { useFormatter, useTranslations } from 'next-intl';
import { useDay } from './day';

/**
 * When a payment was made, in one style per language wherever it is shown (the history, the team's
 * payments, the receipt): the long date the rest of the site uses, then the time, joined the
 * language's way (`PayPage.history.dateTime`). Intl's own date-and-time patterns differ between
 * lengths (Vietnamese puts the time first), so the two parts are formatted apart.
 */
export function usePaymentTime(): (iso: string) => string {
  const format = useFormatter();
  const day = useDay();
  const t = useTranslations('PayPage.history');
  return (iso) => {
    const when = new Date(iso);
    return t('dateTime', {
      date: day(when),
      time: format.dateTime(when, { timeStyle: 'short' }),
    });
  };
}
