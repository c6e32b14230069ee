import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Sql } from '@/lib/server/db/sql';
import { storableJson, storableText } from '@/lib/server/db/storable';
import { SELECT_ORDER, toOrder, type OrderRow } from './orders';
import type { Order, PlanOrder } from './types';
import { PACK_PERIOD } from '@/lib/pricing/pack-quote';

/**
 * Gateway subscriptions (PayPal's, and any gateway's that renews a plan by itself) and the orders
 * that are their payments. A subscription is bound to the checkout order that started it, once: the
 * subscription id is the primary key and the order id is unique, so one subscription can never pay
 * for two orders, nor one order hold two subscriptions. Payment n of a subscription is the order
 * with (subscription_id, cycle n).
 */

/**
 * Where a subscription stands, in the site's words; each gateway maps its own status onto them:
 * - `awaiting_approval`: created, the payer has not approved it: it charges nothing;
 * - `approved`: approved, nothing charged yet: it will charge by itself;
 * - `active`: charging by itself;
 * - `suspended`: paused by the gateway (a failing card): it may charge again;
 * - `stopped`: cancelled or expired: it never charges again.
 */
export type SubscriptionState = 'awaiting_approval' | 'approved' | 'active' | 'suspended' | 'stopped';

/** The states of a live renewal: the gateway will (or may again) charge it by itself. */
export const LIVE_STATES: readonly SubscriptionState[] = ['approved', 'active', 'suspended'];

export interface Subscription {
  id: string;
  /** A gateway id from lib/server/payments/registry.ts. */
  gateway: string;
  orderId: string;
  planId: string;
  quantity: number;
  /** The gateway's own word for its state, kept for support. */
  status: string;
  state: SubscriptionState;
}

interface SubscriptionRow {
  id: string;
  /** A gateway id from lib/server/payments/registry.ts. */
  gateway: string;
  order_id: string;
  plan_id: string;
  quantity: number;
  status: string;
  state: SubscriptionState;
}

const toSubscription = (row: SubscriptionRow): Subscription => ({
  id: row.id,
  gateway: row.gateway,
  orderId: row.order_id,
  planId: row.plan_id,
  quantity: row.quantity,
  status: row.status,
  state: row.state,
});

export type BindResult = 'bound' | 'already_bound' | 'conflict';

/** Binds `subscription` to its checkout order (which becomes its payment 1); idempotent for the same pair. */
export async function bindSubscription(tx: Sql, subscription: Subscription, now: Date): Promise<BindResult> {
  const inserted = await tx.query(
    `INSERT INTO subscriptions (id, gateway, order_id, plan_id, quantity, status, state, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT DO NOTHING`,
    [
      subscription.id,
      subscription.gateway,
      subscription.orderId,
      subscription.planId,
      subscription.quantity,
      subscription.status,
      subscription.state,
      now,
    ],
  );
  if (inserted.rowCount === 1) {
    await tx.query(
      `UPDATE orders SET subscription_id = $2, subscription_cycle = 1, gateway_ref = $2
        WHERE id = $1 AND subscription_id IS NULL`,
      [subscription.orderId, subscription.id],
    );
    return 'bound';
  }
  const existing = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM subscriptions WHERE id = $1 AND order_id = $2',
    [subscription.id, subscription.orderId],
  );
  return existing.rows[0]?.n === 1 ? 'already_bound' : 'conflict';
}

export async function findSubscription(sql: Sql, id: string): Promise<Subscription | null> {
  const result = await sql.query<SubscriptionRow>('SELECT * FROM subscriptions WHERE id = $1', [id]);
  return result.rows[0] ? toSubscription(result.rows[0]) : null;
}

/** The gateway's last known status, and the state it maps to (grants never read either). */
export async function setSubscriptionStatus(
  sql: Sql,
  id: string,
  { status, state }: Pick<Subscription, 'status' | 'state'>,
  now: Date,
): Promise<void> {
  await sql.query(
    'UPDATE subscriptions SET status = $2, state = $3, updated_at = $4 WHERE id = $1 AND (status <> $2 OR state <> $3)',
    [id, status, state, now],
  );
}

/**
 * The order that is payment `cycle` of a subscription: the checkout order for cycle 1, otherwise a
 * renewal order copied from it (same plan, period, seats and amount), created once — concurrent
 * callers meet on the unique (subscription_id, subscription_cycle) index and get the same row.
 */
