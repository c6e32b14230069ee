import 'server-only';
import type { Sql } from '@/lib/server/db/sql';
import type { PackId, PaidPlanId, ProductId } from '@/lib/pricing/catalogue';
import { SELECT_ORDER, toOrder, type OrderRow } from './orders';
import { LIVE_STATES } from './subscriptions';
import type { Order } from './types';

/**
 * What an account already has under way for one plan, across all its browsers and every instance:
 * payments still waiting for their gateway's word, and gateway subscriptions still renewing. An
 * individual plan belongs to its user; Team Pro to its team, whoever of its admins pays; query packs
 * to the user who buys them (a need of their own, beside their plan's).
 */
export type PlanOwner =
  | { plan: 'individual_pro' | PackId; platform: string; userId: string }
  | { plan: 'team_pro'; platform: string; teamId: string };

export function planOwner(
  subject: { platform: string; userId: string; teamId?: string | null | undefined },
  plan: ProductId,
): PlanOwner | null {
  if (plan !== 'team_pro') return { plan, platform: subject.platform, userId: subject.userId };
  return subject.teamId ? { plan, platform: subject.platform, teamId: subject.teamId } : null;
}

const ownerKey = (owner: PlanOwner) =>
  owner.plan === 'team_pro'
    ? `team:${owner.platform}:${owner.teamId}`
    : `${owner.plan}:${owner.platform}:${owner.userId}`;

/**
 * Inside a transaction: one checkout at a time per plan owner, until commit — two browsers, or two
 * instances on one PostgreSQL, cannot both see "nothing under way" and both record a payment.
 */
export async function lockPlanOwner(tx: Sql, owner: PlanOwner): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(7283002, hashtext($1))', [ownerKey(owner)]);
}

const ownerCondition = (owner: PlanOwner) =>
  owner.plan === 'team_pro'
    ? {
        where: 'o.platform = $1 AND o.team_id = $2 AND o.plan = $3',
        values: [owner.platform, owner.teamId, owner.plan],
      }
    : {
        where: 'o.platform = $1 AND o.user_id = $2 AND o.plan = $3',
        values: [owner.platform, owner.userId, owner.plan],
      };

/** The owner's pending orders for its plan created since `since`, newest first. */
export async function pendingOrdersOf(sql: Sql, owner: PlanOwner, since: Date): Promise<Order[]> {
  const { where, values } = ownerCondition(owner);
  const result = await sql.query<OrderRow>(
    `${SELECT_ORDER} WHERE ${where} AND o.status = 'pending' AND o.created_at >= $4
      ORDER BY o.created_at DESC LIMIT 20`,
    [...values, since],
  );
  return result.rows.map(toOrder);
}

export interface RenewingSubscription {
  id: string;
  gateway: string;
  plan: PaidPlanId;
}

/** The owner's live renewals of its plan — subscriptions a gateway may still charge — oldest first. */
export async function renewingSubscriptionsOf(sql: Sql, owner: PlanOwner): Promise<RenewingSubscription[]> {
  // Packs are single payments: nothing of theirs renews, so nothing is asked.
  if (owner.plan === 'query_pack') return [];
  const { where, values } = ownerCondition(owner);
  const result = await sql.query<{ id: string; gateway: string }>(
    `SELECT s.id, s.gateway
       FROM orders o JOIN subscriptions s ON s.order_id = o.id
      WHERE ${where} AND s.state = ANY($4::text[])
      ORDER BY s.created_at, s.id`,
    [...values, LIVE_STATES],
  );
  const plan: PaidPlanId = owner.plan;
  return result.rows.map((row) => ({ ...row, plan }));
}
