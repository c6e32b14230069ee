import 'server-only';
import { randomUUID } from 'node:crypto';
import { accountDirectory, type Subject } from '@/lib/server/directory';
import { sealMiniAppSession } from '@/lib/server/session/session';
import { teamOfStartParam, type MiniAppPage, type MiniAppRefusal } from '@/lib/shared/miniapp';
import { miniAppVerifier } from './config';
import { verifyInitData } from './init-data';

export type MiniAppOpening =
  { ok: true; token: string; expiresAt: number; subject: Subject } | { ok: false; code: MiniAppRefusal; cause: string };

/**
 * Trades a Mini App's initData for a session of `page`, as a link's exchange does for a token:
 * the Telegram user is the account (platform `telegram`, the user's id), and the team the
 * `startapp` parameter names is believed only once the directory confirms it — a member's team
 * for /pay, an active admin's for /team — because whoever made the link chose that parameter.
 * A directory that does not answer throws (UnavailableError): the route answers 503.
 */
export async function openMiniAppSession(
  initData: string,
  page: MiniAppPage,
  now = new Date(),
): Promise<MiniAppOpening> {
  const verifier = miniAppVerifier();
  if (!verifier) return { ok: false, code: 'off', cause: 'no bot configured' };
  const verdict = verifyInitData(initData, verifier, now);
  if (!verdict.ok) return { ok: false, code: verdict.problem, cause: verdict.cause };

  const named: Subject = {
    platform: 'telegram',
    userId: verdict.data.user.id,
    teamId: teamOfStartParam(verdict.data.startParam),
  };
  const confirmed = await confirmedSubject(named, page);
  if (!confirmed.ok) return confirmed;
  const { subject } = confirmed;
  const claims = { plt: subject.platform, sub: subject.userId, team: subject.teamId, aud: page, jti: randomUUID() };
  return { ok: true, ...sealMiniAppSession(claims, now), subject };
}

async function confirmedSubject(
  named: Subject,
  page: MiniAppPage,
): Promise<{ ok: true; subject: Subject } | { ok: false; code: MiniAppRefusal; cause: string }> {
  const directory = await accountDirectory();
  if (page === 'team') {
    if (!named.teamId) return { ok: false, code: 'no_team', cause: 'no team in startapp' };
    const overview = await directory.teamOverview({ ...named, teamId: named.teamId });
    if (!overview.ok) return { ok: false, code: 'not_team_admin', cause: overview.reason };
    return { ok: true, subject: named };
  }
  const context = await directory.payContext(named);
  if (!context) return { ok: false, code: 'unknown_account', cause: 'no such account' };
  // A team the account is not a member of is dropped, as payContext itself drops it.
  return { ok: true, subject: context.team ? named : { ...named, teamId: undefined } };
}
