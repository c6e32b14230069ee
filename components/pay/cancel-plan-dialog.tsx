'use client';
import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Animated, dialogFrom } from '@/components/motion/animated';
import { localeInfo } from '@/lib/i18n/locales';
import type { CheckoutResponse } from '@/lib/shared/checkout';
import { usePayViewReload } from './reload-context';
import styles from './pay.module.css';

/**
 * "Cancel plan" / "No, keep current plan" before moving from individual_pro to team_pro. A
 * native modal <dialog>: the page behind is inert (focus stays inside) and Escape closes it. It is
 * mounted while open, so it rises into place each time it opens (Animated; at once with reduced
 * motion), and every way out goes through the dialog's own close(), which gives the focus back.
 */
export function CancelPlanDialog({
  open,
  onClose,
  expiresAt,
}: {
  open: boolean;
  onClose: () => void;
  expiresAt: string;
}) {
  const t = useTranslations('PayPage.cancelModal');
  const locale = useLocale();
  const reload = usePayViewReload();
  const dialog = useRef<HTMLDialogElement>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
  }, [open]);

  // The close event tells the form (onClose), which then unmounts the dialog.
  const close = () => dialog.current?.close();

  async function cancelPlan() {
    setWorking(true);
    setError(null);
    const response = await fetch('/api/plan/cancel', {
      method: 'POST',
      headers: { 'Accept-Language': localeInfo(locale as never).tag },
    }).catch(() => null);
    setWorking(false);
    if (response?.ok) {
      close();
      reload();
      return;
    }
    const answer = (await response?.json().catch(() => null)) as CheckoutResponse | null;
    setError(answer && 'error' in answer ? answer.error.message : t('failed'));
  }

  if (!open) return null;
  return (
    <Animated
      as="dialog"
      from={dialogFrom}
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="cancel-plan-title"
      aria-describedby="cancel-plan-body"
      onClose={onClose}
    >
      <h2 id="cancel-plan-title">{t('title')}</h2>
      <p id="cancel-plan-body">{t('body', { date: expiresAt })}</p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.dialogActions}>
        <button type="button" className="button button--primary" autoFocus onClick={close}>
          {t('keep')}
        </button>
        <button type="button" className="button" onClick={cancelPlan} disabled={working} aria-busy={working}>
          {working ? t('working') : t('confirm')}
        </button>
      </div>
    </Animated>
  );
}
