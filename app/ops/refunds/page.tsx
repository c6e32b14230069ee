import type { Metadata } from 'next';
import Link from 'next/link';
import { DataTable } from '@/components/ops/data-table';
import { money, when } from '@/components/ops/format';
import { OpsFrame } from '@/components/ops/ops-frame';
import styles from '@/components/ops/ops.module.css';
import { waitingRefunds } from '@/lib/server/ops/console';
import { consolePage, opsPageContext } from '@/lib/server/ops/page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await opsPageContext()).t('refunds.title') };
}

// /ops/refunds — refunds of ours a gateway has not answered yet.
export default async function RefundsPage() {
  const { t, locale, session } = await consolePage();
  const refunds = await waitingRefunds();
  return (
    <OpsFrame t={t} locale={locale} operator={session.operator} current="refunds" path="/ops/refunds">
      <h1>{t('refunds.title')}</h1>
      <p>{t('refunds.lead')}</p>
      <section className={styles.card} aria-label={t('refunds.title')}>
        <DataTable
          caption={t('refunds.caption')}
          head={[
            t('order.at'),
            t('refunds.refund'),
            t('orders.id'),
            t('order.amount'),
            t('refunds.requestedBy'),
            t('refunds.reason'),
          ]}
          empty={t('refunds.none')}
          rows={refunds.map((refund) => [
            when(locale, refund.createdAt),
            <span key="id" className={styles.mono}>
              {refund.id}
            </span>,
            <Link key="order" className={styles.mono} href={`/ops/orders/${refund.orderId}`}>
              {refund.orderId}
            </Link>,
            money(locale, refund.amount, refund.currency),
            refund.requestedBy,
            refund.reason,
          ])}
        />
      </section>
    </OpsFrame>
  );
}
