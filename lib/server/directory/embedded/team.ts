import 'server-only';
import { isActive } from '@/lib/pricing/plan-state';
import type { PlanId } from '@/lib/pricing/catalogue';
import type { Platform } from '@/lib/config/site';
import type { Sql } from '@/lib/server/db/sql';
import type { AccountDirectory, TeamActor, TeamAnswer, TeamMember, TeamOverview } from '../types';

type TeamMethods = Pick<AccountDirectory, 'teamOverview' | 'teamMembers' | 'addTeamMember' | 'setMemberBlocked'>;

interface TeamRow {
  name: string;
  plan: PlanId;
  plan_expires_at: Date | string | null;
  seats: number;
  seats_used: number | string;
  actor_role: string | null;
  actor_status: string | null;
}

interface MemberRow {
  member_id: string;
  user_id: string | null;
  username: string;
  full_name: string | null;
  role: TeamMember['role'];
  status: TeamMember['status'];
  joined_at: Date | string;
}

/** A member as a row with its display username: the account's, or the invited one. */
const memberSelect = `
  SELECT m.member_id, m.user_id, coalesce(a.username, m.invited_username) AS username, a.full_name,
         m.role, m.status, m.joined_at
    FROM team_members m
    LEFT JOIN accounts a ON a.platform = m.platform AND a.user_id = m.user_id`;

const toMember = (platform: Platform, row: MemberRow): TeamMember => ({
  memberId: row.member_id,
  platform,
  userId: row.user_id,
  username: row.username,
  fullName: row.full_name,
  role: row.role,
  status: row.status,
  joinedAt: new Date(row.joined_at),
});

const refuse = <R extends string>(reason: R) => ({ ok: false, reason }) as const;

/**
 * The team and the actor's standing in it, in one query; `lock` takes the team row's lock so seat
 * counts and the last-admin rule hold against concurrent changes (PGlite serialises anyway).
 */
async function teamFor(
  sql: Sql,
  actor: TeamActor,
  lock = false,
): Promise<TeamAnswer<TeamOverview & { actorUserId: string }>> {
  // Lock first, count after, in separate statements: on PostgreSQL a statement's snapshot is
  // taken before it waits for a lock, so a count in the locking statement would miss a racing add.
  if (lock) {
    await sql.query('SELECT 1 FROM teams WHERE platform = $1 AND team_id = $2 FOR UPDATE', [
      actor.platform,
      actor.teamId,
    ]);
  }
  const result = await sql.query<TeamRow>(
    `SELECT t.name, t.plan, t.plan_expires_at, t.seats,
            (SELECT count(*) FROM team_members c WHERE c.platform = t.platform AND c.team_id = t.team_id) AS seats_used,
            me.role AS actor_role, me.status AS actor_status
       FROM teams t
       LEFT JOIN team_members me ON me.platform = t.platform AND me.team_id = t.team_id AND me.user_id = $3
      WHERE t.platform = $1 AND t.team_id = $2`,
    [actor.platform, actor.teamId, actor.userId],
  );
  const row = result.rows[0];
  if (!row) return refuse('no_team');
  if (row.actor_role !== 'admin' || row.actor_status !== 'active') return refuse('not_admin');
  return {
    ok: true,
    value: {
      platform: actor.platform,
      teamId: actor.teamId,
      name: row.name,
      plan: row.plan,
      planExpiresAt: row.plan_expires_at ? new Date(row.plan_expires_at) : null,
      seats: Number(row.seats),
      seatsUsed: Number(row.seats_used),
      actorUserId: actor.userId,
    },
  };
}

