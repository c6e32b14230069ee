'use client';
import { useEffect, useRef, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Animated, dialogFrom } from '@/components/motion/animated';
import { localeInfo, type Locale } from '@/lib/i18n/locales';
import { useMoney } from '@/lib/i18n/money';
import type { CheckoutResponse } from '@/lib/shared/checkout';
import type { Renewal } from '@/lib/shared/renewals';
import { usePayViewReload } from './reload-context';
import styles from './pay.module.css';

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
  const format = useFormatter();
  const money = useMoney()(renewal.amount, renewal.currency);
  const what = [
    plans(`names.${renewal.plan}`),
    history('months', { months: renewal.months }),
    ...(renewal.seats === null ? [] : [history('seats', { seats: renewal.seats })]),
  ].join(' · ');
  return (
    <li className={styles.renewal} data-renewal={renewal.id} data-status={renewal.status}>
      <p className={styles.renewalTitle}>
        {what} · {renewal.gatewayName}
      </p>
      <dl className={styles.renewalFacts}>
        <dt>{t('status')}</dt>
        <dd>{t(`statuses.${renewal.status}`, { gateway: renewal.gatewayName })}</dd>
        <dt>{t('amount')}</dt>
        <dd>{money}</dd>
        {renewal.nextBillingAt && (
          <>
            <dt>{t('nextCharge')}</dt>
            <dd>
              <time dateTime={renewal.nextBillingAt}>
                {format.dateTime(new Date(renewal.nextBillingAt), { dateStyle: 'long' })}
              </time>
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

/**
 * A native modal <dialog>: the page behind is inert, Escape closes it, "keep" has the focus first.
 * Mounted while open, it rises into place each time (Animated; at once with reduced motion), and
 * every way out goes through the dialog's own close(), which gives the focus back.
 */
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
  const locale = useLocale() as Locale;
  const dialog = useRef<HTMLDialogElement>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (renewal && element && !element.open) element.showModal();
  }, [renewal]);

  // The close event tells the list (onClose), which then unmounts the dialog.
  const close = () => dialog.current?.close();

  async function stop() {
    if (!renewal) return;
    setWorking(true);
    setError(null);
    const response = await fetch('/api/pay/renewals/stop', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': localeInfo(locale).tag },
      body: JSON.stringify({ gateway: renewal.gateway, id: renewal.id }),
    }).catch(() => null);
    setWorking(false);
    if (response?.ok) {
      close();
      return onStopped();
    }
    const answer = (await response?.json().catch(() => null)) as CheckoutResponse | null;
    setError(answer && 'error' in answer ? answer.error.message : t('failed'));
  }

  if (!renewal) return null;
  return (
    <Animated
      as="dialog"
      from={dialogFrom}
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="stop-renewal-title"
      aria-describedby="stop-renewal-body"
      onClose={() => {
        setError(null);
        onClose();
      }}
    >
      <h2 id="stop-renewal-title">{t('dialogTitle')}</h2>
      <p id="stop-renewal-body">{t('dialogBody', { gateway: renewal.gatewayName })}</p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.dialogActions}>
        <button type="button" className="button button--primary" autoFocus onClick={close}>
          {t('keep')}
        </button>
        <button type="button" className="button" onClick={stop} disabled={working} aria-busy={working}>
          {working ? t('working') : t('confirm')}
        </button>
      </div>
    </Animated>
  );
}
