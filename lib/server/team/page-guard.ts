import 'server-only';
import { isUnavailable } from '@/lib/server/unavailable';
import { sessionCookieValue, sessionFrom, type CookieReader } from '@/lib/server/session/session';
import { log } from '@/lib/server/observability/log';
import { memberListQuery } from '@/lib/shared/team';
import { loadTeamPage } from './team-admin';

/**
 * Whether to answer a team page load (a document `GET` of `/team`, which the proxy's routing
 * decision tells apart; `params` is its query) with the translated 503 page. An App Router page
 * cannot choose its status (only 404, 403, 401, redirects and 500 are open to it), so the proxy,
 * which can, makes the page's own reads first (loadTeamPage: the team and the page of members the
 * URL asks for) for document requests of a team session. Any way those reads fail as
 * "unavailable" — the directory down or slow, an answer about another team or platform — is then
 * a 503 a monitor sees, not the page's "briefly unavailable" view with a 200. The page repeats the
 * reads (a team page load costs the directory two extra calls); pages refreshed by the client
 * router skip this, and the page counts its own unavailable view should the reads fail after
 * these (quorum_team_page_unavailable_total).
 */
export async function teamDirectoryDown(cookies: CookieReader, params: URLSearchParams): Promise<boolean> {
  // No session: the page refuses without asking the directory anything.
  if (!sessionCookieValue(cookies, 'team')) return false;
  try {
    const subject = await sessionFrom(cookies, 'team');
    // Each parameter's first value, as the page reads its searchParams.
    const query = Object.fromEntries([...new Set(params.keys())].map((name) => [name, params.get(name)]));
    await loadTeamPage(subject, memberListQuery(query));
    return false;
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    log().warn({ err: error }, 'team page: the account directory is unavailable');
    return true;
  }
}
