import 'server-only';
import { env } from '@/lib/server/env';
import { signHs256, verifyHs256 } from './hs256';
import type { LinkAudience } from '@/lib/i18n/route-request';
import { CLOCK_TOLERANCE_SECONDS, linkClaims, type LinkClaims } from './paylink';
import { derivedKey } from './secret';
import type { Subject } from '@/lib/server/directory';
import { ledgerSql } from '@/lib/server/db';
import { linkStanding } from '@/lib/server/ledger/link-claims';
import { log } from '@/lib/server/observability/log';

/**
 * The session a pay or team link is exchanged for: a signed, httpOnly cookie holding the link's
 * claims, so the token itself never stays in the address bar, history or a Referer.
 */
export const SESSION_LIFETIME_SECONDS = 12 * 3600;

/** `__Host-` pins the cookie to this origin, path `/`, Secure; a plain name when SITE_URL is http. */
export function sessionCookieName(audience: LinkAudience, secure: boolean): string {
  return `${secure ? '__Host-' : ''}quorum-${audience}`;
}

/** Flags follow SITE_URL's scheme: behind a TLS-terminating proxy `next start` itself sees plain http. */
export function sessionCookieOptions() {
  const secure = env().secureCookies;
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/', maxAge: SESSION_LIFETIME_SECONDS };
}

/** The key a link's account is known by for "newest link wins": the audience, the platform, the user, and for a team page the team. */
export function linkAccount(claims: Pick<LinkClaims, 'aud' | 'plt' | 'sub' | 'team'>): string {
  return [claims.aud, claims.plt, claims.sub, ...(claims.aud === 'team' ? [claims.team ?? ''] : [])].join(':');
}

/**
 * Until when a link's claim (and its account's "newest link" mark) is kept: no session made from it
 * outlives this — a session opens at the latest at the link's expiry (with the clocks' tolerance),
 * lasts at most SESSION_LIFETIME_SECONDS, and one a handoff opens ends with the session that asked for it.
 */
export function claimKeptUntil(linkExpiresAt: Date): Date {
  return new Date(linkExpiresAt.getTime() + (CLOCK_TOLERANCE_SECONDS + SESSION_LIFETIME_SECONDS) * 1000);
}

/**
 * `holder`: which browser holds the link (its claim names it). `handedOff`: the session was opened
 * by a handoff from another browser — it ends with the session that asked for it (`expiresAt`), and
 * it cannot hand itself on: one hop is all "Open in Chrome/Safari" needs.
 */
export async function sealSession(
  claims: LinkClaims,
  now = new Date(),
  holder?: string,
  handedOff?: { expiresAt: number },
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = Math.min(issuedAt + SESSION_LIFETIME_SECONDS, handedOff?.expiresAt ?? Infinity);
  return signHs256(
    {
      plt: claims.plt,
      ...(claims.team ? { team: claims.team } : {}),
      ...(holder ? { hld: holder } : {}),
      ...(handedOff ? { hop: 1 } : {}),
      jti: claims.jti,
      sub: claims.sub,
      aud: `session:${claims.aud}`,
      iat: issuedAt,
      exp: expiresAt,
    },
    derivedKey('session'),
  );
}

/**
 * The session a Telegram Mini App opens with its verified initData (docs/miniapp.md): the same
 * claims as a link's, under an audience of its own, so a Mini App's token is never taken for a
 * cookie nor a cookie for a Mini App's token. It names no browser: nothing was claimed to open it.
 */
export function sealMiniAppSession(claims: LinkClaims, now = new Date()): { token: string; expiresAt: number } {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + SESSION_LIFETIME_SECONDS;
  const token = signHs256(
    {
      plt: claims.plt,
      ...(claims.team ? { team: claims.team } : {}),
      jti: claims.jti,
      sub: claims.sub,
      aud: sessionAudience(claims.aud, 'miniapp'),
      iat: issuedAt,
      exp: expiresAt,
    },
    derivedKey('session'),
  );
  return { token, expiresAt };
}

/** Where a session travels: a link's cookie, or the header a Mini App's page sends. */
export type SessionCarrier = 'cookie' | 'miniapp';

const sessionAudience = (audience: LinkAudience, carrier: SessionCarrier) =>
  carrier === 'miniapp' ? `session:miniapp:${audience}` : `session:${audience}`;

