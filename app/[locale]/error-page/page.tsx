import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import { HomeLink } from '@/components/layout/home-link';

/**
 * The error page of each locale, prerendered so its text is in the server HTML: the request layer
 * answers with it (status 500, or 503 when a dependency is down) where Next would send an empty
 * `<html id="__next_error__">`. Like the 404 page, its own URL is unknown to the proxy.
 */
export async function generateMetadata({ params }: PageProps<'/[locale]/error-page'>): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale as Locale, namespace: 'Error' });
  return { title: t('heading'), robots: { index: false, follow: false } };
}

export default function ErrorPage() {
  const t = useTranslations('Error');
  return (
    <section className="status-page" aria-labelledby="status-heading" role="alert">
      <h1 id="status-heading">{t('heading')}</h1>
      <p>{t('body')}</p>
      <div className="status-page__actions">
        <HomeLink className="button button--primary">{t('backHome')}</HomeLink>
      </div>
    </section>
  );
}
