import 'server-only';
import type { AccountDirectory, TeamActor, TeamAnswer, TeamMember } from '../types';
import { operations, queries, wire } from '../remote/contract';
import { error, iso, ok, type Reply, type Route } from './reply';

const memberWire = (member: TeamMember) => ({ ...member, joinedAt: member.joinedAt.toISOString() });

/** A refusal is an answer (200 `{refusal}`), not an HTTP error: the site tells it from an outage. */
function answer<T>(result: TeamAnswer<T, string>, value: (value: T) => object): Reply {
  return ok(result.ok ? value(result.value) : { refusal: result.reason });
}

const actorOf = (request: { platform: TeamActor['platform']; teamId: string; actorUserId: string }): TeamActor => ({
  platform: request.platform,
  teamId: request.teamId,
  userId: request.actorUserId,
});

/**
 * The team page's operations. The directory checks, in the same step as each read or change,
 * that the actor is an active admin of the team named, so every id a request carries is scoped.
 */
export function teamRoutes(directory: AccountDirectory): Record<string, Route> {
  return {
    [`GET ${operations.getTeamOverview.path}`]: async (_, query) => {
      const request = queries.TeamQuery.safeParse(Object.fromEntries(query));
      if (!request.success) return error(422, 'invalid_request');
      const result = await directory.teamOverview(actorOf(request.data));
      return answer(result, (team) => ({ overview: { ...team, planExpiresAt: iso(team.planExpiresAt) } }));
    },
    [`GET ${operations.listTeamMembers.path}`]: async (_, query) => {
      const request = queries.MemberListQuery.safeParse(Object.fromEntries(query));
      if (!request.success) return error(422, 'invalid_request');
      const { q, page, pageSize } = request.data;
      const result = await directory.teamMembers(actorOf(request.data), { search: q ?? '', page, pageSize });
      return answer(result, (found) => ({ page: { ...found, members: found.members.map(memberWire) } }));
    },
    [`POST ${operations.addTeamMember.path}`]: async (body) => {
      const request = wire.AddMemberRequest.safeParse(body);
      if (!request.success) return error(422, 'invalid_request');
      const result = await directory.addTeamMember(actorOf(request.data), request.data.member, new Date());
      return answer(result, (member) => ({ member: memberWire(member) }));
    },
    [`POST ${operations.setMemberBlocked.path}`]: async (body) => {
      const request = wire.SetBlockedRequest.safeParse(body);
      if (!request.success) return error(422, 'invalid_request');
      const { memberId, blocked } = request.data;
      const result = await directory.setMemberBlocked(actorOf(request.data), memberId, blocked);
      return answer(result, (member) => ({ member: memberWire(member) }));
    },
  };
}
