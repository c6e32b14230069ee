'use client';
import { useTranslations } from 'next-intl';
import styles from './pay.module.css';

/**
 * "Loading PayPal…", announced politely: shown while the buttons' code arrives (the dynamic import
 * in continuations.ts) and then while PayPal's own script loads (paypal-checkout.tsx). One
 * component, so the two moments read as one wait.
 */
export function PaypalLoading() {
  const t = useTranslations('PayPage.form');
  return (
    <p className={styles.hint} role="status">
      {t('paypalLoading')}
    </p>
  );
}
