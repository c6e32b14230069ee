import 'server-only';
import { randomBytes } from 'node:crypto';
import type { ProductId } from '@/lib/pricing/catalogue';
import type { Platform } from '@/lib/config/site';
import type { Locale } from '@/lib/i18n/locales';
import type { Sql } from '@/lib/server/db/sql';
import type { NewOrder, Order, OrderStatus } from './types';
import type { Billing } from '@/lib/shared/billing';
import { storableJson } from '@/lib/server/db/storable';

export interface OrderRow {
  id: string;
  platform: Platform;
  user_id: string;
  team_id: string | null;
  plan: ProductId;
  period: Order['period'];
  seats: number | null;
  quantity?: number | null;
  months: number;
  gateway: string;
  method: string;
  currency: Order['currency'];
  amount: number | string;
  status: OrderStatus;
  locale: Locale;
  client_ip: string;
  idempotency_key: string;
  gateway_ref: string | null;
  subscription_id?: string | null;
  subscription_cycle?: number | null;
  checkout_start: Record<string, unknown> | null;
  billing?: Billing | null;
  paid_twice_of?: string | null;
  granted: boolean | null;
  refund_held_at?: Date | string | null;
  created_at: Date;
  updated_at: Date;
}

export const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  platform: row.platform,
  userId: row.user_id,
  teamId: row.team_id,
  plan: row.plan,
  period: row.period,
  seats: row.seats,
  quantity: row.quantity ?? null,
  months: row.months,
  gateway: row.gateway,
  method: row.method,
  currency: row.currency,
  amount: Number(row.amount),
  status: row.status,
  locale: row.locale,
  clientIp: row.client_ip,
  idempotencyKey: row.idempotency_key,
  gatewayRef: row.gateway_ref,
  subscriptionId: row.subscription_id ?? null,
  subscriptionCycle: row.subscription_cycle ?? null,
  checkoutStart: row.checkout_start ?? null,
  billing: row.billing ?? null,
  granted: row.granted === true,
  paidTwiceOf: row.paid_twice_of ?? null,
  refundHeldAt: row.refund_held_at ? new Date(row.refund_held_at) : null,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** An order with whether its grant reached the directory (orders paid before the outbox existed were granted in place). */
export const SELECT_ORDER = `SELECT o.*, (x.order_id IS NULL OR x.delivered_at IS NOT NULL) AS granted
                        FROM orders o LEFT JOIN outbox x ON x.order_id = o.id AND x.kind = 'grant'`;

/** 128 random bits, hex: unguessable, and within VNPay's alphanumeric TxnRef alphabet. */
const newOrderId = () => randomBytes(16).toString('hex');

/** Whether a gateway's reference could name one of our orders at all (32 lowercase hex digits). */
export const isOrderId = (value: string): boolean => /^[a-f0-9]{32}$/.test(value);

/** Idempotent on (subject, idempotencyKey): a repeat returns the first order and `created: false`. */
export async function createOrder(sql: Sql, input: NewOrder): Promise<{ order: Order; created: boolean }> {
  const { subject } = input;
  const inserted = await sql.query<OrderRow>(
    `INSERT INTO orders (id, platform, user_id, team_id, plan, period, seats, months, gateway, method,
                         currency, amount, locale, client_ip, idempotency_key, created_at, updated_at, billing, quantity)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16, $17, $18)
     ON CONFLICT (platform, user_id, idempotency_key) DO NOTHING
     RETURNING *, false AS granted`,
    [
      newOrderId(),
      subject.platform,
      subject.userId,
      subject.teamId ?? null,
      input.plan,
      input.period,
      input.seats,
      input.months,
      input.gateway,
      input.method,
      input.currency,
      input.amount,
      input.locale,
      input.clientIp,
      input.idempotencyKey,
      input.now,
      input.billing ? storableJson(input.billing) : null,
      input.quantity,
    ],
  );
  const created = inserted.rows[0];
  if (created) return { order: toOrder(created), created: true };
  const existing = await sql.query<OrderRow>(
    `${SELECT_ORDER} WHERE o.platform = $1 AND o.user_id = $2 AND o.idempotency_key = $3`,
    [subject.platform, subject.userId, input.idempotencyKey],
  );
  const row = existing.rows[0];
  if (!row) throw new Error('order vanished between insert and select');
  return { order: toOrder(row), created: false };
}

