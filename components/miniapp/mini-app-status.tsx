'use client';
import { useTranslations } from 'next-intl';
import type { MiniAppRefusal } from '@/lib/shared/miniapp';
import styles from '@/components/layout/status-card.module.css';

/** What keeps the Mini App from showing its page: a refusal, a page opened outside Telegram, or trouble. */
export type MiniAppProblem = MiniAppRefusal | 'outside' | 'unavailable' | 'failed';

/** The Mini App while it opens (problem null), or why it did not, in the page's language. */
export function MiniAppStatus({ problem, onRetry }: { problem: MiniAppProblem | null; onRetry: () => void }) {
  const t = useTranslations('MiniApp');
  if (problem === null) {
    return (
      <div className="personal-page" role="status" aria-live="polite" data-testid="miniapp-opening">
        <p>{t('opening')}</p>
      </div>
    );
  }
  const retryable = problem === 'unavailable' || problem === 'failed';
  const title = problem === 'outside' ? t('notInTelegram.title') : t('refusalTitle');
  const text = problem === 'outside' ? t('notInTelegram.text') : retryable ? t(problem) : t(`refusal.${problem}`);
  return (
    <section
      className={`${styles.card} ${retryable ? styles.processing : styles.failure}`}
      role="alert"
      data-testid="miniapp-problem"
      data-problem={problem}
    >
      <h1>{title}</h1>
      <p>{text}</p>
      {retryable && (
        <button type="button" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
    </section>
  );
}
