'use client';
import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useDay } from '@/lib/i18n/day';
import { ConfirmDialog, refusalOf } from '@/components/layout/confirm-dialog';
import { isolated, joined, VALUE } from '@/lib/i18n/isolate';
import { localeInfo } from '@/lib/i18n/locales';
import { useMoney } from '@/lib/i18n/money';
import type { Renewal, StopRenewalRequest } from '@/lib/shared/renewals';
import { usePayViewReload } from './reload-context';
import styles from './pay.module.css';
import { sessionHeaders } from '@/lib/client/session-token';

/**
 * The payer's automatic renewals (gateway subscriptions, from the pay view), under the form: what
 * each renews, for how much, its next charge, and "Stop automatic renewal" behind a confirmation.
 * Nothing is shown to a payer who has none.
 */
export function Renewals({ renewals }: { renewals: readonly Renewal[] }) {
  const t = useTranslations('PayPage.renewals');
  const reload = usePayViewReload();
  const [stopping, setStopping] = useState<Renewal | null>(null);

  if (renewals.length === 0) return null;
  return (
    <section aria-labelledby="renewals-heading" className={styles.renewals} data-testid="renewals">
      <h2 id="renewals-heading">{t('heading')}</h2>
      <ul className={styles.renewalList}>
        {renewals.map((renewal) => (
          <RenewalItem key={renewal.id} renewal={renewal} onStop={() => setStopping(renewal)} />
        ))}
      </ul>
      <StopRenewalDialog
        renewal={stopping}
        onClose={() => setStopping(null)}
        onStopped={() => {
          setStopping(null);
          reload();
        }}
      />
    </section>
  );
}

function RenewalItem({ renewal, onStop }: { renewal: Renewal; onStop: () => void }) {
  const t = useTranslations('PayPage.renewals');
  const history = useTranslations('PayPage.history');
  const plans = useTranslations('Plans');
  const day = useDay();
  const money = useMoney()(renewal.amount, renewal.currency);
  const what = joined(
    [
      <bdi key="plan">{plans(`names.${renewal.plan}`)}</bdi>,
      history('months', { months: renewal.months }),
      ...(renewal.seats === null ? [] : [history('seats', { seats: renewal.seats })]),
      <bdi key="gateway">{renewal.gatewayName}</bdi>,
    ],
    history('separator'),
  );
  return (
    <li className={styles.renewal} data-renewal={renewal.id} data-status={renewal.status}>
      <p className={styles.renewalTitle}>{what}</p>
      <dl className={styles.renewalFacts}>
        <dt>{t('status')}</dt>
        <dd>{isolated(t(`statuses.${renewal.status}`, { gateway: VALUE }), renewal.gatewayName)}</dd>
        <dt>{t('amount')}</dt>
        <dd>{money}</dd>
        {renewal.nextBillingAt && (
          <>
            <dt>{t('nextCharge')}</dt>
            <dd>
              <time dateTime={renewal.nextBillingAt}>{day(renewal.nextBillingAt)}</time>
            </dd>
          </>
        )}
      </dl>
      {renewal.status === 'active' && (
        <button type="button" className="button" onClick={onStop}>
          {t('stop')}
        </button>
      )}
    </li>
  );
}

/** "Stop automatic renewal?" — the renewal stops at its gateway only once confirmed. */
function StopRenewalDialog({
  renewal,
  onClose,
  onStopped,
}: {
  renewal: Renewal | null;
  onClose: () => void;
  onStopped: () => void;
}) {
  const t = useTranslations('PayPage.renewals');
  const locale = useLocale();

  async function stop(): Promise<string | null> {
    if (!renewal) return null;
    const response = await fetch('/api/pay/renewals/stop', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': localeInfo(locale).tag, ...sessionHeaders() },
      body: JSON.stringify({ gateway: renewal.gateway, id: renewal.id } satisfies StopRenewalRequest),
    }).catch(() => null);
    return response?.ok ? null : refusalOf(response, t('failed'));
  }

  if (!renewal) return null;
  return (
    <ConfirmDialog
      labelId="stop-renewal"
      title={t('dialogTitle')}
      body={isolated(t('dialogBody', { gateway: VALUE }), renewal.gatewayName)}
      cancelLabel={t('keep')}
      confirmLabel={t('confirm')}
      workingLabel={t('working')}
      primary="cancel"
      onConfirm={stop}
      onClosed={onClose}
      onDone={onStopped}
    />
  );
}
