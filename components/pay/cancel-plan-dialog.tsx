'use client';
import { useLocale, useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/components/layout/confirm-dialog';
import { useDay } from '@/lib/i18n/day';
import { CANCEL_PLAN_CONFIRMATION, type CancelPlanRequest } from '@/lib/shared/checkout';
import { postPay } from './pay-api';
import { usePayViewReload } from './reload-context';

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

  const cancelPlan = () =>
    postPay('/api/plan/cancel', locale, { confirm: CANCEL_PLAN_CONFIRMATION } satisfies CancelPlanRequest, t('failed'));

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