/** The subject of a session cookie, or null when it is absent, forged, expired, ended or for another audience. */
export async function openSession(
  value: string | undefined,
  audience: LinkAudience,
  carrier: SessionCarrier = 'cookie',
): Promise<Subject | null> {
  return (await readSession(value, audience, carrier))?.subject ?? null;
}

/** What a session cookie says, signed by this site and not expired, whether or not it still holds its link. */
export interface SealedSession {
  subject: Subject;
  claims: LinkClaims;
  /** Which browser it was (absent in sessions made before handoffs existed). */
  holder: string | undefined;
  handedOff: boolean;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/**
 * A session cookie as sealed, without asking the store whether it still holds its link: the link
 * exchange reads it to let the browser that claimed a link first take it back.
 */
export function sealedSession(
  value: string | undefined,
  audience: LinkAudience,
  carrier: SessionCarrier = 'cookie',
): SealedSession | null {
  if (!value || value.length > 4096) return null;
  const payload = verifyHs256(value, derivedKey('session'));
  if (!payload) return null;
  // A session for this audience, not yet expired (as jose checks `exp`: expired at that second).
  const { aud, exp, sub } = payload;
  if (aud !== sessionAudience(audience, carrier)) return null;
  if (typeof exp !== 'number' || exp <= Math.floor(Date.now() / 1000)) return null;
  if (typeof sub !== 'string') return null;
  const claims = linkClaims.safeParse({ ...payload, aud: audience });
  if (!claims.success) return null;
  return {
    subject: { platform: claims.data.plt, userId: claims.data.sub, teamId: claims.data.team },
    claims: claims.data,
    holder: typeof payload.hld === 'string' ? payload.hld : undefined,
    handedOff: payload.hop === 1,
    expiresAt: exp,
  };
}

/** The session of a cookie, if it still holds its link (docs/links.md). */
async function readSession(
  value: string | undefined,
  audience: LinkAudience,
  carrier: SessionCarrier = 'cookie',
): Promise<SealedSession | null> {
  const session = sealedSession(value, audience, carrier);
  if (!session) return null;
  if (session.holder && !(await stillHeld(session.claims, session.holder))) return null;
  return session;
}

/**
 * Whether this browser still holds its link's session: its link's claim names it, and no newer link
 * of the account was opened since. A claim that is gone (purged) holds nothing: the session ends.
 * A store that cannot answer keeps the session — this check must not turn a database hiccup into a
 * logout; everything that needs the store fails on its own.
 */
async function stillHeld(claims: LinkClaims, holder: string): Promise<boolean> {
  try {
    const standing = await linkStanding(await ledgerSql(), claims.jti, linkAccount(claims));
    return standing !== undefined && standing.holder === holder && standing.newest;
  } catch (error) {
    log().warn({ err: error }, 'session: could not check which browser holds it');
    return true;
  }
}

export type CookieReader = { get(name: string): { value: string } | undefined };

/**
 * The session cookie for `audience` in a cookie store, under the one name this site's scheme
 * uses: on https only the `__Host-` cookie counts, so a plain-named cookie planted by a sibling
 * subdomain or a plain-http page cannot stand in for it.
 */
export function sessionCookieValue(cookies: CookieReader, audience: LinkAudience): string | undefined {
  return cookies.get(sessionCookieName(audience, env().secureCookies))?.value;
}

/** Reads the session for `audience` from a cookie store. */
export async function sessionFrom(cookies: CookieReader, audience: LinkAudience): Promise<Subject | null> {
  return openSession(sessionCookieValue(cookies, audience), audience);
}

/**
 * Who is paying on `/pay` and its API: the pay session, or else the team session of an admin who
 * came from the team page's "add seats" link (the assistant signed both for the same user and
 * team, and a team link is only ever sent to that team's admin).
 */
export async function payingSubject(cookies: CookieReader): Promise<Subject | null> {
  return (await sessionFrom(cookies, 'pay')) ?? (await sessionFrom(cookies, 'team'));
}

/** The session for `audience` in a cookie store, with what it was sealed with, if it still holds its link. */
export async function liveSession(cookies: CookieReader, audience: LinkAudience): Promise<SealedSession | null> {
  return readSession(sessionCookieValue(cookies, audience), audience);
}
