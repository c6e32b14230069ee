import 'server-only';
import { randomBytes } from 'node:crypto';
import { extendedExpiry } from '@/lib/pricing/quote';
import type { PaidPlanId, PlanId } from '@/lib/pricing/catalogue';
import type { Platform } from '@/lib/config/site';
import type { Locale } from '@/lib/i18n/locales';
import type { GatewayId } from '@/lib/payments/gateways';
import type { Account, ChatBackend, NewOrder, Order, OrderStatus, PaymentEvent, PaymentOutcome, Team } from '../types';
import type { Sql } from './sql';

interface OrderRow {
  id: string;
  platform: Platform;
  user_id: string;
  team_id: string | null;
  plan: PaidPlanId;
  period: Order['period'];
  seats: number | null;
  months: number;
  gateway: GatewayId;
  method: string;
  currency: Order['currency'];
  amount: number | string;
  status: OrderStatus;
  locale: Locale;
  client_ip: string;
  idempotency_key: string;
  created_at: Date;
}

const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  platform: row.platform,
  userId: row.user_id,
  teamId: row.team_id,
  plan: row.plan,
  period: row.period,
  seats: row.seats,
  months: row.months,
  gateway: row.gateway,
  method: row.method,
  currency: row.currency,
  amount: Number(row.amount),
  status: row.status,
  locale: row.locale,
  clientIp: row.client_ip,
  idempotencyKey: row.idempotency_key,
  createdAt: new Date(row.created_at),
});

/** 128 random bits, hex: unguessable, and within VNPay's alphanumeric TxnRef alphabet. */
const newOrderId = () => randomBytes(16).toString('hex');

export function embeddedBackend(sql: Sql): ChatBackend {
  return {
    async loadPayContext(subject) {
      // One round trip: the account, and the team only if the account is one of its members.
      const result = await sql.query<{
        username: string;
        full_name: string;
        referral_code: string;
        plan: PlanId;
        plan_expires_at: Date | null;
        team_name: string | null;
        team_plan: PlanId | null;
        team_expires_at: Date | null;
        team_seats: number | null;
        member_count: number | string | null;
      }>(
        `SELECT a.username, a.full_name, a.referral_code, a.plan, a.plan_expires_at,
                t.name AS team_name, t.plan AS team_plan, t.plan_expires_at AS team_expires_at, t.seats AS team_seats,
                (SELECT count(*) FROM team_members m WHERE m.platform = t.platform AND m.team_id = t.team_id) AS member_count
           FROM accounts a
           LEFT JOIN team_members me ON me.platform = a.platform AND me.user_id = a.user_id AND me.team_id = $3
           LEFT JOIN teams t ON t.platform = me.platform AND t.team_id = me.team_id
          WHERE a.platform = $1 AND a.user_id = $2`,
        [subject.platform, subject.userId, subject.teamId ?? null],
      );
      const row = result.rows[0];
      if (!row) return null;
      const account: Account = {
        platform: subject.platform,
        userId: subject.userId,
        username: row.username,
        fullName: row.full_name,
        referralCode: row.referral_code,
        plan: row.plan,
        planExpiresAt: row.plan_expires_at ? new Date(row.plan_expires_at) : null,
      };
      const team: Team | null =
        subject.teamId && row.team_name !== null && row.team_plan !== null
          ? {
              platform: subject.platform,
              teamId: subject.teamId,
              name: row.team_name,
              plan: row.team_plan,
              planExpiresAt: row.team_expires_at ? new Date(row.team_expires_at) : null,
              seats: Number(row.team_seats),
              memberCount: Number(row.member_count),
            }
          : null;
      return { account, team };
    },

    async createOrder(input: NewOrder) {
      const { subject } = input;
      const inserted = await sql.query<OrderRow>(
        `INSERT INTO orders (id, platform, user_id, team_id, plan, period, seats, months, gateway, method,
                             currency, amount, locale, client_ip, idempotency_key, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)
         ON CONFLICT (platform, user_id, idempotency_key) DO NOTHING
         RETURNING *`,
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
        ],
      );
      const created = inserted.rows[0];
      if (created) return { order: toOrder(created), created: true };
      const existing = await sql.query<OrderRow>(
        'SELECT * FROM orders WHERE platform = $1 AND user_id = $2 AND idempotency_key = $3',
        [subject.platform, subject.userId, input.idempotencyKey],
      );
      const row = existing.rows[0];
      if (!row) throw new Error('order vanished between insert and select');
      return { order: toOrder(row), created: false };
    },

    async findOrder(id) {
      const result = await sql.query<OrderRow>('SELECT * FROM orders WHERE id = $1', [id]);
      return result.rows[0] ? toOrder(result.rows[0]) : null;
    },

    async cancelIndividualPlan(subject, now) {
      const result = await sql.query(
        `UPDATE accounts SET plan = 'free', plan_expires_at = NULL
          WHERE platform = $1 AND user_id = $2 AND plan = 'individual_pro' AND plan_expires_at > $3`,
        [subject.platform, subject.userId, now],
      );
      return result.rowCount === 1 ? 'cancelled' : 'not_active';
    },

    recordPayment: (event) => sql.transaction((tx) => settle(tx, event)),

    async claimLink(jti, expiresAt, now) {
      // A claim outlives its link only until the link's own expiry refuses it anyway.
      await sql.query('DELETE FROM link_claims WHERE expires_at < $1', [now]);
      const claimed = await sql.query(
        'INSERT INTO link_claims (jti, claimed_at, expires_at) VALUES ($1, $2, $3) ON CONFLICT (jti) DO NOTHING',
        [jti, now, expiresAt],
      );
      return claimed.rowCount === 1;
    },

    async ping() {
      await sql.query('SELECT 1');
    },
  };
}

