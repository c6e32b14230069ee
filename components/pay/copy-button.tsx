'use client';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import styles from './pay.module.css';

/** Copies `text` exactly; says so for a moment, to sighted and screen-reader users alike. */
export function CopyButton({ text }: { text: string }) {
  const t = useTranslations('PayPage.account');
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={styles.copy}
      onClick={async () => {
        await navigator.clipboard.writeText(text);
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      }}
    >
      <span aria-live="polite">{copied ? t('copied') : t('copy')}</span>
    </button>
  );
}
