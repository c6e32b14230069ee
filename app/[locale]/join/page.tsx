import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { site } from '@/lib/config/site';
import { pageMetadata } from '@/lib/server/seo';
import type { Locale } from '@/lib/i18n/locales';

export async function generateMetadata({ params }: PageProps<'/[locale]/join'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'join');
}

export default function JoinPage() {
  const t = useTranslations('JoinPage');
  return (
    <section className="page-hero">
      <h1>{t('heading', { brand: site.name })}</h1>
      <p>{t('intro')}</p>
    </section>
  );
}