export async function cycleOrder(sql: Sql, first: Order, subscriptionId: string, cycle: number, now: Date) {
  if (cycle === 1) return first;
  await sql.query(
    `INSERT INTO orders (id, platform, user_id, team_id, plan, period, seats, months, gateway, method,
                         currency, amount, locale, client_ip, idempotency_key, created_at, updated_at,
                         gateway_ref, subscription_id, subscription_cycle)
     SELECT $2, platform, user_id, team_id, plan, period, seats, months, gateway, method, currency, amount,
            locale, 'gateway', $3 || '#' || $4::int::text, $5, $5, $3, $3, $4::int
       FROM orders WHERE id = $1
     ON CONFLICT DO NOTHING`,
    [first.id, randomBytes(16).toString('hex'), subscriptionId, cycle, now],
  );
  const row = await sql.query<OrderRow>(`${SELECT_ORDER} WHERE o.subscription_id = $1 AND o.subscription_cycle = $2`, [
    subscriptionId,
    cycle,
  ]);
  if (!row.rows[0]) throw new Error(`renewal order ${subscriptionId}#${cycle} vanished`);
  return toOrder(row.rows[0]);
}

/** Every payment order of a subscription, cycle order. */
export async function subscriptionOrders(sql: Sql, subscriptionId: string): Promise<Order[]> {
  const result = await sql.query<OrderRow>(
    `${SELECT_ORDER} WHERE o.subscription_id = $1 ORDER BY o.subscription_cycle`,
    [subscriptionId],
  );
  return result.rows.map(toOrder);
}

/**
 * Claims up to `limit` running subscriptions whose next payment is overdue here — their last paid
 * payment's months ran out before `paidThroughBefore` — and that were not re-read since
 * `checkedBefore`, marking them read at `now`; answers their checkout orders. Claiming (SKIP LOCKED)
 * lets two reconcilers share the work without asking twice.
 */
export async function claimOverdueSubscriptions(
  sql: Sql,
  input: { gateway: string; now: Date; paidThroughBefore: Date; checkedBefore: Date; limit: number },
): Promise<Order[]> {
  const claimed = await sql.query<{ order_id: string }>(
    `UPDATE subscriptions SET checked_at = $2
      WHERE id IN (
        SELECT s.id FROM subscriptions s
         WHERE s.gateway = $1 AND s.state = 'active' AND (s.checked_at IS NULL OR s.checked_at < $4)
           AND (SELECT max(p.updated_at + make_interval(months => p.months)) FROM orders p
                 WHERE p.subscription_id = s.id AND p.status = 'paid') < $3
         ORDER BY s.id LIMIT $5 FOR UPDATE SKIP LOCKED)
      RETURNING order_id`,
    [input.gateway, input.now, input.paidThroughBefore, input.checkedBefore, input.limit],
  );
  if (claimed.rows.length === 0) return [];
  const orders = await sql.query<OrderRow>(`${SELECT_ORDER} WHERE o.id = ANY($1::text[]) ORDER BY o.id`, [
    claimed.rows.map((row) => row.order_id),
  ]);
  return orders.rows.map(toOrder);
}

export interface WebhookEvent {
  /** A gateway id from lib/server/payments/registry.ts. */
  gateway: string;
  eventId: string;
  eventType: string;
  resourceId: string | null;
  outcome: string;
  payload: unknown;
  now: Date;
}

/** True when this (gateway, event id) was already handled to the end: a redelivery is a no-op. */
export async function webhookEventHandled(sql: Sql, gateway: string, eventId: string): Promise<boolean> {
  const result = await sql.query('SELECT 1 FROM webhook_events WHERE gateway = $1 AND event_id = $2', [
    gateway,
    storableText(eventId),
  ]);
  return result.rows.length > 0;
}

/**
 * Records a verified event once its effects are committed (they are idempotent, so a crash in
 * between only makes the redelivery do them again, harmlessly). Never call it for an unverified one.
 */
