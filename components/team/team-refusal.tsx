import { useTranslations } from 'next-intl';
import type { TeamErrorCode } from '@/lib/shared/team';
import styles from './team.module.css';

/** No session, not an admin, or no such team: say so, show nothing of any team. */
export function TeamRefusal({ code }: { code: TeamErrorCode }) {
  const t = useTranslations('TeamPage');
  return (
    <section
      className={styles.refusal}
      aria-labelledby="team-refused-title"
      data-testid="team-refusal"
      data-code={code}
    >
      <h1 id="team-refused-title">{t('refused.title')}</h1>
      <p role="alert">{t(`errors.${code}`)}</p>
      <p>{t('refused.hint')}</p>
    </section>
  );
}
