import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useDay } from '@/lib/i18n/day';
import { isPack, type ProductId } from '@/lib/pricing/catalogue';
import { packQueries } from '@/lib/pricing/pack-quote';

/** What a payment bought, as the history, the receipt and its credit notes have it. */
interface Bought {
  plan: ProductId;
  months: number;
  seats: number | null;
  quantity?: number;
  renewalCycle: number | null;
}

/**
 * What a payment bought, in parts to join with the locale's separator: a plan's name (Latin, in its
 * own <bdi>), its months, seats and renewal; query packs' count, their queries and how long they
 * last — until `packsUntil` when the payment's time is known, else for their months.
 */
export function usePurchaseParts(): (bought: Bought, packsUntil?: string | null) => ReactNode[] {
  const history = useTranslations('PayPage.history');
  const plans = useTranslations('Plans');
  const day = useDay();
  return (bought, packsUntil = null) => {
    if (isPack(bought.plan)) {
      const lasts = packsUntil
        ? plans('pack.until', { date: day(packsUntil) })
        : plans('pack.validFor', { months: bought.months });
      const { quantity } = bought;
      if (quantity === undefined) return [plans('pack.name'), lasts];
      return [plans('pack.bought', { quantity }), plans('pack.queries', { queries: packQueries(quantity) }), lasts];
    }
    return [
      <bdi key="plan">{plans(`names.${bought.plan}`)}</bdi>,
      history('months', { months: bought.months }),
      ...(bought.seats === null ? [] : [history('seats', { seats: bought.seats })]),
      ...(bought.renewalCycle === null ? [] : [history('cycle', { cycle: bought.renewalCycle })]),
    ];
  };
}