export async function recordWebhookEvent(sql: Sql, event: WebhookEvent): Promise<boolean> {
  const result = await sql.query(
    `INSERT INTO webhook_events (gateway, event_id, event_type, resource_id, outcome, payload, received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [
      event.gateway,
      storableText(event.eventId),
      storableText(event.eventType),
      event.resourceId === null ? null : storableText(event.resourceId),
      storableText(event.outcome),
      storableJson(event.payload),
      event.now,
    ],
  );
  return result.rowCount === 1;
}

/** A subscription with what its checkout order bought (each renewal buys the same). */
export interface SubscriptionWithOrder {
  subscription: Subscription;
  order: Pick<PlanOrder, 'id' | 'plan' | 'period' | 'seats' | 'amount' | 'currency'>;
}

/**
 * An account's subscriptions at `gateway` that the gateway took at least the first payment of (or
 * that ended), newest first. Prepared: every pay view asks, for most payers to learn there are none.
 */
const ACCOUNT_SUBSCRIPTIONS = `
  SELECT s.id, s.gateway, s.order_id, s.plan_id, s.quantity, s.status, s.state,
         o.plan, o.period, o.seats, o.amount, o.currency
    FROM orders o JOIN subscriptions s ON s.order_id = o.id
   WHERE o.platform = $1 AND o.user_id = $2 AND s.gateway = $3
     AND s.state IN ('active', 'suspended', 'stopped')
   ORDER BY o.created_at DESC LIMIT $4`;

export async function accountSubscriptions(
  sql: Sql,
  owner: { platform: string; userId: string },
  gateway: string,
  limit: number,
): Promise<SubscriptionWithOrder[]> {
  type Row = SubscriptionRow & Pick<OrderRow, 'plan' | 'period' | 'seats' | 'amount' | 'currency'>;
  const result = await sql.query<Row>(ACCOUNT_SUBSCRIPTIONS, [owner.platform, owner.userId, gateway, limit], {
    prepare: true,
  });
  // Only plans renew: a subscription's order is never one for query packs.
  const planRows = result.rows.filter(
    (row): row is Row & { plan: PlanOrder['plan']; period: PlanOrder['period'] } =>
      row.plan !== 'query_pack' && row.period !== PACK_PERIOD,
  );
  return planRows.map((row) => ({
    subscription: toSubscription(row),
    order: {
      id: row.order_id,
      plan: row.plan,
      period: row.period,
      seats: row.seats,
      amount: Number(row.amount),
      currency: row.currency,
    },
  }));
}

/** The recorded event of `eventType` about `resourceId` (the first, should a gateway have sent two). */
export async function recordedWebhookEvent(
  sql: Sql,
  input: { gateway: string; eventType: string; resourceId: string },
): Promise<{ outcome: string; payload: unknown } | null> {
  const result = await sql.query<{ outcome: string; payload: unknown }>(
    `SELECT outcome, payload FROM webhook_events WHERE gateway = $1 AND event_type = $2 AND resource_id = $3
      ORDER BY received_at LIMIT 1`,
    [input.gateway, input.eventType, input.resourceId],
  );
  return result.rows[0] ?? null;
}

/**
 * The resource of the first recorded event of `eventType` whose payload holds `value` at `path` and
 * whose outcome starts with `outcomePrefix`; null when there is none.
 */
export async function resourceOfWebhookEvent(
  sql: Sql,
  input: { gateway: string; eventType: string; path: readonly string[]; value: string; outcomePrefix: string },
): Promise<string | null> {
  const result = await sql.query<{ resource_id: string }>(
    `SELECT resource_id FROM webhook_events
      WHERE gateway = $1 AND event_type = $2 AND payload #>> $3::text[] = $4 AND starts_with(outcome, $5)
      ORDER BY received_at LIMIT 1`,
    [input.gateway, input.eventType, input.path, input.value, input.outcomePrefix],
  );
  return result.rows[0]?.resource_id ?? null;
}

/** The outcome of the latest recorded event of `eventType` about `resourceId`, or null when there is none. */
export async function latestWebhookOutcome(
  sql: Sql,
  input: { gateway: string; eventType: string; resourceId: string },
): Promise<string | null> {
  const result = await sql.query<{ outcome: string }>(
    `SELECT outcome FROM webhook_events WHERE gateway = $1 AND event_type = $2 AND resource_id = $3
      ORDER BY received_at DESC LIMIT 1`,
    [input.gateway, input.eventType, storableText(input.resourceId)],
  );
  return result.rows[0]?.outcome ?? null;
}
