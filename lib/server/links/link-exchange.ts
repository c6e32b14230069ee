import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { linkPageOf, type LinkPageRoute } from '@/lib/i18n/route-request';
import type { Locale } from '@/lib/i18n/locales';
import { ledgerSql } from '@/lib/server/db';
import { claimLink } from '@/lib/server/ledger/link-claims';
import { clientIp, isSameOrigin } from '@/lib/server/http/guards';
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
  sessionLink,
  sealSession,
  type CookieReader,
} from '@/lib/server/session/session';
import { HANDOFF_FRAGMENT, issueHandoff, newHolder } from '@/lib/server/session/handoff';
import { verifyPaylink, type LinkAudience, type LinkClaims, type LinkVerdict } from '@/lib/server/session/paylink';
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
 * second browser is refused (`replayed`); the browser that opened a link first (its session came
 * from this very link) may open it again.
 */
export async function exchangeLink(request: NextRequest, form: LinkExchangeForm | null): Promise<Response> {
  const target = form && linkTarget(form.next);
  if (!form || !target) return seeOther('/pay', 'invalid');
  const { locale } = target;
  // Only this site's opening page may open a session (no login forced on a visitor from elsewhere).
  if (!isSameOrigin(request)) return seeOther(target.path, 'invalid');
  // Per client address: guessing or replaying links in bulk gets a 429 long before it gets far.
  const wait = await rateLimit([['linkPerIp', clientIp(request)]]);
  if (wait) return statusPage(locale, 'rate_limited', 429, { retryAfter: wait });

  const token = linkToken(form.t);
  const verdict = await verifyPaylink(token, target.audience);
  if (!verdict.ok) return refuse(request, target, problemOf(verdict.reason), verdict.reason, platformNamedBy(token));
  const spent = await spend(request, verdict);
  if (spent === 'store') return statusPage(locale, 'unavailable', 503, { retryAfter: UNAVAILABLE_RETRY_SECONDS });
  if (spent === 'replayed') return refuse(request, target, 'replayed', 'replayed', verdict.claims.plt);
  return openedIn(target, verdict.claims, spent.holder);
}

/**
 * The session for `holder` (this browser), and the 303 to the page — with, in its fragment, the
 * handoff that lets the person continue in another browser (handoff.ts).
 */
export async function openedIn(target: LinkTarget, claims: LinkClaims, holder: string): Promise<NextResponse> {
  const now = new Date();
  const options = sessionCookieOptions();
  const response = seeOther(target.path, null, null, `${HANDOFF_FRAGMENT}=${issueHandoff(claims, now)}`);
  response.cookies.set(
    sessionCookieName(target.audience, options.secure),
    await sealSession(claims, now, holder),
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
 * Claims the link for this browser: opened (with the id of the browser that holds it), `replayed`
 * (another browser has it), or `store` (cannot tell). The browser whose live session came from
 * this very link opens it again as its holder.
 */
async function spend(
  request: NextRequest,
  verdict: { claims: LinkClaims; expiresAt: Date },
): Promise<{ holder: string } | 'replayed' | 'store'> {
  const { claims, expiresAt } = verdict;
  const current = await sessionLink(sessionCookieValue(request.cookies, claims.aud), claims.aud);
  if (current?.jti === claims.jti) return { holder: current.holder ?? newHolder() };
  try {
    const holder = newHolder();
    return (await claimLink(await ledgerSql(), claims.jti, expiresAt, new Date(), holder)) ? { holder } : 'replayed';
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
export function seeOther(
  path: string,
  problem: LinkProblem | null,
  chat: Platform | null = null,
  fragment: string | null = null,
): NextResponse {
  let location = path;
  if (problem) location += `${path.includes('?') ? '&' : '?'}${LINK_PROBLEM_PARAM}=${problem}`;
  if (problem && chat) location += `&${LINK_CHAT_PARAM}=${chat}`;
  if (fragment) location += `#${fragment}`;
  return new NextResponse(null, {
    status: 303,
    headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  });
}
