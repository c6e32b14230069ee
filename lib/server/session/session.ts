import 'server-only';
import { env } from '@/lib/server/env';
import { signHs256, verifyHs256 } from './hs256';
import { linkClaims, type LinkAudience, type LinkClaims } from './paylink';
import { derivedKey } from './secret';
import type { Subject } from '@/lib/server/directory';
import { ledgerSql } from '@/lib/server/db';
import { linkHolder } from '@/lib/server/ledger/link-claims';
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

/**
 * `holder`: which browser holds the link (its claim names it); when another browser takes the
 * session over (a handoff), the claim names that one and this session ends.
 */
export async function sealSession(claims: LinkClaims, now = new Date(), holder?: string): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return signHs256(
    {
      plt: claims.plt,
      ...(claims.team ? { team: claims.team } : {}),
      ...(holder ? { hld: holder } : {}),
      jti: claims.jti,
      sub: claims.sub,
      aud: `session:${claims.aud}`,
      iat: issuedAt,
      exp: issuedAt + SESSION_LIFETIME_SECONDS,
    },
    derivedKey('session'),
  );
}

/** The subject of a session cookie, or null when it is absent, forged, expired or for another audience. */
export async function openSession(value: string | undefined, audience: LinkAudience): Promise<Subject | null> {
  return (await readSession(value, audience))?.subject ?? null;
}

/** The link a session was made from (so the same browser may open that link again), and its holder id. */
export async function sessionLink(
  value: string | undefined,
  audience: LinkAudience,
): Promise<{ jti: string; holder: string | undefined } | null> {
  const session = await readSession(value, audience);
  return session && { jti: session.jti, holder: session.holder };
}

async function readSession(
  value: string | undefined,
  audience: LinkAudience,
): Promise<{ subject: Subject; jti: string; holder: string | undefined } | null> {
  if (!value || value.length > 4096) return null;
  const payload = verifyHs256(value, derivedKey('session'));
  if (!payload) return null;
  // A session for this audience, not yet expired (as jose checks `exp`: expired at that second).
  const { aud, exp, sub } = payload;
  if (aud !== `session:${audience}` || typeof exp !== 'number' || exp <= Math.floor(Date.now() / 1000)) return null;
  if (typeof sub !== 'string') return null;
  const claims = linkClaims.safeParse({ ...payload, aud: audience });
  if (!claims.success) return null;
  const holder = typeof payload.hld === 'string' ? payload.hld : undefined;
  if (holder && !(await stillHeld(claims.data.jti, holder))) return null;
  return {
    subject: { platform: claims.data.plt, userId: claims.data.sub, teamId: claims.data.team },
    jti: claims.data.jti,
    holder,
  };
}

/**
 * Whether this browser still holds its link's session: not if the session was handed to another
 * browser since (docs/links.md). A store that cannot answer keeps the session — this check must
 * not turn a database hiccup into a logout; everything that needs the store fails on its own.
 */
async function stillHeld(jti: string, holder: string): Promise<boolean> {
  try {
    const current = await linkHolder(await ledgerSql(), jti);
    return current === undefined || current === null || current === holder;
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
