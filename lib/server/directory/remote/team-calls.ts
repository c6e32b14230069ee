import 'server-only';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AccountDirectory, TeamActor, TeamMember, TeamOverview } from '../types';
import type { Answer, Operation, wire } from './contract';
import type { Call } from './client';
import { expectSameIdentity } from './identity';

type TeamMethods = Pick<AccountDirectory, 'teamOverview' | 'teamMembers' | 'addTeamMember' | 'setMemberBlocked'>;
/** One call of the contract that answers 200 (any other outcome has already thrown "unavailable"). */
export type Ask = <O extends Operation>(operation: O, spec: Call) => Promise<Answer<O>>;

const date = (value: string | null) => (value === null ? null : new Date(value));
const member = (wireMember: z.infer<typeof wire.TeamMember>): TeamMember => ({
  ...wireMember,
  joinedAt: new Date(wireMember.joinedAt),
});
const overview = (team: z.infer<typeof wire.TeamOverview>): TeamOverview => ({
  ...team,
  planExpiresAt: date(team.planExpiresAt),
});

type Refusal = { refusal: string };

/**
 * A refusal travels as `{refusal}` in a 200, so it is the directory's answer, not an outage. The
 * reason's type is the contract's enum, and the methods return AccountDirectory's TeamAnswer: a
 * refusal the contract allows but the interface does not know would not compile.
 */
function answer<W extends object, T>(
  reply: W,
  value: (reply: Exclude<W, Refusal>) => T,
): { ok: true; value: T } | { ok: false; reason: Extract<W, Refusal>['refusal'] } {
  if ('refusal' in reply) return { ok: false, reason: (reply as Extract<W, Refusal>).refusal };
  return { ok: true, value: value(reply as Exclude<W, Refusal>) };
}

const actorQuery = (actor: TeamActor) => ({
  platform: actor.platform,
  teamId: actor.teamId,
  actorUserId: actor.userId,
});

/** The team page's calls over the contract (docs/chat-backend.openapi.yaml, "Team page"). */
export function remoteTeamCalls(ask: Ask): TeamMethods {
  return {
    async teamOverview(actor) {
      return answer(await ask('getTeamOverview', { query: actorQuery(actor) }), (reply) => {
        const { platform, teamId } = reply.overview;
        expectSameIdentity('getTeamOverview', { platform: actor.platform, teamId: actor.teamId }, { platform, teamId });
        return overview(reply.overview);
      });
    },

    async teamMembers(actor, { search, page, pageSize }) {
      const query = { ...actorQuery(actor), q: search, page: String(page), pageSize: String(pageSize) };
      return answer(await ask('listTeamMembers', { query }), ({ page: found }) => {
        for (const listed of found.members) {
          expectSameIdentity('listTeamMembers', { platform: actor.platform }, { platform: listed.platform });
        }
        return { ...found, members: found.members.map(member) };
      });
    },

    async addTeamMember(actor, { platform, username }) {
      const reply = await ask('addTeamMember', {
        body: { ...actorQuery(actor), member: { platform, username } },
        // One key per add, shared by its retries: a retry after a lost answer gets the first
        // answer back (the backend replays it), not "already a member".
        idempotencyKey: `add-member-${randomUUID()}`,
      });
      return answer(reply, (added) => {
        expectSameIdentity(
          'addTeamMember',
          { platform, username: username.toLowerCase() },
          { platform: added.member.platform, username: added.member.username.toLowerCase() },
        );
        return member(added.member);
      });
    },

    async setMemberBlocked(actor, memberId, blocked) {
      const reply = await ask('setMemberBlocked', {
        body: { ...actorQuery(actor), memberId, blocked },
        // Blocking is idempotent in itself (it sets a status); the key lets the write be retried.
        idempotencyKey: `member-blocked-${randomUUID()}`,
      });
      return answer(reply, (changed) => {
        expectSameIdentity(
          'setMemberBlocked',
          { platform: actor.platform, memberId },
          { platform: changed.member.platform, memberId: changed.member.memberId },
        );
        return member(changed.member);
      });
    },
  };
}
