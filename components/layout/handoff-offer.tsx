'use client';
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { isolated, VALUE } from '@/lib/i18n/isolate';
import {
  HANDOFF_ACCOUNT_ACTION,
  HANDOFF_FRAGMENT,
  HANDOFF_TAKE_ACTION,
  type HandoffAccount,
  type HandoffAccountRequest,
} from '@/lib/shared/handoff';
import card from './status-card.module.css';

type Offer = { phase: 'none' } | { phase: 'offer'; form: HandoffAccountRequest; name: string };

/**
 * On a pay or team page this browser has no session for: when its address carries a handoff
 * (`#handoff=…`, which the person's "Open in another browser" put in the other browser's address
 * and "Open in Chrome/Safari" carried here), the page leads with "Continue in this browser",
 * naming the account it opens — whoever sent this browser here, the person can tell whether it is
 * theirs. The handoff leaves the address as soon as it is read; nothing is sent to take it without
 * the person's tap. Without a handoff that can still be taken, `children` (why there is no page).
 */
export function HandoffOffer({ page, children }: { page: 'pay' | 'team'; children: ReactNode }) {
  const t = useTranslations('LinkHandoff');
  const [offer, setOffer] = useState<Offer>({ phase: 'none' });
  // The fragment is the browser's alone: the server (and hydration) render without it.
  const h = useSyncExternalStore(subscribeToNothing, arrivingHandoff, () => '');
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!h) return;
    const next = `${window.location.pathname}${window.location.search}`;
    // Read once: from here on it is in no address bar, history entry or shared link of this browser.
    window.history.replaceState(window.history.state, '', next);
    const form = { h, next };
    // Not cancelled on unmount: the handoff has left the address, so only this answer can offer it.
    void fetch(HANDOFF_ACCOUNT_ACTION, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(form),
    })
      .then(async (response) => (response.ok ? ((await response.json()) as HandoffAccount) : null))
      .catch(() => null)
      .then((answer) => {
        arriving = '';
        setOffer(answer ? { phase: 'offer', form, name: answer.account.name } : { phase: 'none' });
      });
  }, [h]);

  useEffect(() => {
    if (offer.phase === 'offer') button.current?.focus();
  }, [offer.phase]);

  if (offer.phase === 'none') return h ? null : children;
  return (
    <section className={`${card.card} ${card.processing}`} aria-labelledby="handoff-title" data-testid="handoff-offer">
      <h1 id="handoff-title">{t('title')}</h1>
      <form method="post" action={HANDOFF_TAKE_ACTION}>
        <input type="hidden" name="h" value={offer.form.h} />
        <input type="hidden" name="next" value={offer.form.next} />
        <button ref={button} type="submit" className="button button--primary">
          {t('continue')}
        </button>
      </form>
      <p data-testid="handoff-account">{isolated(t('account', { page, name: VALUE }), offer.name)}</p>
      <p>{t('notYours')}</p>
    </section>
  );
}

/**
 * The handoff this page arrived with, kept from its first reading until the server has said whose
 * it is (the address loses it at once): a string, so each reading is the same snapshot.
 */
let arriving = '';
function arrivingHandoff(): string {
  arriving ||= new URLSearchParams(window.location.hash.slice(1)).get(HANDOFF_FRAGMENT) ?? '';
  return arriving;
}

const subscribeToNothing = () => () => {};
