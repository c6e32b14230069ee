import { orderTerms, type OpsLocale, type OpsTranslate, type OrderStory } from '@/lib/shared/ops-console';
import { money, when } from './format';
import styles from './ops.module.css';
import { statusLabel } from './status-label';

/** The order itself, and what its payer sees of it. */
export function OrderFacts({ t, locale, story }: { t: OpsTranslate; locale: OpsLocale; story: OrderStory }) {
  const { order, payer } = story;
  const facts: Array<[string, string]> = [
    [t('order.status'), statusLabel(t, order)],
    [t('order.gateway'), t('order.gatewayMethod', { gateway: order.gateway, method: order.method })],
    [t('order.gatewayRef'), order.gatewayRef ?? order.subscriptionId ?? '—'],
    [t('order.amount'), money(locale, order.amount, order.currency)],
    [t('order.payer'), `${order.platform}:${order.userId}`],
    [t('order.team'), order.teamId ?? '—'],
    [t('order.plan'), orderTerms(order)],
    [t('order.granted'), order.status === 'paid' ? t(order.granted ? 'order.yes' : 'order.no') : '—'],
    [t('order.created'), when(locale, order.createdAt)],
    [t('order.updated'), when(locale, order.updatedAt)],
  ];
  return (
    <div className={styles.stats}>
      <section className={styles.card} aria-labelledby="facts">
        <h2 id="facts">{t('order.facts')}</h2>
        <dl className={styles.facts}>
          {facts.map(([term, value]) => (
            <div key={term} className={styles.pair}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {order.refundHeldAt ? <p>{t('order.refundHeld', { at: when(locale, order.refundHeldAt) })}</p> : null}
      </section>
      <section className={styles.card} aria-labelledby="payer">
        <h2 id="payer">{t('order.payerView')}</h2>
        <p>{t('order.historyStatus', { status: payer.record.status.replace(/_/g, ' ') })}</p>
        <p>{t(payer.receipt ? 'order.receiptYes' : 'order.receiptNo')}</p>
      </section>
    </div>
  );
}