/** The team page's calls over the embedded tables (see AccountDirectory for the rules). */
export function embeddedTeam(sql: Sql): TeamMethods {
  return {
    async teamOverview(actor) {
      const team = await teamFor(sql, actor);
      if (!team.ok) return team;
      const { actorUserId: _, ...overview } = team.value;
      return { ok: true, value: overview };
    },

    async teamMembers(actor, { search, page, pageSize }) {
      const team = await teamFor(sql, actor);
      if (!team.ok) return team;
      // strpos, not LIKE: a search for "50%" or "a_b" means those characters, nothing wild.
      const needle = search.trim().toLowerCase() || null;
      const where = `WHERE m.platform = $1 AND m.team_id = $2
        AND ($3::text IS NULL OR strpos(lower(coalesce(a.username, m.invited_username)), $3) > 0
                              OR strpos(lower(coalesce(a.full_name, '')), $3) > 0)`;
      const params = [actor.platform, actor.teamId, needle];
      const [rows, count] = await Promise.all([
        sql.query<MemberRow>(`${memberSelect} ${where} ORDER BY m.joined_at, m.member_id LIMIT $4 OFFSET $5`, [
          ...params,
          pageSize,
          (page - 1) * pageSize,
        ]),
        needle === null
          ? Promise.resolve({ rows: [{ total: team.value.seatsUsed }] })
          : sql.query<{ total: number | string }>(
              `SELECT count(*) AS total FROM team_members m
                 LEFT JOIN accounts a ON a.platform = m.platform AND a.user_id = m.user_id ${where}`,
              params,
            ),
      ]);
      return {
        ok: true,
        value: {
          members: rows.rows.map((row) => toMember(actor.platform, row)),
          total: Number(count.rows[0]?.total ?? 0),
          page,
          pageSize,
        },
      };
    },

    addTeamMember: (actor, member, now) =>
      sql.transaction(async (tx) => {
        const team = await teamFor(tx, actor, true);
        if (!team.ok) return team;
        // A Telegram group holds Telegram users only: a member is on the team's platform.
        if (member.platform !== actor.platform) return refuse('platform_mismatch');
        if (!isActive({ plan: team.value.plan, expiresAt: team.value.planExpiresAt }, now)) {
          return refuse('team_inactive');
        }
        const known = await tx.query<{ user_id: string }>(
          `SELECT user_id FROM accounts WHERE platform = $1 AND lower(username) = lower($2) ORDER BY user_id LIMIT 1`,
          [actor.platform, member.username],
        );
        const userId = known.rows[0]?.user_id ?? null;
        const existing = await tx.query(
          `SELECT 1 FROM team_members m WHERE m.platform = $1 AND m.team_id = $2
              AND (m.user_id = $3 OR lower(m.invited_username) = lower($4))`,
          [actor.platform, actor.teamId, userId, member.username],
        );
        if (existing.rows.length) return refuse('already_member');
        if (team.value.seatsUsed >= team.value.seats) return refuse('seats_full');
        const inserted = await tx.query<{ member_id: string }>(
          `INSERT INTO team_members (platform, team_id, user_id, invited_username, role, status, joined_at)
           VALUES ($1, $2, $3, $4, 'member', $5, $6) RETURNING member_id`,
          [actor.platform, actor.teamId, userId, userId ? null : member.username, userId ? 'active' : 'invited', now],
        );
        return { ok: true, value: await memberById(tx, actor, inserted.rows[0]!.member_id) };
      }),

    setMemberBlocked: (actor, memberId, blocked) =>
      sql.transaction(async (tx) => {
        const team = await teamFor(tx, actor, true);
        if (!team.ok) return team;
        const target = await tx.query<{ role: string; status: string; user_id: string | null }>(
          'SELECT role, status, user_id FROM team_members WHERE platform = $1 AND team_id = $2 AND member_id = $3',
          [actor.platform, actor.teamId, memberId],
        );
        const row = target.rows[0];
        if (!row) return refuse('member_not_found');
        if (blocked && row.role === 'admin' && row.status === 'active') {
          const others = await tx.query(
            `SELECT 1 FROM team_members WHERE platform = $1 AND team_id = $2 AND member_id <> $3
                AND role = 'admin' AND status = 'active' LIMIT 1`,
            [actor.platform, actor.teamId, memberId],
          );
          if (!others.rows.length) return refuse('last_admin');
        }
        const status = blocked ? 'blocked' : row.status !== 'blocked' ? row.status : row.user_id ? 'active' : 'invited';
        await tx.query('UPDATE team_members SET status = $4 WHERE platform = $1 AND team_id = $2 AND member_id = $3', [
          actor.platform,
          actor.teamId,
          memberId,
          status,
        ]);
        return { ok: true, value: await memberById(tx, actor, memberId) };
      }),
  };
}

async function memberById(sql: Sql, actor: TeamActor, memberId: string): Promise<TeamMember> {
  const result = await sql.query<MemberRow>(
    `${memberSelect} WHERE m.platform = $1 AND m.team_id = $2 AND m.member_id = $3`,
    [actor.platform, actor.teamId, memberId],
  );
  return toMember(actor.platform, result.rows[0]!);
}
