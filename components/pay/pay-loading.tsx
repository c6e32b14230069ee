import { useTranslations } from 'next-intl';
import { PayIntro } from './pay-intro';
import styles from './pay.module.css';

/**
 * What /pay shows until the payer's view arrives: the prerendered shell and PayView's own first
 * state are this one element, so hydration swaps nothing and the page keeps the form's room.
 */
export function PayLoading() {
  const t = useTranslations('PayPage');
  return (
    <div className={`pay-page ${styles.loading}`} aria-busy="true">
      <PayIntro />
      <p role="status">{t('loading')}</p>
    </div>
  );
}
