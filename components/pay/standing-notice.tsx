'use client';
import { useFormatter, useTranslations } from 'next-intl';
import { isolated, VALUE } from '@/lib/i18n/isolate';
import { useMoney } from '@/lib/i18n/money';
import type { PendingPayment, RunningRenewal } from '@/lib/shared/pending-payment';
import styles from './pay.module.css';

/**
 * What the account already has under way for the selected plan, said before the pay button: a
 * renewal still running (no second one is offered), or a payment still being confirmed, which the
 * payer may pay again only by ticking the box. `payAgainOffered` without `pending`: the server
 * found one the page had not seen yet (another browser).
 */
export function StandingNotice({
  renewal,
  pending,
  payAgainOffered,
  payAgain,
  onPayAgain,
}: {
  renewal: RunningRenewal | null;
  pending: PendingPayment | null;
  payAgainOffered: boolean;
  payAgain: boolean;
  onPayAgain: (value: boolean) => void;
}) {
  const t = useTranslations('PayPage.form');
  const format = useFormatter();
  const money = useMoney();
  if (renewal) {
    return (
      <div className={styles.notice} role="note" data-testid="renewal-running">
        <p>{isolated(t('renewalRunning', { gateway: VALUE }), renewal.gatewayName)}</p>
      </div>
    );
  }
  if (!pending && !payAgainOffered) return null;
  return (
    <div className={styles.notice} role="note" data-testid="payment-pending">
      {pending && (
        <p>
          {isolated(
            t('pendingNotice', {
              amount: money(pending.amount, pending.currency),
              gateway: VALUE,
              time: format.dateTime(new Date(pending.startedAt), { timeStyle: 'short' }),
            }),
            pending.gatewayName,
          )}
        </p>
      )}
      <label className={styles.inline}>
        <input type="checkbox" checked={payAgain} onChange={(event) => onPayAgain(event.target.checked)} />
        {t('payAgain')}
      </label>
    </div>
  );
}
