import 'server-only';
import { planAfterGrant, planAfterRevocation } from '@/lib/pricing/grant';
import type { PlanState } from '@/lib/pricing/plan-state';
import type { PlanId } from '@/lib/pricing/catalogue';
import type { Sql } from '@/lib/server/db/sql';
import {
  TEAM_ADMINS_LISTED,
  type Account,
  type AccountDirectory,
  type GrantResult,
  type PlanGrant,
  type PlanRevocation,
  type Team,
  type TeamAdmin,
  type TeamMembership,
} from '../types';
import { embeddedTeam } from './team';
import { applyQueryGrant, applyQueryRevocation } from './query-packs';
import { claimGrant, claimRevocation } from './claims';
import type { ExtraQueries } from '@/lib/shared/pay-view';

interface PlanRow {
  plan: PlanId;
  plan_expires_at: Date | null;
  seats: number;
}

const toDate = (value: Date | string | null) => (value ? new Date(value) : null);

interface RawExtraQueries {
  remaining: number | string;
  expiresAt: string;
}

/** The packs' balance as JSON aggregates it (PGlite may hand the aggregate over as text). */
const extraQueries = (raw: RawExtraQueries[] | string | null): ExtraQueries[] =>
  (typeof raw === 'string' ? (JSON.parse(raw) as RawExtraQueries[]) : (raw ?? [])).map((entry) => ({
    remaining: Number(entry.remaining),
    expiresAt: new Date(entry.expiresAt).toISOString(),
  }));

/**
 * The account directory as tables in the site's own database (the default, and what the
 * reference chat backend serves). Grants are idempotent through `directory_grants`: the row for an
 * order id is written in the same transaction as the plan change, so a plan moves once per order.
 */
export function embeddedDirectory(sql: Sql): AccountDirectory {
  return {
    async payContext(subject) {
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
        my_role: TeamMembership['role'] | null;
        my_status: TeamMembership['status'] | null;
        admins: TeamAdmin[] | string | null;
        extra_queries: RawExtraQueries[] | string | null;
      }>(
        `SELECT a.username, a.full_name, a.referral_code, a.plan, a.plan_expires_at,
                t.name AS team_name, t.plan AS team_plan, t.plan_expires_at AS team_expires_at, t.seats AS team_seats,
                (SELECT count(*) FROM team_members m WHERE m.platform = t.platform AND m.team_id = t.team_id) AS member_count,
                me.role AS my_role, me.status AS my_status,
                (SELECT json_agg(json_build_object('username', x.username, 'fullName', x.full_name)
                                 ORDER BY x.joined_at, x.member_id)
                   FROM (SELECT u.username, u.full_name, m.joined_at, m.member_id
                           FROM team_members m JOIN accounts u ON u.platform = m.platform AND u.user_id = m.user_id
                          WHERE m.platform = t.platform AND m.team_id = t.team_id
                            AND m.role = 'admin' AND m.status = 'active'
                          ORDER BY m.joined_at, m.member_id LIMIT ${TEAM_ADMINS_LISTED}) x) AS admins,
                (SELECT json_agg(json_build_object('remaining', q.remaining, 'expiresAt', q.expires_at)
                                 ORDER BY q.expires_at)
                   FROM (SELECT sum(p.remaining) AS remaining, p.expires_at FROM account_query_packs p
                          WHERE p.platform = a.platform AND p.user_id = a.user_id
                            AND p.remaining > 0 AND p.expires_at > $4
                          GROUP BY p.expires_at) q) AS extra_queries
           FROM accounts a
           LEFT JOIN team_members me ON me.platform = a.platform AND me.user_id = a.user_id AND me.team_id = $3
           LEFT JOIN teams t ON t.platform = me.platform AND t.team_id = me.team_id
          WHERE a.platform = $1 AND a.user_id = $2`,
        [subject.platform, subject.userId, subject.teamId ?? null, new Date()],
        // Every pay page view asks this: planned once, not per view.
        { prepare: true },
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
        planExpiresAt: toDate(row.plan_expires_at),
        extraQueries: extraQueries(row.extra_queries),
      };
      const team: Team | null =
        subject.teamId && row.team_name !== null && row.team_plan !== null
          ? {
              platform: subject.platform,
              teamId: subject.teamId,
              name: row.team_name,
              plan: row.team_plan,
              planExpiresAt: toDate(row.team_expires_at),
              seats: Number(row.team_seats),
              memberCount: Number(row.member_count),
              membership: { role: row.my_role ?? 'member', status: row.my_status ?? 'active' },
              admins: typeof row.admins === 'string' ? (JSON.parse(row.admins) as TeamAdmin[]) : (row.admins ?? []),
            }
          : null;
      return { account, team };
    },

    async cancelIndividualPlan(subject, now) {
      const result = await sql.query(
        `UPDATE accounts SET plan = 'free', plan_expires_at = NULL
          WHERE platform = $1 AND user_id = $2 AND plan = 'individual_pro' AND plan_expires_at > $3`,
        [subject.platform, subject.userId, now],
      );
      if (result.rowCount === 1) return 'cancelled';
      return (await accountExists(sql, subject.platform, subject.userId)) ? 'not_active' : 'not_found';
    },

    async registerOrder(order) {
      // The embedded directory has no say over orders beyond the account existing.
      return (await accountExists(sql, order.platform, order.userId)) ? 'accepted' : 'refused';
    },

    applyGrant: (grant) =>
      sql.transaction((tx) => (grant.plan === 'query_pack' ? applyQueryGrant(tx, grant) : applyGrant(tx, grant))),
    applyRevocation: (revocation) =>
      sql.transaction((tx) =>
        revocation.plan === 'query_pack' ? applyQueryRevocation(tx, revocation) : applyRevocation(tx, revocation),
      ),

    async ping() {
      await sql.query('SELECT 1');
    },

    ...embeddedTeam(sql),
  };
}

