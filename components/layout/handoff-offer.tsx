'use client';
import { useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';

/** Where the other browser's tap sends the handoff (lib/server/links/handoff-exchange.ts). */
const HANDOFF_ACTION = '/api/link/handoff';

/**
 * On a pay or team page this browser has no session for: when its address carries a handoff
 * (`#handoff=…`, put there for the browser that opened the link, and carried here by "Open in
 * Chrome/Safari"), offer to continue here. Nothing is sent without the person's tap, and the
 * handoff is read from the fragment, which no server ever receives on its own.
 */
export function HandoffOffer() {
  const t = useTranslations('LinkHandoff');
  // The fragment is the browser's alone: read after hydration (the server renders nothing here).
  const hash = useSyncExternalStore(
    subscribeToHash,
    () => window.location.hash,
    () => '',
  );
  const h = new URLSearchParams(hash.slice(1)).get('handoff');
  if (!h) return null;
  const handoff = { h, next: `${window.location.pathname}${window.location.search}` };
  return (
    <form method="post" action={HANDOFF_ACTION} data-testid="handoff-offer">
      <p>{t('text')}</p>
      <input type="hidden" name="h" value={handoff.h} />
      <input type="hidden" name="next" value={handoff.next} />
      <button type="submit" className="button button--primary">
        {t('continue')}
      </button>
    </form>
  );
}

function subscribeToHash(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}
