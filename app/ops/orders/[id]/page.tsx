import type { Metadata } from 'next';
import { roleAllows } from '@/lib/shared/ops-console';
import { notFound } from 'next/navigation';
import { OpsFrame } from '@/components/ops/ops-frame';
import { OrderActions } from '@/components/ops/order-actions';
import { OrderFacts } from '@/components/ops/order-facts';
import { StoryTables } from '@/components/ops/story-tables';
import { orderStory } from '@/lib/server/ops/console';
import { consolePage, opsPageContext } from '@/lib/server/ops/page';
import { orderIdParam } from '@/lib/server/ops/requests';

export async function generateMetadata({ params }: PageProps<'/ops/orders/[id]'>): Promise<Metadata> {
  const { id } = await params;
  return { title: (await opsPageContext()).t('order.title', { id: id.slice(0, 64) }) };
}

// /ops/orders/{id} — an order's whole story, and what a refunder may do to it.
export default async function OrderPage({ params }: PageProps<'/ops/orders/[id]'>) {
  const { t, locale, session } = await consolePage();
  const id = orderIdParam.safeParse((await params).id);
  const story = id.success ? await orderStory(id.data) : null;
  if (!story) notFound();
  return (
    <OpsFrame t={t} locale={locale} operator={session.operator} current="orders" path={`/ops/orders/${story.order.id}`}>
      <h1>{t('order.title', { id: story.order.id })}</h1>
      <OrderFacts t={t} locale={locale} story={story} />
      {roleAllows(session.operator.role, 'refunder') ? <OrderActions t={t} story={story} /> : null}
      <StoryTables t={t} locale={locale} story={story} />
    </OpsFrame>
  );
}