async function accountExists(sql: Sql, platform: string, userId: string): Promise<boolean> {
  const found = await sql.query('SELECT 1 FROM accounts WHERE platform = $1 AND user_id = $2', [platform, userId]);
  return found.rows.length > 0;
}

/** The account's or team's plan row for a grant or revocation, locked: changes to one plan queue up. */
function planTarget(change: { plan: PlanGrant['plan']; platform: string; userId: string; teamId: string | null }) {
  return change.plan === 'individual_pro'
    ? {
        select: `SELECT plan, plan_expires_at, 1 AS seats FROM accounts WHERE platform = $1 AND user_id = $2 FOR UPDATE`,
        update: `UPDATE accounts SET plan = $3, plan_expires_at = $4 WHERE platform = $1 AND user_id = $2`,
        key: [change.platform, change.userId],
        values: (next: PlanState) => [next.plan, next.expiresAt],
      }
    : {
        select: `SELECT plan, plan_expires_at, seats FROM teams WHERE platform = $1 AND team_id = $2 FOR UPDATE`,
        update: `UPDATE teams SET plan = $3, plan_expires_at = $4, seats = $5 WHERE platform = $1 AND team_id = $2`,
        key: [change.platform, change.teamId],
        values: (next: PlanState) => [next.plan, next.expiresAt, next.seats],
      };
}

async function lockedPlan(tx: Sql, target: ReturnType<typeof planTarget>): Promise<PlanState | null> {
  const locked = await tx.query<PlanRow>(target.select, target.key);
  const row = locked.rows[0];
  return row ? { plan: row.plan, expiresAt: toDate(row.plan_expires_at), seats: Number(row.seats) } : null;
}

async function applyGrant(tx: Sql, grant: PlanGrant): Promise<GrantResult> {
  const target = planTarget(grant);
  // The lock on the account or team row serialises grants for it; the claim below makes them once-only.
  const current = await lockedPlan(tx, target);
  if (!current) return { status: 'not_found' };
  if (!(await claimGrant(tx, grant.orderId, grant.paidAt))) return { status: 'already_applied', ...current };

  const next = planAfterGrant(current, grant, grant.paidAt);
  await tx.query(target.update, [...target.key, ...target.values(next)]);
  return { status: 'applied', ...next };
}

async function applyRevocation(tx: Sql, revocation: PlanRevocation): Promise<GrantResult> {
  const target = planTarget(revocation);
  const current = await lockedPlan(tx, target);
  if (!current) return { status: 'not_found' };
  if (!(await claimRevocation(tx, revocation.refundId, revocation.refundedAt)))
    return { status: 'already_applied', ...current };

  const next = planAfterRevocation(current, revocation, revocation.refundedAt);
  await tx.query(target.update, [...target.key, ...target.values(next)]);
  return { status: 'applied', ...next };
}
