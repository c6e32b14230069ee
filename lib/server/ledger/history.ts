import 'server-only';
import type { Sql } from '@/lib/server/db/sql';
import type { Platform } from '@/lib/config/site';
import { toOrder, type OrderRow } from './orders';
import type { Order } from './types';

/** An order with the last payment event the gateway sent for it, if any. */
export interface OrderWithLastEvent {
  order: Order;
  lastEvent: { resultCode: string; succeeded: boolean } | null;
}

/** Whose orders: an account's own (along `orders_of_account`) or a team's Team Pro orders (along `orders_of_team`). */
export type OrderOwner = { platform: Platform; userId: string } | { platform: Platform; teamId: string };

type Row = OrderRow & { last_code: string | null; last_succeeded: boolean | null };

/** Named columns, not `*`: the statements are prepared (a later migration's column must not change their result). */
const COLUMNS = `id, platform, user_id, team_id, plan, period, seats, quantity, months, gateway, method, currency, amount,
  status, locale, client_ip, idempotency_key, gateway_ref, subscription_id, subscription_cycle, checkout_start,
  paid_twice_of, created_at, updated_at`;

const ordersPage = (owner: string) => `
  SELECT ${COLUMNS.replace(/(\w+)/g, 'o.$1')}, (x.order_id IS NULL OR x.delivered_at IS NOT NULL) AS granted,
         e.result_code AS last_code, e.succeeded AS last_succeeded
    FROM (SELECT ${COLUMNS} FROM orders WHERE platform = $1 AND ${owner}
           ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4) o
    LEFT JOIN outbox x ON x.order_id = o.id AND x.kind = 'grant'
    LEFT JOIN LATERAL (SELECT result_code, succeeded FROM payment_events
                        WHERE order_id = o.id ORDER BY received_at DESC, id DESC LIMIT 1) e ON true
   ORDER BY o.created_at DESC, o.id DESC`;
const ACCOUNT_ORDERS = ordersPage('user_id = $2');
/**
 * A team's orders are the Team Pro orders for it that are paid, awaiting their gateway or held for
 * review (a refund is held there too): what the team's money did. An order made from the team's
 * chat for a member's own plan is that member's, and so is a failed or cancelled attempt, which
 * moved no money (docs/team-page.md#the-teams-payments). The scan follows `orders_of_team`; the
 * filter drops the rest, a few rows per member.
 */
const TEAM_ORDERS = ordersPage(`team_id = $2 AND plan = 'team_pro' AND status <> 'failed'`);

/** One page of an owner's orders, newest first; one row more than asked says whether an older page exists. */
export async function ordersOf(
  sql: Sql,
  owner: OrderOwner,
  offset: number,
  limit: number,
): Promise<{ orders: OrderWithLastEvent[]; more: boolean }> {
  const byTeam = 'teamId' in owner;
  const result = await sql.query<Row>(
    byTeam ? TEAM_ORDERS : ACCOUNT_ORDERS,
    [owner.platform, byTeam ? owner.teamId : owner.userId, limit + 1, offset],
    { prepare: true },
  );
  const rows = result.rows.slice(0, limit);
  return {
    orders: rows.map((row) => ({
      order: toOrder(row),
      lastEvent: row.last_code === null ? null : { resultCode: row.last_code, succeeded: row.last_succeeded === true },
    })),
    more: result.rows.length > limit,
  };
}

/** The last payment event the gateway sent for one order (what its payer's history reads), if any. */
export async function lastEventOf(sql: Sql, orderId: string): Promise<OrderWithLastEvent['lastEvent']> {
  const result = await sql.query<{ result_code: string; succeeded: boolean }>(
    'SELECT result_code, succeeded FROM payment_events WHERE order_id = $1 ORDER BY received_at DESC, id DESC LIMIT 1',
    [orderId],
  );
  const row = result.rows[0];
  return row ? { resultCode: row.result_code, succeeded: row.succeeded === true } : null;
}
