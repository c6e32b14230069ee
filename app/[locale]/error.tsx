'use client';

import { useTranslations } from 'next-intl';
import { HomeLink } from '@/components/layout/home-link';

export default function LocaleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('Error');
  return (
    <section className="status-page" aria-labelledby="status-heading" role="alert">
      <p className="status-page__code" aria-hidden="true">
        500
      </p>
      <h1 id="status-heading">{t('heading')}</h1>
      <p>{t('body')}</p>
      {/* In production Next replaces server error messages with a generic one plus a digest,
          so nothing internal reaches the page. */}
      <p className="status-page__message">
        <span className="visually-hidden">{t('messageLabel')} </span>
        <code>{error.message}</code>
      </p>
      <div className="status-page__actions">
        <button type="button" className="button" onClick={reset}>
          {t('retry')}
        </button>
        <HomeLink className="button button--primary">{t('backHome')}</HomeLink>
      </div>
    </section>
  );
}
