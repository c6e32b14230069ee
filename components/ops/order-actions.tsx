import type { OpsTranslate, OrderStory } from '@/lib/shared/ops-console';
import { ActionForm } from './action-form';
import { actionLabels } from './action-labels';
import styles from './ops.module.css';

/** What a refunder may do to this order: refund a paid one, decide a review item. */
export function OrderActions({ t, story }: { t: OpsTranslate; story: OrderStory }) {
  const { order } = story;
  const inReview = order.status === 'needs_review' || order.refundHeldAt !== null;
  const amount = (label: string) => (
    <label className={styles.field}>
      {label}
      <input name="amount" inputMode="numeric" pattern="[0-9]*" autoComplete="off" />
    </label>
  );
  return (
    <>
      {order.status === 'paid' ? (
        <section className={styles.card} aria-labelledby="refund">
          <h2 id="refund">{t('refund.title')}</h2>
          <ActionForm
            endpoint="/api/ops/actions/refund"
            payload={{ orderId: order.id }}
            labels={actionLabels(t, t('refund.submit'))}
            danger
          >
            {amount(t('refund.amount'))}
            <label className={styles.field}>
              {t('refund.reason')}
              <textarea name="reason" required maxLength={500} rows={2} />
            </label>
          </ActionForm>
        </section>
      ) : null}
      {inReview ? (
        <section className={styles.card} aria-labelledby="resolve">
          <h2 id="resolve">{t('resolve.title')}</h2>
          <ActionForm
            endpoint="/api/ops/actions/resolve"
            payload={{ orderId: order.id }}
            labels={actionLabels(t, t('resolve.submit'))}
          >
            <label className={styles.field}>
              {t('resolve.decision')}
              <select name="decision" required defaultValue="">
                <option value="" disabled>
                  —
                </option>
                {(['grant', 'close', 'refund'] as const).map((decision) => (
                  <option key={decision} value={decision}>
                    {t(`resolve.${decision}`)}
                  </option>
                ))}
              </select>
            </label>
            {amount(t('resolve.amount'))}
            <label className={styles.field}>
              {t('resolve.note')}
              <textarea name="note" required maxLength={500} rows={2} />
            </label>
          </ActionForm>
        </section>
      ) : null}
    </>
  );
}
