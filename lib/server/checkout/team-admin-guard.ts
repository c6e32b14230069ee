import 'server-only';
import type { PaidPlanId } from '@/lib/pricing/catalogue';
import type { PayContext, TeamAdmin } from '@/lib/server/directory';

/** How many admins a refusal names: enough to find one, short enough to read. */
const ADMINS_NAMED = 3;

/** The names a member is told to ask: the directory's display name, else the username. */
export const adminNames = (admins: readonly TeamAdmin[]): string[] =>
  admins.slice(0, ADMINS_NAMED).map((admin) => admin.fullName || admin.username);

/**
 * Team Pro is bought or changed for a whole team, so only an active admin of that team may pay for
 * it: a member (blocked or not) or a blocked admin is refused, and told whom to ask. Null when the
 * selection is not Team Pro or the payer may buy it; a link without a team is `team_required`'s.
 */
export function teamAdminRefusal(
  context: PayContext,
  plan: PaidPlanId,
): { ok: false; code: 'team_admin_required'; admins: string[] } | null {
  const team = context.team;
  if (plan !== 'team_pro' || !team) return null;
  if (team.membership.role === 'admin' && team.membership.status === 'active') return null;
  return { ok: false, code: 'team_admin_required', admins: adminNames(team.admins) };
}