/** The subject's order recorded under this idempotency key, if any. */
export async function findOrderByKey(
  sql: Sql,
  subject: { platform: string; userId: string },
  idempotencyKey: string,
): Promise<Order | null> {
  const result = await sql.query<OrderRow>(
    `${SELECT_ORDER} WHERE o.platform = $1 AND o.user_id = $2 AND o.idempotency_key = $3`,
    [subject.platform, subject.userId, idempotencyKey],
  );
  return result.rows[0] ? toOrder(result.rows[0]) : null;
}

export async function findOrder(sql: Sql, id: string): Promise<Order | null> {
  const result = await sql.query<OrderRow>(`${SELECT_ORDER} WHERE o.id = $1`, [id]);
  return result.rows[0] ? toOrder(result.rows[0]) : null;
}

/** Inside a transaction: the order, locked until commit so callbacks for it queue up. */
export async function lockOrder(tx: Sql, id: string): Promise<Order | null> {
  const result = await tx.query<OrderRow>('SELECT *, false AS granted FROM orders WHERE id = $1 FOR UPDATE', [id]);
  return result.rows[0] ? toOrder(result.rows[0]) : null;
}

/**
 * The only writer of an order's status: moves it to `to` if it is in one of `from`. True only for
 * the call that changed the row — the one allowed to act on the change.
 */
export async function moveOrder(
  tx: Sql,
  orderId: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  now: Date,
): Promise<boolean> {
  const moved = await tx.query(
    'UPDATE orders SET status = $3, updated_at = $2 WHERE id = $1 AND status = ANY($4::text[])',
    [orderId, now, to, from],
  );
  return moved.rowCount === 1;
}

/**
 * Records how checkout began (a redirect URL, PayPal's parameters) and the gateway's reference,
 * once: a repeated checkout replays it rather than asking the gateway again. False when another
 * request recorded one first.
 */
export async function setCheckoutStart(
  sql: Sql,
  orderId: string,
  start: Record<string, unknown>,
  gatewayRef: string | null,
): Promise<boolean> {
  const result = await sql.query(
    `UPDATE orders SET checkout_start = $2, gateway_ref = COALESCE($3, gateway_ref)
      WHERE id = $1 AND checkout_start IS NULL`,
    [orderId, JSON.stringify(start), gatewayRef],
  );
  return result.rowCount === 1;
}

/** One gateway's orders still pending that were created before `createdBefore`, by id (reconciliation pages). */
export async function pendingOrders(
  sql: Sql,
  gateway: string,
  createdBefore: Date,
  limit: number,
  after = '',
): Promise<Order[]> {
  const result = await sql.query<OrderRow>(
    `${SELECT_ORDER} WHERE o.status = 'pending' AND o.gateway = $1 AND o.created_at < $2 AND o.id > $4
      ORDER BY o.id LIMIT $3`,
    [gateway, createdBefore, limit, after],
  );
  return result.rows.map(toOrder);
}

/** When each gateway's oldest order still pending was created (a gateway with none is absent). */
export async function oldestPendingByGateway(sql: Sql): Promise<Map<string, Date>> {
  const result = await sql.query<{ gateway: string; oldest: Date | string }>(
    "SELECT gateway, min(created_at) AS oldest FROM orders WHERE status = 'pending' GROUP BY gateway",
  );
  return new Map(result.rows.map((row) => [row.gateway, new Date(row.oldest)]));
}

/**
 * Orders in a status (all when null), most recently changed first (the operators' queue). The
 * review queue (`needs_review`) also holds paid orders whose refund report waits for a person.
 */
