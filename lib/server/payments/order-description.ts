import 'server-only';
import { site } from '@/lib/config/site';
import type { Order } from '@/lib/server/ledger/types';
import messages from '@/messages/en.json';

type Described = Pick<Order, 'plan' | 'months' | 'seats'>;

/**
 * What an order buys, in words, for the description a gateway shows the payer on its own page and
 * statement ("Quorum AI - Team Pro, 7 months, team of 25"), never the site's internal ids. ASCII
 * only: Vietnamese is written without its accents, which is what VNPay's OrderInfo allows, and no
 * encoder can disagree about the bytes a gateway signs. Each gateway trims it to its own rules.
 */
export function orderDescription(order: Described, language: 'en' | 'vi'): string {
  // Product names, the same in every language.
  const plan = messages.Plans.names[order.plan];
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
