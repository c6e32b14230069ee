import 'server-only';
import { accountDirectory, type TeamActor } from '@/lib/server/directory';
import { paymentHistory } from '@/lib/server/pay/history';
import type { Payer, TeamPaymentsPage } from '@/lib/shared/payment-history';

/** The member list's largest page; a team's payers are nearly always on the first. */
const MEMBERS_PER_READ = 100;
/** Reads at most this many pages of members looking for payers (a thousand members). */
const MAX_MEMBER_READS = 10;

/**
 * One page of the team's payments with who paid each, for an admin the team page has just checked.
 * Names come from the team's own member list, which the directory gives only to an active admin of
 * that team: an admin learns nothing about a payer beyond what the member list already shows them,
 * and someone who has left the team is "a former member" with their platform id.
 */
export async function teamPayments(actor: TeamActor, page: number): Promise<TeamPaymentsPage> {
  const history = await paymentHistory({ platform: actor.platform, teamId: actor.teamId }, page);
  const payerIds = new Set(history.payments.flatMap((payment) => (payment.payerId ? [payment.payerId] : [])));
  const names = await memberNames(actor, payerIds);
  return {
    ...history,
    payments: history.payments.map(({ payerId = '', ...payment }) => {
      const name = names.get(payerId);
      const payer: Payer = name === undefined ? { formerMemberId: payerId } : { name };
      return { ...payment, payer };
    }),
  };
}

/** The display names of those of `userIds` who are members of the actor's team. */
async function memberNames(actor: TeamActor, userIds: ReadonlySet<string>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (userIds.size === 0) return names;
  const directory = await accountDirectory();
  for (let page = 1; page <= MAX_MEMBER_READS && names.size < userIds.size; page += 1) {
    const answer = await directory.teamMembers(actor, { search: '', page, pageSize: MEMBERS_PER_READ });
    // Refused: no longer an admin since the page checked; the names are not theirs to read.
    if (!answer.ok) return new Map();
    for (const member of answer.value.members) {
      if (member.userId !== null && userIds.has(member.userId)) {
        names.set(member.userId, member.fullName || member.username);
      }
    }
    if (page * MEMBERS_PER_READ >= answer.value.total) break;
  }
  return names;
}
