import 'server-only';
import { site } from '@/lib/config/site';
import type { Order } from '@/lib/server/ledger/types';
import messages from '@/messages/en.json';
import { packQueries } from '@/lib/pricing/pack-quote';

type Described = Pick<Order, 'plan' | 'months' | 'seats' | 'quantity'>;

/** The product's name on a gateway's page: a plan's name, the same in every language, or the packs'. */
export function productName(order: Pick<Order, 'plan'>, language: 'en' | 'vi'): string {
  if (order.plan !== 'query_pack') return messages.Plans.names[order.plan];
  return language === 'vi' ? 'Goi luot hoi' : 'Query pack';
}

/**
 * What an order buys, in words, for the description a gateway shows the payer on its own page and
 * statement ("Quorum AI - Team Pro, 7 months, team of 25"), never the site's internal ids. ASCII
 * only: Vietnamese is written without its accents, which is what VNPay's OrderInfo allows, and no
 * encoder can disagree about the bytes a gateway signs. Each gateway trims it to its own rules.
 */
export function orderDescription(order: Described, language: 'en' | 'vi'): string {
  if (order.plan === 'query_pack') {
    const queries = packQueries(order.quantity ?? 0);
    return language === 'vi'
      ? `${site.name} - ${queries} luot hoi them, dung trong ${order.months} thang`
      : `${site.name} - ${queries} extra queries, valid ${order.months} months`;
  }
  const plan = productName(order, language);
  const parts =
    language === 'vi'
      ? [
          order.months === 0 ? 'den ngay het han hien tai' : `${order.months} thang`,
          ...(order.seats === null ? [] : [`nhom ${order.seats} nguoi`]),
        ]
      : [
          order.months === 0
            ? 'until the current expiry'
            : `${order.months} ${order.months === 1 ? 'month' : 'months'}`,
          ...(order.seats === null ? [] : [`team of ${order.seats}`]),
        ];
  // A larger team until the current expiry: the team size first, then how long.
  if (order.months === 0) parts.reverse();
  return `${site.name} - ${plan}, ${parts.join(', ')}`;
}
