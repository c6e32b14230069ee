'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Locale } from '@/lib/i18n/locales';
import type { PaymentHistoryPage } from '@/lib/shared/payment-history';
import { PaymentTable } from './payment-table';
import styles from './payment-history.module.css';
import { apiHeaders } from '@/lib/client/api-headers';

type State = { kind: 'loading' } | { kind: 'ready'; history: PaymentHistoryPage } | { kind: 'unavailable' };

/**
 * The payer's own payments under the form, behind a disclosure: GET /api/pay/history (session
 * cookie) is asked when it is first opened, then a page of twenty at a time — most visits come to
 * pay, and the history would be a second personal request on each of them. A table from 40rem
 * up, a card per payment on a phone. `openAt`: the page a receipt was opened from, on the way back
 * from it — the history opens there, scrolled into view.
 */
export function PaymentHistory({ openAt = null }: { openAt?: number | null }) {
  const t = useTranslations('PayPage.history');
  const locale = useLocale() as Locale;
  const [open, setOpen] = useState(openAt !== null);
  const [page, setPage] = useState(openAt ?? 1);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const details = useRef<HTMLDetailsElement>(null);
  const returning = useRef(openAt !== null);

  const load = useCallback(async () => {
    try {
      const response = await fetch(`/api/pay/history?page=${page}`, {
        headers: apiHeaders(locale),
        cache: 'no-store',
      });
      if (!response.ok) throw new Error(String(response.status));
      setState({ kind: 'ready', history: (await response.json()) as PaymentHistoryPage });
    } catch {
      setState({ kind: 'unavailable' });
    }
  }, [page, locale]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fetched once opened, page by page
    if (open) void load();
  }, [open, load]);

  useEffect(() => {
    if (!returning.current || state.kind === 'loading') return;
    returning.current = false;
    details.current?.scrollIntoView?.({ block: 'start' });
  }, [state.kind]);

  return (
    <details
      ref={details}
      id="payments"
      open={openAt !== null || undefined}
      className={styles.history}
      data-testid="payment-history"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className={styles.summary}>
        <h2 id="payments-heading">{t('heading')}</h2>
      </summary>
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
          <PaymentTable
            payments={state.history.payments}
            labelledBy="payments-heading"
            receiptPath="/pay"
            historyPage={page}
          />
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
    </details>
  );
}
