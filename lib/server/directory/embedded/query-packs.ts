import 'server-only';
import type { Sql } from '@/lib/server/db/sql';
import type { GrantResult, QueryGrant, QueryRevocation } from '../types';
import { claimGrant, claimRevocation } from './claims';

/*
 * Query packs in the embedded directory: one row per paid order, with what is left of its queries
 * and until when. The assistant spends the soonest-expiring first; the site only grants, shows and
 * takes back what is unused.
 */

const toDate = (value: Date | string) => new Date(value);

/** The account's plan as a grant's answer: packs change no plan, so the account's stays as it is. */
async function accountPlan(tx: Sql, platform: string, userId: string) {
  const found = await tx.query<{ plan: 'free' | 'individual_pro' | 'team_pro'; plan_expires_at: Date | null }>(
    'SELECT plan, plan_expires_at FROM accounts WHERE platform = $1 AND user_id = $2 FOR UPDATE',
    [platform, userId],
  );
  const row = found.rows[0];
  return row ? { plan: row.plan, expiresAt: row.plan_expires_at ? toDate(row.plan_expires_at) : null, seats: 1 } : null;
}

/** Adds the order's queries to the account, once per order (the pack's own row is the claim). */
export async function applyQueryGrant(tx: Sql, grant: QueryGrant): Promise<GrantResult> {
  const plan = await accountPlan(tx, grant.platform, grant.userId);
  if (!plan) return { status: 'not_found' };
  if (!(await claimGrant(tx, grant.orderId, grant.paidAt)))
    return { status: 'already_applied', ...plan, expiresAt: grant.expiresAt };
  await tx.query(
    `INSERT INTO account_query_packs (order_id, platform, user_id, queries, remaining, expires_at, granted_at)
     VALUES ($1, $2, $3, $4, $4, $5, $6)`,
    [grant.orderId, grant.platform, grant.userId, grant.queries, grant.expiresAt, grant.paidAt],
  );
  return { status: 'applied', ...plan, expiresAt: grant.expiresAt };
}

/** Takes back at most `queries` of the order's unused queries, once per refund. */
export async function applyQueryRevocation(tx: Sql, revocation: QueryRevocation): Promise<GrantResult> {
  const plan = await accountPlan(tx, revocation.platform, revocation.userId);
  if (!plan) return { status: 'not_found' };
  const pack = await tx.query<{ expires_at: Date }>(
    'SELECT expires_at FROM account_query_packs WHERE order_id = $1 FOR UPDATE',
    [revocation.orderId],
  );
  const expiresAt = pack.rows[0] ? toDate(pack.rows[0].expires_at) : null;
  if (!(await claimRevocation(tx, revocation.refundId, revocation.refundedAt)))
    return { status: 'already_applied', ...plan, expiresAt };
  await tx.query('UPDATE account_query_packs SET remaining = remaining - LEAST(remaining, $2) WHERE order_id = $1', [
    revocation.orderId,
    revocation.queries,
  ]);
  return { status: 'applied', ...plan, expiresAt };
}
