'use client';
import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { apiHeaders } from '@/lib/client/api-headers';
import { HANDOFF_FRAGMENT, HANDOFF_REQUEST_ACTION, type HandoffIssued } from '@/lib/shared/handoff';
import styles from './handoff-launcher.module.css';

type Launch =
  | { phase: 'idle' }
  | { phase: 'asking' }
  | { phase: 'ready'; until: number; minutes: number }
  | { phase: 'refused'; message: string };

/**
 * "Open in another browser" on a pay or team page this browser holds: asks for a handoff and puts
 * it in this page's address (`#handoff=…`), where the chat app's "Open in Chrome/Safari" finds it.
 * It is there only from the person's tap until it stops working (two minutes), then leaves the
 * address again (docs/links.md#leaving-the-chat-apps-browser).
 */
export function HandoffLauncher({ page }: { page: 'pay' | 'team' }) {
  const t = useTranslations('LinkHandoff');
  const locale = useLocale();
  const [launch, setLaunch] = useState<Launch>({ phase: 'idle' });

  const until = launch.phase === 'ready' ? launch.until : null;
  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(() => {
      dropHandoff();
      setLaunch({ phase: 'idle' });
    }, until - Date.now());
    return () => {
      clearTimeout(timer);
      dropHandoff();
    };
  }, [until]);

  async function ask() {
    setLaunch({ phase: 'asking' });
    try {
      const response = await fetch(HANDOFF_REQUEST_ACTION, {
        method: 'POST',
        headers: apiHeaders(locale, { json: true }),
        body: JSON.stringify({ page }),
      });
      const answer = (await response.json()) as Partial<HandoffIssued> & { error?: { message?: string } };
      if (!response.ok || !answer.handoff || !answer.expiresAt) {
        setLaunch({ phase: 'refused', message: answer.error?.message ?? t('moveFailed') });
        return;
      }
      const { pathname, search } = window.location;
      window.history.replaceState(
        window.history.state,
        '',
        `${pathname}${search}#${HANDOFF_FRAGMENT}=${answer.handoff}`,
      );
      const until = Date.parse(answer.expiresAt);
      setLaunch({ phase: 'ready', until, minutes: Math.max(1, Math.round((until - Date.now()) / 60_000)) });
    } catch {
      setLaunch({ phase: 'refused', message: t('moveFailed') });
    }
  }

  return (
    <section className={styles.launcher} data-testid="handoff-launcher">
      <p>{t('moveIntro')}</p>
      <button type="button" className="button" onClick={() => void ask()} disabled={launch.phase === 'asking'}>
        {t('move')}
      </button>
      <p role="status">
        {launch.phase === 'ready'
          ? t('moveReady', { minutes: launch.minutes })
          : launch.phase === 'refused'
            ? launch.message
            : ''}
      </p>
    </section>
  );
}

/** Takes the handoff out of this page's address (it stopped working, or the page is leaving). */
function dropHandoff(): void {
  const { hash, pathname, search } = window.location;
  if (new URLSearchParams(hash.slice(1)).has(HANDOFF_FRAGMENT))
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}
