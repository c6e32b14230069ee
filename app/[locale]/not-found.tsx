import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';

export default function LocaleNotFound() {
  const t = useTranslations('NotFound');
  return (
    <section className="status-page" aria-labelledby="status-heading">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="status-heading">{t('heading')}</h1>
      <p>{t('body')}</p>
      <Link className="button button--primary" href="/">
        {t('backHome')}
      </Link>
    </section>
  );
}