export async function listOrders(sql: Sql, status: OrderStatus | null, limit: number): Promise<Order[]> {
  const result = await sql.query<OrderRow>(
    `${SELECT_ORDER} WHERE ($1::text IS NULL OR o.status = $1 OR ($1 = 'needs_review' AND o.refund_held_at IS NOT NULL))
      ORDER BY o.updated_at DESC LIMIT $2`,
    [status, limit],
  );
  return result.rows.map(toOrder);
}

/** How many orders are in a status; for `needs_review`, with the paid orders whose refund report waits. */
export async function countOrders(sql: Sql, status: OrderStatus): Promise<number> {
  const result = await sql.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM orders WHERE status = $1 OR ($1 = 'needs_review' AND refund_held_at IS NOT NULL)`,
    [status],
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** Inside the order's lock: a refund report waits for a person; the order keeps its status. */
export async function holdRefundReport(tx: Sql, id: string, at: Date): Promise<void> {
  await tx.query('UPDATE orders SET refund_held_at = $2 WHERE id = $1 AND refund_held_at IS NULL', [id, at]);
}

/** Inside the order's lock: a person dealt with its refund report; true when one was waiting. */
export async function releaseRefundReport(tx: Sql, id: string): Promise<boolean> {
  const result = await tx.query(
    'UPDATE orders SET refund_held_at = NULL WHERE id = $1 AND refund_held_at IS NOT NULL',
    [id],
  );
  return result.rowCount === 1;
}

/**
 * Sets (or, with null, clears) an order's company details, for its payer only: false when the
 * order is not this account's (or does not exist) — alike, so an order id reveals nothing.
 */
export async function setBilling(
  sql: Sql,
  owner: { platform: string; userId: string },
  orderId: string,
  billing: Billing | null,
): Promise<boolean> {
  const result = await sql.query('UPDATE orders SET billing = $4 WHERE id = $1 AND platform = $2 AND user_id = $3', [
    orderId,
    owner.platform,
    owner.userId,
    billing ? storableJson(billing) : null,
  ]);
  return result.rowCount === 1;
}

/**
 * What a gateway that reports no refund amounts (VNPay's querydr) said last about an order's
 * refunds, and the total refunded it was matched to: what its next answer is compared with.
 */
export interface RememberedRefundReport {
  seen: Record<string, string>;
  refunded: number;
}

export async function rememberedRefundReport(tx: Sql, orderId: string): Promise<RememberedRefundReport | null> {
  const result = await tx.query<{ refund_report: RememberedRefundReport | null }>(
    'SELECT refund_report FROM orders WHERE id = $1',
    [orderId],
  );
  return result.rows[0]?.refund_report ?? null;
}

export async function rememberRefundReport(tx: Sql, orderId: string, report: RememberedRefundReport): Promise<void> {
  await tx.query('UPDATE orders SET refund_report = $2 WHERE id = $1', [orderId, JSON.stringify(report)]);
}

/**
 * Claims up to `limit` of one gateway's paid orders whose refunds are due to be asked about — paid
 * since `paidSince` (the gateway's refund window), no refund report waiting for a person, not
 * asked since `checkedBefore` — marking them asked at `now`. Claiming (SKIP LOCKED) lets two
 * reconcilers share the work without asking twice.
 */
export async function claimRefundChecks(
  sql: Sql,
  input: { gateway: string; paidSince: Date; checkedBefore: Date; now: Date; limit: number },
): Promise<string[]> {
  const due = await sql.query<{ id: string }>(
    `UPDATE orders SET refunds_checked_at = $3 WHERE id IN (
       SELECT id FROM orders WHERE gateway = $1 AND status = 'paid' AND updated_at >= $2
          AND refund_held_at IS NULL AND (refunds_checked_at IS NULL OR refunds_checked_at < $4)
        ORDER BY updated_at LIMIT $5 FOR UPDATE SKIP LOCKED)
     RETURNING id`,
    [input.gateway, input.paidSince, input.now, input.checkedBefore, input.limit],
  );
  return due.rows.map((row) => row.id);
}
