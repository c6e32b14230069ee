import type { Metadata } from 'next';
import { OpsFrame } from '@/components/ops/ops-frame';
import { SignInButton } from '@/components/ops/sign-in-button';
import styles from '@/components/ops/ops.module.css';
import { opsPageContext } from '@/lib/server/ops/page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await opsPageContext()).t('signIn.title') };
}

// /ops/sign-in — passkeys only; open without a session.
export default async function SignInPage() {
  const { t, locale } = await opsPageContext();
  return (
    <OpsFrame t={t} locale={locale} operator={null} path="/ops/sign-in">
      <div className={`${styles.card} ${styles.narrow}`}>
        <h1>{t('signIn.title')}</h1>
        <p>{t('signIn.lead')}</p>
        <SignInButton
          labels={{ button: t('signIn.button'), working: t('signIn.working'), failed: t('action.failed') }}
        />
      </div>
    </OpsFrame>
  );
}
