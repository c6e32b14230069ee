import 'server-only';
import {
  accountDirectory,
  type MemberPage,
  type Subject,
  type TeamActor,
  type TeamAnswer,
  type TeamMember,
  type TeamOverview,
} from '@/lib/server/directory';
import { MEMBERS_PAGE_SIZE, type AddMemberRequest, type MemberView, type TeamErrorCode } from '@/lib/shared/team';

export type TeamResult<T> = { ok: true; value: T } | { ok: false; code: TeamErrorCode };

const codeOf: Record<string, TeamErrorCode> = {
  not_admin: 'not_team_admin',
  no_team: 'team_not_found',
  member_not_found: 'member_not_found',
  platform_mismatch: 'platform_mismatch',
  already_member: 'already_member',
  seats_full: 'seats_full',
  team_inactive: 'team_inactive',
  last_admin: 'last_admin',
};

/** The acting admin: a team session names a team; one that does not (an old link) has none. */
const actorOf = (subject: Subject): TeamActor | null =>
  subject.teamId ? { platform: subject.platform, userId: subject.userId, teamId: subject.teamId } : null;

async function run<T, R extends string>(
  subject: Subject,
  call: (actor: TeamActor) => Promise<TeamAnswer<T, R>>,
): Promise<TeamResult<T>> {
  const actor = actorOf(subject);
  if (!actor) return { ok: false, code: 'team_not_found' };
  const answer = await call(actor);
  return answer.ok ? answer : { ok: false, code: codeOf[answer.reason] ?? 'not_team_admin' };
}

export const memberView = (member: TeamMember): MemberView => ({
  memberId: member.memberId,
  platform: member.platform,
  username: member.username,
  fullName: member.fullName,
  role: member.role,
  status: member.status,
  joinedAt: member.joinedAt.toISOString(),
});

/** The acting admin's own row on this page of members, if it is on it (never blockable from the page). */
export const ownMemberId = (members: readonly TeamMember[], subject: Subject | null): string | null =>
  (subject &&
    members.find((member) => member.platform === subject.platform && member.userId === subject.userId)?.memberId) ??
  null;

/** What `/team` shows: the team and one page of its members, for an active admin only. */
export async function loadTeamPage(
  subject: Subject | null,
  query: { search: string; page: number },
): Promise<TeamResult<{ team: TeamOverview; members: MemberPage }>> {
  if (!subject) return { ok: false, code: 'no_team_session' };
  const directory = await accountDirectory();
  const team = await run(subject, (actor) => directory.teamOverview(actor));
  if (!team.ok) return team;
  const members = await run(subject, (actor) =>
    directory.teamMembers(actor, { ...query, pageSize: MEMBERS_PAGE_SIZE }),
  );
  return members.ok ? { ok: true, value: { team: team.value, members: members.value } } : members;
}

export async function listMembers(subject: Subject, query: { search: string; page: number }) {
  const directory = await accountDirectory();
  return run(subject, (actor) => directory.teamMembers(actor, { ...query, pageSize: MEMBERS_PAGE_SIZE }));
}

export async function addMember(subject: Subject, request: AddMemberRequest, now: Date) {
  const directory = await accountDirectory();
  return run(subject, (actor) => directory.addTeamMember(actor, request, now));
}

export async function setMemberBlocked(subject: Subject, memberId: string, blocked: boolean) {
  const directory = await accountDirectory();
  return run(subject, (actor) => directory.setMemberBlocked(actor, memberId, blocked));
}

/** The team's plan and seats, for its admin (the Mini App's team page asks it through the API). */
export async function teamOverviewOf(subject: Subject) {
  const directory = await accountDirectory();
  return run(subject, (actor) => directory.teamOverview(actor));
}
