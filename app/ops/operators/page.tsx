import type { Metadata } from 'next';
import { OperatorAdmin } from '@/components/ops/operator-admin';
import { OpsFrame } from '@/components/ops/ops-frame';
import { listOperators } from '@/lib/server/ops/operators';
import { consolePage, opsPageContext } from '@/lib/server/ops/page';
import { roleAllows } from '@/lib/shared/ops-console';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await opsPageContext()).t('operators.title') };
}

// /ops/operators — an admin invites and revokes operators here, while the site keeps running.
export default async function OperatorsPage() {
  const { t, locale, session } = await consolePage();
  const admin = roleAllows(session.operator.role, 'admin');
  return (
    <OpsFrame t={t} locale={locale} operator={session.operator} current="operators" path="/ops/operators">
      <h1>{t('operators.title')}</h1>
      {admin ? (
        <OperatorAdmin
          t={t}
          locale={locale}
          me={session.operator.name}
          operators={(await listOperators()).map(({ id, name, role, revokedAt, passkeys, lastSignIn }) => ({
            id,
            name,
            role,
            revokedAt,
            passkeys,
            lastSignIn,
          }))}
        />
      ) : (
        <p>{t('errors.admin_required')}</p>
      )}
    </OpsFrame>
  );
}
