import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { apiHeaders } from '@/lib/client/api-headers';
import type { MemberListPlace, MemberMoves } from '@/components/team/member-moves';
import { memberListQuery, type MemberListAnswer, type TeamApiError, type TeamOverview } from '@/lib/shared/team';

/** The Mini App's team page: its data once read, or why it is not shown. */
export type TeamData =
  | { kind: 'loading' }
  /** The site or the account directory did not answer: the page tries again by itself. */
  | { kind: 'unavailable' }
  /** The team API refused (the session ran out, the admin was blocked): its message, in the page's language. */
  | { kind: 'refused'; message: string }
  | { kind: 'open'; team: TeamOverview; members: MemberListAnswer; search: string; now: Date };

type Answer<T> = { ok: true; value: T } | { ok: false; refusal: string | null };

/** A GET of the team API with the Mini App's session (apiHeaders): the answer, or a refusal's message. */
async function read<T>(path: string, locale: string): Promise<Answer<T>> {
  try {
    const response = await fetch(path, { headers: apiHeaders(locale), cache: 'no-store' });
    const body = (await response.json()) as T | Partial<TeamApiError>;
    if (response.ok) return { ok: true, value: body as T };
    // A 5xx (503: the directory is down) passes, so it is tried again; a refusal stands.
    const message = response.status < 500 ? (body as Partial<TeamApiError>).error?.message : undefined;
    return { ok: false, refusal: message ?? null };
  } catch {
    return { ok: false, refusal: null };
  }
}

const failure = ({ refusal }: { refusal: string | null }): TeamData =>
  refusal ? { kind: 'refused', message: refusal } : { kind: 'unavailable' };

/** What the page shows once the answers are in; a move that read only the members keeps the team shown. */
function nextData(
  before: TeamData,
  members: Answer<MemberListAnswer>,
  overview: Answer<{ team: TeamOverview }> | null,
  search: string,
): TeamData {
  if (!members.ok) return failure(members);
  if (overview && !overview.ok) return failure(overview);
  const team = overview ? withDate(overview.value.team) : before.kind === 'open' ? before.team : null;
  return team ? { kind: 'open', team, members: members.value, search, now: new Date() } : before;
}

/** GET /api/team/members takes `?q=&page=`, as the browser's page's address does. */
function membersPath({ search, page }: MemberListPlace): string {
  const query = new URLSearchParams({ ...(search ? { q: search } : {}), ...(page > 1 ? { page: String(page) } : {}) });
  return query.size > 0 ? `/api/team/members?${query.toString()}` : '/api/team/members';
}

/**
 * The team page's data inside Telegram, read through the team API with the session the Mini App
 * holds in memory (a server render cannot see it), and the moves the member components make with
 * it (member-moves.tsx): after a change, the team (its seats) and the page shown are read again; a
 * search or another page reads that page.
 */
export function useTeamData(locale: string): { data: TeamData; moves: MemberMoves } {
  const [data, setData] = useState<TeamData>({ kind: 'loading' });
  // The newest read and what it asked for: a change reads that place again, and an answer that lands
  // after a newer read was asked is dropped (typing in the search box runs ahead of the network).
  const newest = useRef({ read: 0, place: { search: '', page: 1 } });

  const load = useCallback(
    async (to: MemberListPlace, withTeam: boolean) => {
      // As the server reads `?q=&page=`: the list then says "no match" for the search it ran.
      const place = memberListQuery({ q: to.search, page: to.page });
      const ask = newest.current.read + 1;
      newest.current = { read: ask, place };
      const [members, overview] = await Promise.all([
        read<MemberListAnswer>(membersPath(place), locale),
        withTeam ? read<{ team: TeamOverview }>('/api/team/overview', locale) : null,
      ]);
      if (ask !== newest.current.read) return;
      // A transition, as the pay page's view: React draws the new list in short tasks.
      startTransition(() => setData((before) => nextData(before, members, overview, place.search)));
    },
    [locale],
  );

  useEffect(() => {
    void load({ search: '', page: 1 }, true);
  }, [load]);

  const moves = useMemo<MemberMoves>(
    () => ({ changed: () => void load(newest.current.place, true), show: (place) => load(place, false) }),
    [load],
  );
  return { data, moves };
}

/** The overview as JSON carries its expiry as a string. */
const withDate = (team: TeamOverview): TeamOverview => ({
  ...team,
  planExpiresAt: team.planExpiresAt && new Date(team.planExpiresAt),
});
