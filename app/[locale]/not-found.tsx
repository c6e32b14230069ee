import { useTranslations } from 'next-intl';
import { HomeLink } from '@/components/layout/home-link';

export default function LocaleNotFound() {
  const t = useTranslations('NotFound');
  return (
    <section className="status-page" aria-labelledby="status-heading">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="status-heading">{t('heading')}</h1>
      <p>{t('body')}</p>
      <HomeLink className="button button--primary">{t('backHome')}</HomeLink>
    </section>
  );
}
