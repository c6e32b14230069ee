import { useTranslations } from 'next-intl';
import { useDay } from '@/lib/i18n/day';
import { useMoney } from '@/lib/i18n/money';
import type { Currency } from '@/lib/pricing/catalogue';
import type { RefundSummary } from '@/lib/shared/payment-history';
import styles from './payment-history.module.css';

/** A refund moves the plan's expiry back to the moment of the refund at the latest: then it ended the plan. */
const ENDED_WITHIN_MS = 60_000;

/**
 * What went back of a payment, under its status: how much and when, then what it did to the plan —
 * the days taken off and the date the plan now expires, or the day it ended (once the account has it).
 * Query packs have no days: their refund takes back their unused queries (all of them, or the
 * refund's share), which only the account's directory counts.
 */
export function RefundLines({
  refund,
  currency,
  packs = null,
}: {
  refund: RefundSummary;
  currency: Currency;
  /** A payment for query packs: whether all its money went back. */
  packs?: { whole: boolean } | null;
}) {
  const t = useTranslations('PayPage.history');
  const day = useDay();
  const formatMoney = useMoney();
  const expiry = refund.planExpiresAt === null ? null : new Date(refund.planExpiresAt);
  const ended = expiry !== null && expiry.getTime() <= new Date(refund.at).getTime() + ENDED_WITHIN_MS;
  const date = expiry === null ? '' : day(expiry);
  return (
    <>
      <span className={styles.reason} data-testid="refunded-on">
        {t('refundedOn', { amount: formatMoney(refund.amount, currency), date: day(refund.at) })}
      </span>
      {packs && (
        <span className={styles.reason} data-testid="queries-taken">
          {t('queriesTaken', { whole: packs.whole ? 'yes' : 'no' })}
        </span>
      )}
      {!packs && refund.daysTaken > 0 && (
        <span className={styles.reason} data-testid="days-taken">
          {expiry === null
            ? t('daysTaken', { days: refund.daysTaken })
            : t(ended ? 'daysTakenEnded' : 'daysTakenMoved', { days: refund.daysTaken, date })}
        </span>
      )}
    </>
  );
}
