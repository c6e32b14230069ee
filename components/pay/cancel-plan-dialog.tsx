'use client';
import { useLocale, useTranslations } from 'next-intl';
import { ConfirmDialog, refusalOf } from '@/components/layout/confirm-dialog';
import { useDay } from '@/lib/i18n/day';
import { localeInfo } from '@/lib/i18n/locales';
import { CANCEL_PLAN_CONFIRMATION, type CancelPlanRequest } from '@/lib/shared/checkout';
import { usePayViewReload } from './reload-context';
import { sessionHeaders } from '@/lib/client/session-token';

/** "Cancel plan" / "No, keep current plan" before moving from individual_pro to team_pro. */
export function CancelPlanDialog({
  open,
  onClose,
  expiresAt,
}: {
  open: boolean;
  onClose: () => void;
  /** When the plan being cancelled would have ended. */
  expiresAt: Date;
}) {
  const t = useTranslations('PayPage.cancelModal');
  const locale = useLocale();
  const day = useDay();
  const reload = usePayViewReload();

  async function cancelPlan(): Promise<string | null> {
    const response = await fetch('/api/plan/cancel', {
      method: 'POST',
      headers: { 'Accept-Language': localeInfo(locale).tag, 'Content-Type': 'application/json', ...sessionHeaders() },
      body: JSON.stringify({ confirm: CANCEL_PLAN_CONFIRMATION } satisfies CancelPlanRequest),
    }).catch(() => null);
    return response?.ok ? null : refusalOf(response, t('failed'));
  }

  if (!open) return null;
  return (
    <ConfirmDialog
      labelId="cancel-plan"
      title={t('title')}
      body={t('body', { date: day(expiresAt) })}
      cancelLabel={t('keep')}
      confirmLabel={t('confirm')}
      workingLabel={t('working')}
      primary="cancel"
      onConfirm={cancelPlan}
      onClosed={onClose}
      onDone={reload}
    />
  );
}
