import { useTranslations } from 'next-intl';
import styles from './pay.module.css';

/**
 * The top of the pay page: the same element in the prerendered shell and in the payer's form, so
 * the first paint already shows what the page is for and nothing above the fold is redrawn larger
 * when the payer's account arrives (it is the page's largest paint, not something after the fetch).
 */
export function PayIntro({ inTelegram = false }: { inTelegram?: boolean }) {
  const t = useTranslations('PayPage');
  return (
    <header className={styles.intro}>
      <h1>{t('heading')}</h1>
      {/* Inside Telegram the one way to pay is Telegram Stars (docs/miniapp.md, "Stars only"). */}
      <p className={styles.lead}>{t(inTelegram ? 'leadInTelegram' : 'lead')}</p>
    </header>
  );
}
