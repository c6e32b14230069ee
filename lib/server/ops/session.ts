import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { env } from '@/lib/server/env';
import { ledgerSql } from '@/lib/server/db';
import { endSession, insertSession, liveSession, type OperatorSession } from './store/sessions';

/**
 * The operator's session (docs/operations.md#the-security-model): a random token in a cookie of its
 * own — httpOnly, SameSite=Strict, `__Host-` and Secure whenever SITE_URL is https (on a plain-http
 * SITE_URL, as the pay session's cookie, a plain name: a browser keeps no Secure cookie from
 * http://localhost for every tool) — and its hash in the database, which is read on every request,
 * so a revoked operator or an ended session is refused at once. A payer's session is a different
 * cookie, sealed differently: neither is ever taken for the other.
 */
export const SESSION_MINUTES = 60;
/** A refund asks for the passkey again when the last proof is older than this. */
export const STEP_UP_MINUTES = 5;

export function opsCookieName(): string {
  return `${env().secureCookies ? '__Host-' : ''}quorum-ops`;
}

export function opsCookieOptions(maxAgeSeconds = SESSION_MINUTES * 60) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: env().secureCookies,
    path: '/',
    maxAge: maxAgeSeconds,
  };
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Opens a session for an operator who just proved a passkey; the token goes into the cookie only. */
export async function startSession(operatorId: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(await ledgerSql(), {
    idHash: hashOf(token),
    operatorId,
    now,
    expiresAt: new Date(now.getTime() + SESSION_MINUTES * 60_000),
  });
  return token;
}

type CookieReader = { get(name: string): { value: string } | undefined };

/** The live session a request's cookies hold, or null. */
export async function sessionOf(cookies: CookieReader, now = new Date()): Promise<OperatorSession | null> {
  const token = cookies.get(opsCookieName())?.value;
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return liveSession(await ledgerSql(), hashOf(token), now);
}

export async function signOut(session: OperatorSession, now = new Date()): Promise<void> {
  await endSession(await ledgerSql(), session.idHash, now);
}

/** Whether the session's last passkey proof is recent enough for a refund. */
export function steppedUp(session: OperatorSession, now = new Date()): boolean {
  return now.getTime() - session.verifiedAt.getTime() <= STEP_UP_MINUTES * 60_000;
}

export type { OperatorSession };
