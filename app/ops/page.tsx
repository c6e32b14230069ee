import type { Metadata } from 'next';
import { roleAllows } from '@/lib/shared/ops-console';
import { OpsFrame } from '@/components/ops/ops-frame';
import { Overview } from '@/components/ops/overview';
import { systemState } from '@/lib/server/ops/console';
import { consolePage, opsPageContext } from '@/lib/server/ops/page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await opsPageContext()).t('overview.title') };
}

// /ops — what waits for a person, reconciliation, the outbox.
export default async function OverviewPage() {
  const { t, locale, session } = await consolePage();
  const state = await systemState();
  return (
    <OpsFrame t={t} locale={locale} operator={session.operator} current="overview" path="/ops">
      <h1>{t('overview.title')}</h1>
      <Overview t={t} locale={locale} state={state} canAct={roleAllows(session.operator.role, 'refunder')} />
    </OpsFrame>
  );
}
