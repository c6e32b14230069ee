import 'server-only';
import type { Sql } from '@/lib/server/db/sql';
import { SELECT_ORDER, toOrder, type OrderRow } from './orders';
import type { Order, OrderStatus } from './types';

/**
 * The operators' search over every order (the console's orders page): each field narrows, none is
 * required. `reference` matches an order id or a gateway's reference exactly; `user` a payer's id as
 * the ledger holds it (optionally `platform:id`).
 */
export interface OrderSearch {
  reference?: string | undefined;
  user?: string | undefined;
  team?: string | undefined;
  status?: OrderStatus | undefined;
  gateway?: string | undefined;
  /** Created at or after. */
  from?: Date | undefined;
  /** Created before. */
  to?: Date | undefined;
}

export async function searchOrders(
  sql: Sql,
  search: OrderSearch,
  page: { offset: number; limit: number },
): Promise<{ orders: Order[]; more: boolean }> {
  const [platform, userId] = search.user?.includes(':')
    ? (search.user.split(':', 2) as [string, string])
    : [null, search.user ?? null];
  const result = await sql.query<OrderRow>(
    `${SELECT_ORDER}
      WHERE ($1::text IS NULL OR o.id = $1 OR o.gateway_ref = $1 OR o.subscription_id = $1)
        AND ($2::text IS NULL OR o.platform = $2)
        AND ($3::text IS NULL OR o.user_id = $3)
        AND ($4::text IS NULL OR o.team_id = $4)
        AND ($5::text IS NULL OR o.status = $5 OR ($5 = 'needs_review' AND o.refund_held_at IS NOT NULL))
        AND ($6::text IS NULL OR o.gateway = $6)
        AND ($7::timestamptz IS NULL OR o.created_at >= $7)
        AND ($8::timestamptz IS NULL OR o.created_at < $8)
      ORDER BY o.created_at DESC, o.id DESC LIMIT $9 OFFSET $10`,
    [
      search.reference ?? null,
      platform,
      userId,
      search.team ?? null,
      search.status ?? null,
      search.gateway ?? null,
      search.from ?? null,
      search.to ?? null,
      page.limit + 1,
      page.offset,
    ],
  );
  return { orders: result.rows.slice(0, page.limit).map(toOrder), more: result.rows.length > page.limit };
}
