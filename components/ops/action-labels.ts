import type { OpsTranslate } from '@/lib/shared/ops-console';

/** The words every action form needs, besides its own button. */
export const actionLabels = (t: OpsTranslate, submit: string) => ({
  submit,
  working: t('action.working'),
  stepUp: t('action.stepUp'),
  failed: t('action.failed'),
  network: t('action.network'),
});
