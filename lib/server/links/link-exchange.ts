import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { linkPageOf, type LinkAudience, type LinkPageRoute } from '@/lib/i18n/route-request';
import type { Locale } from '@/lib/i18n/locales';
import { ledgerSql } from '@/lib/server/db';
import { claimLink, linkStanding, markNewestLink, retakeLink } from '@/lib/server/ledger/link-claims';
import { clientIp, isSameOrigin } from '@/lib/server/request/guards';
import { rateLimit } from '@/lib/server/http/rate-limit';
import { statusPage } from '@/lib/server/http/status-page';
import { requestLog } from '@/lib/server/observability/log';
import { UNAVAILABLE_RETRY_SECONDS } from '@/lib/server/unavailable';
import { LINK_CHAT_PARAM, LINK_PROBLEM_PARAM, type LinkProblem } from '@/lib/shared/link-problem';
import { isPlatform, type Platform } from '@/lib/config/site';
import { decodeJwt } from 'jose';
import {
  sessionCookieName,
  sessionCookieOptions,
  sessionCookieValue,
  sessionFrom,
  sealSession,
  sealedSession,
  linkAccount,
  claimKeptUntil,
  type CookieReader,
} from '@/lib/server/session/session';
import { newHolder } from '@/lib/server/session/handoff';
import { verifyPaylink, type LinkClaims, type LinkVerdict } from '@/lib/server/session/paylink';
import { linkOpenPage } from './link-open-page';

/**
 * A `GET` or `HEAD` of a link page with its token (`/pay?t=…`, `/team?t=…`, in any locale): the
 * opening page, which spends nothing — link previews and scanners fetch it as often as they like.
 */
export async function linkOpening(page: LinkPageRoute & { token: string }, cookies: CookieReader): Promise<Response> {
  const switching = await switchesAccount(cookies, page.audience, page.token);
  return linkOpenPage(page.locale, page.audience, { switching });
}

/**
 * Whether opening this link would replace this browser's live session with another account's —
 * the case where a page elsewhere could have sent the person here with someone else's link, so
 * the opening page says so before the tap. Verifying spends nothing; a preview has no cookie.
 */
async function switchesAccount(cookies: CookieReader, audience: LinkAudience, token: string): Promise<boolean> {
  const current = await sessionFrom(cookies, audience);
  if (!current) return false;
  const verdict = await verifyPaylink(linkToken(token), audience);
  if (!verdict.ok) return false;
  const { plt, sub, team } = verdict.claims;
  return plt !== current.platform || sub !== current.userId || (team ?? null) !== (current.teamId ?? null);
}

/**
 * The token as posted in a chat message: a message's own `.`, `,`, `)`, `!`, `?` or `…` right
 * after the link is often taken into it, and no token ends with one of them.
 */
export function linkToken(raw: string): string {
  return raw.replace(/[.,)!?\u2026]+$/u, '');
}

/** What the opening page posts: the token, and the page (with its own query) the link was for. */
export const linkExchangeForm = z.object({
  t: z.string().max(4096),
  next: z.string().max(512),
});
export type LinkExchangeForm = z.infer<typeof linkExchangeForm>;

/**
 * `POST /api/link` from the opening page, on the person's tap: the only step that spends a link. A
 * good token becomes a session cookie and a 303 to the page; a refused one sends the browser to the
 * page with `?link=<problem>`, which says what happened and what to do — and leaves any session the
 * browser holds as it was: a bad link is no reason to end a good session. Links are single-use: a
 * second browser is refused (`replayed`); the browser that opened a link first may open it again.
 */
export async function exchangeLink(request: NextRequest, sent: LinkExchangeForm | null): Promise<Response> {
  const checked = await exchangeTarget(request, sent);
  if ('answer' in checked) return checked.answer;
  const { form, target } = checked;
  const { locale } = target;

  const token = linkToken(form.t);
  const verdict = await verifyPaylink(token, target.audience);
  if (!verdict.ok) return refuse(request, target, problemOf(verdict.reason), verdict.reason, platformNamedBy(token));
  const spent = await spend(request, verdict);
  if (spent === 'store') return statusPage(locale, 'unavailable', 503, { retryAfter: UNAVAILABLE_RETRY_SECONDS });
  if (spent === 'replayed') return refuse(request, target, 'replayed', 'replayed', verdict.claims.plt);
  return openedIn(target, verdict.claims, spent.holder);
}

/**
 * What an exchange (of a link, or of a handoff) checks before it reads what it was sent: a page of
 * ours to open; a request from this site's own pages (no session forced on a visitor from
 * elsewhere); the client's rate — guessing or replaying in bulk gets a 429 long before it gets far.
 * The page to open, or the answer that ends the exchange.
 */
export async function exchangeTarget<Form extends { next: string }>(
  request: NextRequest,
  form: Form | null,
): Promise<{ form: Form; target: LinkTarget } | { answer: Response }> {
  const target = form && linkTarget(form.next);
  if (!form || !target) return { answer: seeOther('/pay', 'invalid') };
  if (!isSameOrigin(request)) return { answer: seeOther(target.path, 'invalid') };
  const wait = await rateLimit([['linkPerIp', clientIp(request)]]);
  if (wait) return { answer: await statusPage(target.locale, 'rate_limited', 429, { retryAfter: wait }) };
  return { form, target };
}

