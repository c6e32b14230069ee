import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { pageMetadata } from '@/lib/server/seo';
import type { Locale } from '@/lib/i18n/locales';

export async function generateMetadata({ params }: PageProps<'/[locale]/pay'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'pay');
}

export default function PayPage() {
  const t = useTranslations('PayPage');
  return (
    <section className="page-hero">
      <h1>{t('heading')}</h1>
      <p>{t('intro')}</p>
    </section>
  );
}
