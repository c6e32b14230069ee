import { useTranslations } from 'next-intl';
import { PayIntro } from './pay-intro';
import styles from './pay.module.css';
import card from '@/components/layout/status-card.module.css';

/** The parameters that make /pay a payment's result rather than the form (lib/shared/pay-result.ts). */
export const RESULT_PARAMS = ['status', 'order'] as const;
export const namesResult = (search: URLSearchParams) => RESULT_PARAMS.some((name) => search.has(name));

// Runs as the parser reaches it, before the rest of the shell exists: marks the shell when the
// address names a result. Hashed into the page's CSP by the build (scripts/csp/hash-pages.mjs).
const markResult = `(function(p){if(/[?&](?:${RESULT_PARAMS.join('|')})=/.test(location.search))p.setAttribute('data-result','')})(document.currentScript.parentNode)`;

/**
 * What /pay shows until the payer's view arrives. For the form: the prerendered shell and
 * PayView's own first state are one element (the intro), so hydration swaps nothing and the page
 * keeps the form's room. For a payment's result (`?status=` / `?order=`): a neutral "checking your
 * payment" in the result's place, never the form's intro. The prerendered shell is the same for
 * every address, so it holds both and its first script picks one before either is painted;
 * PayView, which knows the address, draws only the one it needs (`result`).
 */
export function PayLoading({ result, inTelegram }: { result?: boolean; inTelegram?: boolean }) {
  const t = useTranslations('PayPage');
  const formWait = (
    <div className={styles.formWait}>
      <PayIntro inTelegram={inTelegram} />
      <p role="status">{t('loading')}</p>
    </div>
  );
  const resultWait = (
    <section
      className={`${styles.resultWait} ${card.card} ${card.processing}`}
      aria-labelledby="pay-checking-title"
      data-status="checking"
    >
      <h1 id="pay-checking-title">{t('result.checkingTitle')}</h1>
      <p role="status">{t('result.checking')}</p>
    </section>
  );
  if (result === undefined)
    return (
      <div className={`personal-page ${styles.loading} ${styles.shell}`} aria-busy="true">
        <script dangerouslySetInnerHTML={{ __html: markResult }} />
        {formWait}
        {resultWait}
      </div>
    );
  return (
    <div className={`personal-page ${styles.loading}`} aria-busy="true">
      {result ? resultWait : formWait}
    </div>
  );
}
