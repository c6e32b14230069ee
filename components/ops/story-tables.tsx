import type { OpsLocale, OpsTranslate, OrderStory } from '@/lib/shared/ops-console';
import { DataTable } from './data-table';
import { money, when } from './format';
import styles from './ops.module.css';

/** An order's story, oldest first in each part: callbacks, refunds, decisions, deliveries, operator actions. */
export function StoryTables({ t, locale, story }: { t: OpsTranslate; locale: OpsLocale; story: OrderStory }) {
  const { order } = story;
  const empty = t('order.empty');
  const mono = (text: string) => <span className={styles.mono}>{text}</span>;
  return (
    <section className={styles.card} aria-labelledby="story">
      <h2 id="story">{t('order.title', { id: order.id })}</h2>
      <DataTable
        caption={t('order.events')}
        head={[
          t('order.at'),
          t('order.transaction'),
          t('order.code'),
          t('order.amount'),
          t('order.outcome'),
          t('order.fields'),
        ]}
        empty={empty}
        rows={story.events.map((event) => [
          when(locale, event.receivedAt),
          mono(event.transactionId),
          event.resultCode,
          money(locale, event.amount, order.currency),
          event.outcome,
          mono(JSON.stringify(event.payload)),
        ])}
      />
      <DataTable
        caption={t('order.refunds')}
        head={[
          t('order.at'),
          t('refunds.refund'),
          t('order.refundStatus'),
          t('order.origin'),
          t('order.amount'),
          t('order.by'),
          t('order.why'),
        ]}
        empty={empty}
        rows={story.refunds.map((refund) => [
          when(locale, refund.settledAt ?? refund.createdAt),
          mono(refund.id),
          refund.answerMessage ? `${refund.status} (${refund.answerMessage})` : refund.status,
          refund.origin,
          money(locale, refund.amount, refund.currency),
          refund.requestedBy,
          refund.reason,
        ])}
      />
      <DataTable
        caption={t('order.decisions')}
        head={[t('order.at'), t('order.what'), t('order.by'), t('order.why')]}
        empty={empty}
        rows={story.decisions.map((d) => [when(locale, d.decidedAt), d.decision, d.decidedBy, d.note])}
      />
      <DataTable
        caption={t('order.outbox')}
        head={[t('overview.kind'), t('overview.attempts'), t('overview.lastError'), t('order.delivered')]}
        empty={empty}
        rows={story.outbox.map((entry) => [
          entry.kind,
          String(entry.attempts),
          entry.lastError ?? '—',
          entry.deliveredAt ? when(locale, entry.deliveredAt) : t('order.pendingDelivery'),
        ])}
      />
      <DataTable
        caption={t('order.audit')}
        head={[t('order.at'), t('order.by'), t('order.what'), t('order.why'), t('order.fields')]}
        empty={empty}
        rows={story.audit.map((entry) => [
          when(locale, entry.at),
          entry.actor,
          entry.action,
          entry.reason ?? '—',
          mono(JSON.stringify(entry.detail)),
        ])}
      />
    </section>
  );
}
