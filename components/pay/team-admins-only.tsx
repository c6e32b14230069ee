import { useLocale, useTranslations } from 'next-intl';
import { localeInfo, type Locale } from '@/lib/i18n/locales';
import { nameList } from '@/lib/i18n/name-list';
import styles from './pay.module.css';

/** In place of the pay button on Team Pro for a member who is not an admin: who can pay for it. */
export function TeamAdminsOnly({ admins }: { admins: readonly string[] }) {
  const t = useTranslations('PayPage.form');
  const tag = localeInfo(useLocale() as Locale).tag;
  return (
    <p className={styles.notice} role="note" data-testid="team-admins-only">
      {t('teamAdminRequired', { named: admins.length ? 'yes' : 'no', admins: nameList(tag, admins) })}
    </p>
  );
}
