import type { Metadata } from 'next';
import { EnrolPasskey } from '@/components/ops/enrol-passkey';
import { OpsFrame } from '@/components/ops/ops-frame';
import styles from '@/components/ops/ops.module.css';
import { opsPageContext } from '@/lib/server/ops/page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await opsPageContext()).t('enrol.title') };
}

// /ops/enrol#<token> — an invitation link: the token is in the fragment, read by the page alone.
export default async function EnrolPage() {
  const { t, locale } = await opsPageContext();
  const labels = {
    lead: t('enrol.lead'),
    loading: t('enrol.loading'),
    button: t('enrol.button'),
    working: t('enrol.working'),
    noToken: t('enrol.noToken'),
    failed: t('action.failed'),
  };
  return (
    <OpsFrame t={t} locale={locale} operator={null} path="/ops/enrol">
      <div className={`${styles.card} ${styles.narrow}`}>
        <h1>{t('enrol.title')}</h1>
        <EnrolPasskey labels={labels} />
      </div>
    </OpsFrame>
  );
}
