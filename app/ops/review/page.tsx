import type { Metadata } from 'next';
import { OpsFrame } from '@/components/ops/ops-frame';
import { OrderTable } from '@/components/ops/order-table';
import styles from '@/components/ops/ops.module.css';
import { reviewQueue } from '@/lib/server/ops/console';
import { consolePage, opsPageContext } from '@/lib/server/ops/page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await opsPageContext()).t('review.title') };
}

// /ops/review — what the rules could not settle, each with why.
export default async function ReviewPage() {
  const { t, locale, session } = await consolePage();
  const items = await reviewQueue();
  const reasons = new Map(
    items.map((item) => [item.order.id, t(`review.reasons.${item.reason}`, { code: item.code ?? '—' })]),
  );
  return (
    <OpsFrame t={t} locale={locale} operator={session.operator} current="review" path="/ops/review">
      <h1>{t('review.title')}</h1>
      <p>{t('review.lead')}</p>
      <section className={styles.card} aria-label={t('review.title')}>
        <OrderTable
          t={t}
          locale={locale}
          caption={t('review.caption')}
          orders={items.map((item) => item.order)}
          extra={{ heading: t('review.reason'), cell: (order) => reasons.get(order.id) ?? '' }}
        />
      </section>
    </OpsFrame>
  );
}
