import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { site } from '@/lib/config/site';
import { pageMetadata } from '@/lib/server/seo';
import type { Locale } from '@/lib/i18n/locales';

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'home');
}

export default function HomePage() {
  const t = useTranslations('HomePage');
  return (
    <section className="page-hero">
      <h1>{t('heading')}</h1>
      <p>{t('intro', { brand: site.name })}</p>
      <Link className="button button--primary" href="/join">
        {t('cta')}
      </Link>
    </section>
  );
}