/**
 * The session for `holder` (this browser), and the 303 to the page. No handoff rides along: the
 * page asks for one only when the person chooses "Open in another browser" (handoff.ts).
 */
export async function openedIn(
  target: LinkTarget,
  claims: LinkClaims,
  holder: string,
  handedOff?: { expiresAt: number },
): Promise<NextResponse> {
  const options = sessionCookieOptions();
  const response = seeOther(target.path, null);
  response.cookies.set(
    sessionCookieName(target.audience, options.secure),
    await sealSession(claims, new Date(), holder, handedOff),
    options,
  );
  return response;
}

/**
 * The log says why exactly (a forged signature is not a truncated token); the page only what the
 * person can act on.
 */
function refuse(
  request: NextRequest,
  target: LinkTarget,
  problem: LinkProblem,
  cause: RefusalCause,
  chat: Platform | null,
): NextResponse {
  requestLog(request).warn({ audience: target.audience, reason: problem, cause }, 'link refused');
  return seeOther(target.path, problem, chat);
}

/**
 * The platform a refused token says it came from, read without trusting it: it only picks which of
 * the site's own chat links the page offers to get a new link, from a closed set.
 */
function platformNamedBy(token: string): Platform | null {
  try {
    const { plt } = decodeJwt(token);
    return isPlatform(plt) ? plt : null;
  } catch {
    return null;
  }
}

type RefusalCause = Extract<LinkVerdict, { ok: false }>['reason'] | 'replayed';

function problemOf(reason: Extract<LinkVerdict, { ok: false }>['reason']): LinkProblem {
  return reason === 'expired' ? 'expired' : 'invalid';
}

/**
 * Claims the link for this browser: opened (with the id of the browser that holds it now),
 * `replayed` (another browser has it), or `store` (cannot tell). The browser that claimed the link
 * first may open it again and holds it again — even after a handoff moved it elsewhere, so that
 * someone who took the page over with a handoff read off the owner's screen loses it to the link —
 * as long as no newer link of the account was opened since. Either way the link becomes its
 * account's newest: the sessions of the account's older links end.
 */
async function spend(
  request: NextRequest,
  verdict: { claims: LinkClaims; expiresAt: Date },
): Promise<{ holder: string } | 'replayed' | 'store'> {
  const { claims, expiresAt } = verdict;
  const now = new Date();
  const keptUntil = claimKeptUntil(expiresAt);
  const account = linkAccount(claims);
  try {
    const sql = await ledgerSql();
    const holder = newHolder();
    const claimed = await sql.transaction(async (tx) => {
      if (!(await claimLink(tx, claims.jti, keptUntil, now, holder))) return false;
      await markNewestLink(tx, account, claims.jti, keptUntil, now);
      return true;
    });
    if (claimed) return { holder };
    const mine = sealedSession(sessionCookieValue(request.cookies, claims.aud), claims.aud);
    if (mine?.claims.jti !== claims.jti || !mine.holder) return 'replayed';
    const standing = await linkStanding(sql, claims.jti, account);
    if (!standing?.newest || standing.firstHolder !== mine.holder) return 'replayed';
    if (!(await retakeLink(sql, claims.jti, mine.holder))) return 'replayed';
    return { holder: mine.holder };
  } catch (error) {
    // Fail closed: without the store nobody can tell a first use from a replay (nor show the page).
    requestLog(request).error({ err: error }, 'could not record a link use');
    return 'store';
  }
}

/**
 * The page a link opens, from the opening page's `next`: a same-site path to `/pay` or `/team`
 * (any locale) with its own query, minus `t` and any earlier problem. Anything else is refused.
 */
export interface LinkTarget {
  audience: LinkAudience;
  locale: Locale;
  /** Path and query, relative to the site. */
  path: string;
}

export function linkTarget(next: string): LinkTarget | null {
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(next, 'http://site.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://site.invalid') return null;
  const page = linkPageOf(url.pathname);
  if (!page) return null;
  url.searchParams.delete('t');
  url.searchParams.delete(LINK_PROBLEM_PARAM);
  url.searchParams.delete(LINK_CHAT_PARAM);
  return { audience: page.audience, locale: page.locale, path: `${url.pathname}${url.search}` };
}

/**
 * A 303 to a same-site path, relative: the browser resolves it against the public address it used,
 * whatever host and port the server listens on.
 */
export function seeOther(path: string, problem: LinkProblem | null, chat: Platform | null = null): NextResponse {
  let location = path;
  if (problem) location += `${path.includes('?') ? '&' : '?'}${LINK_PROBLEM_PARAM}=${problem}`;
  if (problem && chat) location += `&${LINK_CHAT_PARAM}=${chat}`;
  return new NextResponse(null, {
    status: 303,
    headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  });
}
