import Link from 'next/link';
import type { OpsLocale, OpsTranslate, SystemState } from '@/lib/shared/ops-console';
import { ActionForm } from './action-form';
import { actionLabels } from './action-labels';
import { DataTable } from './data-table';
import { when } from './format';
import styles from './ops.module.css';

/** The overview: what waits for a person, reconciliation's last round and lag, the outbox. */
export function Overview({
  t,
  locale,
  state,
  canAct,
}: {
  t: OpsTranslate;
  locale: OpsLocale;
  state: SystemState;
  canAct: boolean;
}) {
  const run = state.lastRun;
  return (
    <>
      <div className={styles.stats}>
        <Link className={styles.card} href="/ops/review">
          <span className={styles.stat}>{state.needsReview}</span>
          {t('overview.needsReview')}
        </Link>
        <Link className={styles.card} href="/ops/refunds">
          <span className={styles.stat}>{state.refundsWaiting}</span>
          {t('overview.refundsWaiting')}
        </Link>
      </div>
      <section className={styles.card} aria-labelledby="reconciliation">
        <h2 id="reconciliation">{t('overview.reconciliation')}</h2>
        <p>{run ? t('overview.lastRun', { at: when(locale, run.finishedAt), ms: run.ms }) : t('overview.never')}</p>
        <DataTable
          caption={t('overview.lagCaption')}
          head={[t('overview.gateway'), t('overview.lag'), t('overview.asked')]}
          empty={t('overview.none')}
          rows={state.lag.map(({ gateway, seconds }) => [gateway, String(seconds), String(run?.asked[gateway] ?? '—')])}
        />
        {canAct ? (
          <ActionForm
            endpoint="/api/ops/actions/reconcile"
            payload={{}}
            labels={actionLabels(t, t('overview.runNow'))}
          />
        ) : null}
      </section>
      <section className={styles.card} aria-labelledby="outbox">
        <h2 id="outbox">{t('overview.outbox')}</h2>
        <p>{t('overview.depth', { depth: state.outboxDepth })}</p>
        <DataTable
          caption={t('overview.undeliveredCaption')}
          head={[
            t('overview.kind'),
            t('overview.order'),
            t('overview.attempts'),
            t('overview.lastError'),
            t('overview.nextAttempt'),
            '',
          ]}
          empty={t('overview.none')}
          rows={state.undelivered.map((entry) => [
            entry.kind,
            <Link key="order" className={styles.mono} href={`/ops/orders/${entry.orderId}`}>
              {entry.orderId}
            </Link>,
            String(entry.attempts),
            entry.lastError ?? '—',
            when(locale, entry.nextAttemptAt),
            canAct ? (
              <ActionForm
                key="retry"
                endpoint="/api/ops/actions/retry"
                payload={{ outboxId: entry.id }}
                labels={actionLabels(t, t('overview.retry'))}
              />
            ) : (
              ''
            ),
          ])}
        />
      </section>
    </>
  );
}