/**
 * One callback, settled inside one transaction. The order row is locked first, so concurrent
 * callbacks for one order queue up here; the conditional UPDATE then lets exactly one of them
 * move it to paid, and only that one grants.
 */
async function settle(tx: Sql, event: PaymentEvent): Promise<PaymentOutcome> {
  const locked = await tx.query<OrderRow>('SELECT * FROM orders WHERE id = $1 FOR UPDATE', [event.orderId]);
  const row = locked.rows[0];
  if (!row) return 'order_not_found';
  const order = toOrder(row);

  if (event.amount !== order.amount) {
    // Money may have been taken for the wrong amount: a person looks at it, nobody gets a plan.
    await moveOrder(tx, order.id, ['pending'], 'needs_review', event.now);
    await recordEvent(tx, event, 'amount_mismatch');
    return 'amount_mismatch';
  }

  const fresh = await recordEvent(tx, event, 'received');
  if (!fresh) return 'already_confirmed';

  if (event.result === 'held') {
    // Money taken but frozen by the gateway: no plan yet, and the payer is told to contact support.
    const held = await moveOrder(tx, order.id, ['pending', 'failed'], 'needs_review', event.now);
    return settled(tx, event, held ? 'held_for_review' : 'already_confirmed');
  }

  if (event.result === 'succeeded') {
    // A verified late success after a recorded failure still means money was taken: it pays.
    if (!(await moveOrder(tx, order.id, ['pending', 'failed'], 'paid', event.now))) {
      return settled(tx, event, 'already_confirmed');
    }
    await grant(tx, order, event.now);
    return settled(tx, event, 'paid');
  }

  const failed = await moveOrder(tx, order.id, ['pending'], 'failed', event.now);
  return settled(tx, event, failed ? 'failed' : 'already_confirmed');
}

/**
 * The order state machine's only writer: moves the order to `to` if it is in one of `from`.
 * True only for the call that changed the row — the one allowed to act on the change.
 */
async function moveOrder(
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

async function recordEvent(tx: Sql, event: PaymentEvent, outcome: string): Promise<boolean> {
  const result = await tx.query(
    `INSERT INTO payment_events (gateway, transaction_id, order_id, amount, succeeded, result_code, outcome, payload, received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (gateway, transaction_id) DO NOTHING`,
    [
      event.gateway,
      event.transactionId,
      event.orderId,
      event.amount,
      event.result === 'succeeded',
      event.resultCode,
      outcome,
      JSON.stringify(event.payload),
      event.now,
    ],
  );
  return result.rowCount === 1;
}

async function settled(tx: Sql, event: PaymentEvent, outcome: PaymentOutcome): Promise<PaymentOutcome> {
  await tx.query('UPDATE payment_events SET outcome = $3 WHERE gateway = $1 AND transaction_id = $2', [
    event.gateway,
    event.transactionId,
    outcome,
  ]);
  return outcome;
}

/** The plan an order buys, applied to the account or team as it is at payment time. */
async function grant(tx: Sql, order: Order, now: Date): Promise<void> {
  if (order.plan === 'individual_pro') {
    const current = await tx.query<{ plan: PlanId; plan_expires_at: Date | null }>(
      'SELECT plan, plan_expires_at FROM accounts WHERE platform = $1 AND user_id = $2 FOR UPDATE',
      [order.platform, order.userId],
    );
    const row = current.rows[0];
    if (!row) throw new Error(`order ${order.id}: account disappeared`);
    const expiresAt = extendedExpiry(
      { plan: row.plan, expiresAt: row.plan_expires_at ? new Date(row.plan_expires_at) : null, seats: 1 },
      'individual_pro',
      order.months,
      now,
    );
    await tx.query(
      `UPDATE accounts SET plan = 'individual_pro', plan_expires_at = $3 WHERE platform = $1 AND user_id = $2`,
      [order.platform, order.userId, expiresAt],
    );
    return;
  }

  const current = await tx.query<{ plan: PlanId; plan_expires_at: Date | null; seats: number }>(
    'SELECT plan, plan_expires_at, seats FROM teams WHERE platform = $1 AND team_id = $2 FOR UPDATE',
    [order.platform, order.teamId],
  );
  const row = current.rows[0];
  if (!row) throw new Error(`order ${order.id}: team disappeared`);
  const state = {
    plan: row.plan,
    expiresAt: row.plan_expires_at ? new Date(row.plan_expires_at) : null,
    seats: row.seats,
  };
  // period3 keeps the expiry; the others extend it.
  const expiresAt = order.months > 0 ? extendedExpiry(state, 'team_pro', order.months, now) : state.expiresAt;
  await tx.query(
    `UPDATE teams SET plan = 'team_pro', plan_expires_at = $3, seats = GREATEST(seats, $4)
      WHERE platform = $1 AND team_id = $2`,
    [order.platform, order.teamId, expiresAt, order.seats ?? row.seats],
  );
}
