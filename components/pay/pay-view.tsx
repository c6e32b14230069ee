'use client';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { useLocale } from 'next-intl';
import { site } from '@/lib/config/site';
import type { Locale } from '@/lib/i18n/locales';
import type { PayPageView } from '@/lib/shared/pay-view';
import { payQueryParams } from '@/lib/shared/pay-query';
import { historyPageOf } from '@/lib/shared/receipt';
import { HandoffLauncher } from '@/components/layout/handoff-launcher';
import { PayResultView } from './pay-result';
import { AccountTables } from './account-tables';
import { namesResult, PayLoading } from './pay-loading';
import { PayIntro } from './pay-intro';
import { PurchaseForms } from './purchase-forms';
import { PaymentHistory } from './payment-history';
import { ReceiptView } from './receipt-view';
import { Renewals } from './renewals';
import { PayViewReloadProvider } from './reload-context';
import { apiHeaders } from '@/lib/client/api-headers';
import { hasSessionToken } from '@/lib/client/session-token';
import { takeEarlyPayView } from '@/lib/client/early-session';

/** While the gateway has not confirmed (or a dependency is down), ask again every few seconds, for a minute. */
const RETRY_MS = 3_000;
const MAX_RETRIES = 20;

type State = { kind: 'loading' } | PayPageView;

/**
 * The per-payer part of /pay. The page around it is prerendered; this asks GET /api/pay/view
 * (session cookie) what to show: the account and the checkout form, or a payment's result.
 */
/** `inTelegram`: the page is the Mini App's, where Telegram Stars is the way to pay. */
export function PayView({ inTelegram = false }: { inTelegram?: boolean }) {
  const locale = useLocale() as Locale;
  const search = useSearchParams();
  const query = new URLSearchParams(
    payQueryParams.flatMap((name) => {
      const value = search.get(name);
      return value === null ? [] : [[name, value]];
    }),
  ).toString();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async () => {
    let view: PayPageView;
    try {
      // Inside Telegram the launch script may have asked already, while the page loaded.
      const early = await takeEarlyPayView(query);
      if (early) view = early;
      else {
        const response = await fetch(`/api/pay/view?${query}`, { headers: apiHeaders(locale), cache: 'no-store' });
        view = response.ok || response.status === 503 ? ((await response.json()) as PayPageView) : unavailable();
      }
    } catch {
      // Offline, or the server did not answer: the same honest "try again" view.
      view = unavailable();
    }
    // A transition: React draws the payer's view in short tasks instead of one long one.
    startTransition(() => setState(view));
  }, [query, locale]);

  const reload = useCallback(() => void load(), [load]);

  useEffect(() => {
    // The view is fetched after the prerendered shell paints.
    void load();
  }, [load]);

  const waiting =
    state.kind === 'result' && (state.result.status === 'processing' || state.result.status === 'unavailable');
  useEffect(() => {
    if (!waiting) return;
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      if (tries > MAX_RETRIES) clearInterval(timer);
      else void load();
    }, RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting, load]);

  if (state.kind === 'loading') return <PayLoading result={namesResult(search)} inTelegram={inTelegram} />;
  if (state.kind === 'receipt') return <ReceiptView receipt={state.receipt} historyPage={historyPageOf(search)} />;
  if (state.kind === 'result')
    return <PayResultView result={state.result} supportEmail={state.supportEmail} signedIn={state.signedIn} />;
  return (
    <PayViewReloadProvider value={reload}>
      <div className="personal-page">
        <PayIntro inTelegram={inTelegram} />
        <AccountTables context={state.context} now={new Date(state.now)} />
        {/* Inside Telegram the page is the Mini App: its session lives in this page only, and moves nowhere. */}
        {!hasSessionToken() && <HandoffLauncher page="pay" />}
        <PurchaseForms form={state.form} />
        <Renewals renewals={state.renewals} />
        <PaymentHistory openAt={historyPageOf(search)} />
      </div>
    </PayViewReloadProvider>
  );
}

const unavailable = (): PayPageView => ({
  kind: 'result',
  result: { status: 'unavailable' },
  supportEmail: site.supportEmail,
});
