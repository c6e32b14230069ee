'use client';
import { useCallback, useEffect, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { localeInfo, type Locale } from '@/lib/i18n/locales';
import { Link } from '@/lib/i18n/navigation';
import { RECEIPT_PARAM } from '@/lib/shared/receipt';
import { toMajorUnits } from '@/lib/pricing/catalogue';
import type { PaymentHistoryPage, PaymentRecord } from '@/lib/shared/payment-history';
import type en from '@/messages/en.json';
import styles from './payment-history.module.css';

type MethodKey = keyof (typeof en)['PayPage']['form']['methods'];

type State = { kind: 'loading' } | { kind: 'ready'; history: PaymentHistoryPage } | { kind: 'unavailable' };

/**
 * The payer's own payments under the form: GET /api/pay/history (session cookie), a page of
 * twenty at a time. A table from 40rem up, a card per payment on a phone.
 */
export function PaymentHistory() {
  const t = useTranslations('PayPage.history');
  const locale = useLocale() as Locale;
  const [page, setPage] = useState(1);
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async () => {
    try {
      const response = await fetch(`/api/pay/history?page=${page}`, {
        headers: { 'Accept-Language': localeInfo(locale).tag },
        cache: 'no-store',
      });
      if (!response.ok) throw new Error(String(response.status));
      setState({ kind: 'ready', history: (await response.json()) as PaymentHistoryPage });
    } catch {
      setState({ kind: 'unavailable' });
    }
  }, [page, locale]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fetched after the form is drawn, page by page
    void load();
  }, [load]);

  return (
    <section aria-labelledby="payments-heading" className={styles.history} data-testid="payment-history">
      <h2 id="payments-heading">{t('heading')}</h2>
      {state.kind === 'loading' && <p role="status">{t('loading')}</p>}
      {state.kind === 'unavailable' && (
        <p role="alert">
          {t('unavailable')}{' '}
          <button type="button" className={styles.pageButton} onClick={() => void load()}>
            {t('retry')}
          </button>
        </p>
      )}
      {state.kind === 'ready' && state.history.payments.length === 0 && page === 1 && <p>{t('empty')}</p>}
      {state.kind === 'ready' && state.history.payments.length > 0 && (
        <>
          <p className={styles.hint}>{t('referenceHint')}</p>
          <table className={styles.payments} role="table" aria-labelledby="payments-heading">
            <thead role="rowgroup">
              <tr role="row">
                {(['date', 'purchase', 'amount', 'paidWith', 'status', 'reference'] as const).map((column) => (
                  <th key={column} scope="col" role="columnheader">
                    {t(`columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {state.history.payments.map((payment) => (
                <PaymentRow key={payment.reference} payment={payment} />
              ))}
            </tbody>
          </table>
        </>
      )}
      {state.kind === 'ready' && (page > 1 || state.history.hasOlder) && (
        <nav aria-label={t('pages')} className={styles.pager}>
          <button
            type="button"
            className={styles.pageButton}
            disabled={page === 1}
            onClick={() => setPage((p) => p - 1)}
          >
            {t('newer')}
          </button>
          <span>{t('page', { page })}</span>
          <button
            type="button"
            className={styles.pageButton}
            disabled={!state.history.hasOlder}
            onClick={() => setPage((p) => p + 1)}
          >
            {t('older')}
          </button>
        </nav>
      )}
    </section>
  );
}

function PaymentRow({ payment }: { payment: PaymentRecord }) {
  const t = useTranslations('PayPage.history');
  const plans = useTranslations('Plans');
  const methods = useTranslations('PayPage.form.methods');
  const format = useFormatter();
  const created = new Date(payment.createdAt);
  const money = format.number(toMajorUnits(payment.amount, payment.currency), {
    style: 'currency',
    currency: payment.currency,
  });
  const bought = [
    plans(`names.${payment.plan}`),
    t('months', { months: payment.months }),
    ...(payment.seats === null ? [] : [t('seats', { seats: payment.seats })]),
    ...(payment.renewalCycle === null ? [] : [t('cycle', { cycle: payment.renewalCycle })]),
  ];
  return (
    <tr role="row" data-reference={payment.reference} data-status={payment.status}>
      <td role="cell" data-label={t('columns.date')}>
        <time dateTime={payment.createdAt}>
          {format.dateTime(created, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </td>
      <td role="cell" data-label={t('columns.purchase')}>
        {bought.join(' · ')}
      </td>
      <td role="cell" data-label={t('columns.amount')} className={styles.amount}>
        {money}
      </td>
      <td role="cell" data-label={t('columns.paidWith')}>
        {payment.gatewayName} · {methods(payment.method as MethodKey)}
      </td>
      <td role="cell" data-label={t('columns.status')}>
        <span className={`${styles.status} ${styles[payment.status]}`}>
          {payment.status === 'failed' && payment.code
            ? t('statusFailedCode', { code: payment.code })
            : t(`status.${payment.status}`)}
        </span>
      </td>
      <td role="cell" data-label={t('columns.reference')}>
        <code translate="no">{payment.reference}</code>
        {payment.status === 'paid' ? (
          <>
            {' '}
            <Link
              href={{ pathname: '/pay', query: { [RECEIPT_PARAM]: payment.orderId } }}
              aria-label={t('receiptFor', { reference: payment.reference })}
            >
              {t('receipt')}
            </Link>
          </>
        ) : null}
      </td>
    </tr>
  );
}
