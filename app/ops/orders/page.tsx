import type { Metadata } from 'next';
import Link from 'next/link';
import { OpsFrame } from '@/components/ops/ops-frame';
import { OrderSearch } from '@/components/ops/order-search';
import { OrderTable } from '@/components/ops/order-table';
import styles from '@/components/ops/ops.module.css';
import { findOrders, gatewayIds } from '@/lib/server/ops/console';
import { consolePage, opsPageContext } from '@/lib/server/ops/page';
import { orderQuery } from '@/lib/server/ops/requests';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await opsPageContext()).t('orders.title') };
}

// /ops/orders?reference&user&team&status&gateway&from&to&page — the orders search, 25 a page.
export default async function OrdersPage({ searchParams }: PageProps<'/ops/orders'>) {
  const { t, locale, session } = await consolePage();
  const query = orderQuery.parse(await searchParams);
  const { orders, page, more } = await findOrders(query);
  const pageLink = (to: number) => {
    const params = new URLSearchParams(
      Object.entries({ ...query, page: String(to) }).filter((entry): entry is [string, string] => !!entry[1]),
    );
    return `/ops/orders?${params}`;
  };
  return (
    <OpsFrame t={t} locale={locale} operator={session.operator} current="orders" path="/ops/orders">
      <h1>{t('orders.title')}</h1>
      <section className={styles.card} aria-label={t('orders.search')}>
        <OrderSearch t={t} query={query} gateways={gatewayIds()} />
      </section>
      <section className={styles.card} aria-label={t('orders.title')}>
        <OrderTable t={t} locale={locale} caption={t('orders.caption', { page })} orders={orders} />
        <nav className={styles.pager} aria-label={t('orders.pages')}>
          {page > 1 ? <Link href={pageLink(page - 1)}>{t('orders.newer')}</Link> : null}
          {more ? <Link href={pageLink(page + 1)}>{t('orders.older')}</Link> : null}
        </nav>
      </section>
    </OpsFrame>
  );
}
