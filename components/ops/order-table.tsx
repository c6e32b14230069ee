import Link from 'next/link';
import { orderTerms, type OpsTranslate } from '@/lib/shared/ops-console';
import type { ConsoleOrder } from '@/lib/shared/ops-console';
import { DataTable } from './data-table';
import { money, when, type ConsoleLocale } from './format';
import styles from './ops.module.css';
import { statusLabel } from './status-label';

/** Orders as rows: each id opens the order's story. */
export function OrderTable(props: {
  t: OpsTranslate;
  locale: ConsoleLocale;
  caption: string;
  orders: ConsoleOrder[];
  extra?: { heading: string; cell: (order: ConsoleOrder) => string };
}) {
  const { t, locale } = props;
  const head = [
    t('orders.id'),
    t('orders.status'),
    t('orders.gateway'),
    t('orders.amount'),
    t('orders.payer'),
    t('orders.plan'),
    t('orders.created'),
  ];
  return (
    <DataTable
      caption={props.caption}
      head={props.extra ? [...head, props.extra.heading] : head}
      empty={t('orders.none')}
      rows={props.orders.map((order) => [
        <Link key="id" className={styles.mono} href={`/ops/orders/${order.id}`}>
          {order.id}
        </Link>,
        statusLabel(t, order),
        order.gateway,
        money(locale, order.amount, order.currency),
        <span key="payer" className={styles.mono}>
          {order.teamId
            ? t('orders.payerTeam', { payer: `${order.platform}:${order.userId}`, team: order.teamId })
            : `${order.platform}:${order.userId}`}
        </span>,
        orderTerms(order),
        when(locale, order.createdAt),
        ...(props.extra ? [props.extra.cell(order)] : []),
      ])}
    />
  );
}
