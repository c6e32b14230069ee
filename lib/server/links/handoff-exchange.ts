import 'server-only';
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { linkAudiences } from '@/lib/i18n/route-request';
import { ledgerSql } from '@/lib/server/db';
import { accountDirectory } from '@/lib/server/directory';
import { claimLink, linkClaimed, linkStanding, moveLinkHolder } from '@/lib/server/ledger/link-claims';
import { clientIp, isSameOrigin } from '@/lib/server/request/guards';
import { rateLimit } from '@/lib/server/http/rate-limit';
import { statusPage } from '@/lib/server/http/status-page';
import { requestLog } from '@/lib/server/observability/log';
import { issueHandoff, newHolder, readHandoff, type Handoff } from '@/lib/server/session/handoff';
import { linkAccount, liveSession } from '@/lib/server/session/session';
import { UNAVAILABLE_RETRY_SECONDS } from '@/lib/server/unavailable';
import type { LinkProblem } from '@/lib/shared/link-problem';
import type { HandoffAccount, HandoffAccountRequest, HandoffIssued, HandoffRequest } from '@/lib/shared/handoff';
import { exchangeTarget, linkTarget, openedIn, seeOther, type LinkTarget } from './link-exchange';

/*
 * Continuing in another browser (docs/links.md#leaving-the-chat-apps-browser), in three steps:
 * the browser holding the session asks for a handoff (`requestHandoff`, on the person's "Open in
 * another browser"); the other browser, finding it in its address, asks whose page it opens
 * (`describeHandoff`) and offers to continue; the person's tap there takes it (`exchangeHandoff`).
 */

/** What "Open in another browser" posts: which page's session to hand on. */
export const handoffRequest = z.strictObject({ page: z.enum(linkAudiences) }) satisfies z.ZodType<HandoffRequest>;

export type HandoffIssue =
  | ({ ok: true } & HandoffIssued)
  | { ok: false; code: 'forbidden' | 'no_session' | 'no_team_session' | 'handoff_once' }
  | { ok: false; code: 'rate_limited'; retryAfterSeconds: number };

/**
 * A handoff for the session this browser holds for `page`: only for a session that holds its link
 * and was not itself opened by a handoff (one hop), and only same-origin (another site cannot mint
 * one into a payer's page). The browser alone gets it; it is logged nowhere.
 */
export async function requestHandoff(request: NextRequest, form: HandoffRequest): Promise<HandoffIssue> {
  if (!isSameOrigin(request)) return { ok: false, code: 'forbidden' };
  const wait = await rateLimit([['linkPerIp', clientIp(request)]]);
  if (wait) return { ok: false, code: 'rate_limited', retryAfterSeconds: wait };
  const session = await liveSession(request.cookies, form.page);
  if (!session?.holder) return { ok: false, code: form.page === 'team' ? 'no_team_session' : 'no_session' };
  if (session.handedOff) return { ok: false, code: 'handoff_once' };
  const { token, expiresAt } = issueHandoff(
    session.claims,
    { holder: session.holder, sessionExpiresAt: session.expiresAt },
    new Date(),
  );
  return { ok: true, handoff: token, expiresAt: expiresAt.toISOString() };
}

/** What the other browser posts: the handoff it read from its address, and its page. */
export const handoffForm = z.object({
  h: z.string().max(2048),
  next: z.string().max(512),
}) satisfies z.ZodType<HandoffAccountRequest>;
export type HandoffForm = z.infer<typeof handoffForm>;

export type HandoffDescription =
  ({ ok: true } & HandoffAccount) | { ok: false; code: Exclude<LinkProblem, 'missing'> | 'rate_limited' };

/**
 * Whose page a handoff would open, so the other browser can name the account before the person
 * continues — whoever sent the browser to this address. Only while the handoff could still be
 * taken; it spends nothing. Knowing the name gives nothing the handoff itself would not.
 */
export async function describeHandoff(request: NextRequest, form: HandoffForm): Promise<HandoffDescription> {
  const target = linkTarget(form.next);
  if (!target || !isSameOrigin(request)) return { ok: false, code: 'invalid' };
  if (await rateLimit([['linkPerIp', clientIp(request)]])) return { ok: false, code: 'rate_limited' };
  const handoff = readHandoff(form.h, target.audience, new Date());
  if (handoff === 'expired') return { ok: false, code: 'expired' };
  if (!handoff) return { ok: false, code: 'invalid' };
  if (!(await takeable(handoff))) return { ok: false, code: 'replayed' };
  const { plt, sub, team } = handoff.claims;
  const context = await (await accountDirectory()).payContext({ platform: plt, userId: sub, teamId: team });
  if (!context) return { ok: false, code: 'invalid' };
  return { ok: true, account: { name: context.account.fullName, username: context.account.username } };
}

/** Not taken yet, and the browser that asked for it still holds the account's newest link. */
async function takeable(handoff: Handoff): Promise<boolean> {
  const sql = await ledgerSql();
  if (await linkClaimed(sql, `handoff:${handoff.id}`)) return false;
  const standing = await linkStanding(sql, handoff.claims.jti, linkAccount(handoff.claims));
  return standing?.holder === handoff.from && standing.newest;
}

/**
 * `POST /api/link/handoff`, on the person's tap in the other browser: takes a handoff once, moves
 * the link to this browser (the asking browser's session ends on its next request) and opens the
 * page here — with no handoff of its own: a session opened by a handoff cannot hand itself on, and
 * it ends when the asking browser's session would have. Refusals keep any session this browser holds.
 */
export async function exchangeHandoff(request: NextRequest, sent: HandoffForm | null): Promise<Response> {
  const checked = await exchangeTarget(request, sent);
  if ('answer' in checked) return checked.answer;
  const { form, target } = checked;
  const { locale } = target;

  const now = new Date();
  const handoff = readHandoff(form.h, target.audience, now);
  if (handoff === 'expired') return refuse(request, target, 'expired', 'expired');
  if (!handoff) return refuse(request, target, 'invalid', 'malformed_or_forged');
  const holder = newHolder();
  try {
    const sql = await ledgerSql();
    const taken = await sql.transaction(async (tx) => {
      if (!(await claimLink(tx, `handoff:${handoff.id}`, handoff.expiresAt, now))) return 'used';
      const standing = await linkStanding(tx, handoff.claims.jti, linkAccount(handoff.claims));
      if (!standing?.newest) return 'link_ended';
      // Void once the asking browser has lost the link (taken back with the link, or moved on).
      if (!(await moveLinkHolder(tx, handoff.claims.jti, handoff.from, holder))) return 'asker_ended';
      return 'taken';
    });
    if (taken !== 'taken') return refuse(request, target, 'replayed', taken);
  } catch (error) {
    requestLog(request).error({ err: error }, 'could not record a handoff');
    return statusPage(locale, 'unavailable', 503, { retryAfter: UNAVAILABLE_RETRY_SECONDS });
  }
  return openedIn(target, handoff.claims, holder, { expiresAt: handoff.sessionExpiresAt });
}

/** The log names the exact cause; the page only what the person can act on. */
function refuse(
  request: NextRequest,
  target: LinkTarget,
  problem: 'invalid' | 'expired' | 'replayed',
  cause: string,
): Response {
  requestLog(request).warn({ audience: target.audience, reason: problem, cause }, 'handoff refused');
  return seeOther(target.path, problem);
}
