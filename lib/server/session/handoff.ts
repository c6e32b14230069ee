import 'server-only';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { signHs256, verifyHs256 } from './hs256';
import { derivedKey } from './secret';
import type { LinkAudience } from '@/lib/i18n/route-request';
import { linkClaims, type LinkClaims } from './paylink';

/*
 * Leaving the chat app's browser (docs/links.md#leaving-the-chat-apps-browser). A chat app opens a
 * link in its own browser; "Open in Chrome/Safari" then hands the page's current address to the
 * other browser — after the tap, an address without the token. So when the person asks for it on
 * the page ("Open in another browser"), the browser that holds the session gets a handoff, which its
 * page puts in the address's fragment (`#handoff=…`: never sent to a server, never in a Referer,
 * never in a log) for as long as it lives. The other browser reads it, takes it out of its address
 * and offers to continue (a tap); taking it moves the link to that browser and ends this one's
 * session. A handoff is good for one hop: it is taken once, only while the browser that asked for it
 * still holds the link, within two minutes, and a session it opens cannot ask for another.
 */
/**
 * Long enough to choose "Open in Chrome/Safari" in the chat app's menu and tap once more, short
 * enough that an address read off a screen, a history or a shared link is worthless soon after.
 */
export const HANDOFF_LIFETIME_SECONDS = 2 * 60;

/** A new id for the browser that holds a link's session. */
export const newHolder = () => randomBytes(12).toString('base64url');

export interface Handoff {
  claims: LinkClaims;
  /** This handoff's own id: it is claimed once. */
  id: string;
  expiresAt: Date;
  /** The browser that asked for it: it is taken only while that browser still holds the link. */
  from: string;
  /** When the asking browser's session ends: the session the handoff opens ends then too. */
  sessionExpiresAt: number;
}

/** A handoff for the session of `holder`, which ends at `sessionExpiresAt` (seconds). */
export function issueHandoff(
  claims: LinkClaims,
  { holder, sessionExpiresAt }: { holder: string; sessionExpiresAt: number },
  now: Date,
): { token: string; expiresAt: Date } {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = Math.min(issuedAt + HANDOFF_LIFETIME_SECONDS, sessionExpiresAt);
  const token = signHs256(
    {
      aud: `handoff:${claims.aud}`,
      plt: claims.plt,
      sub: claims.sub,
      ...(claims.team ? { team: claims.team } : {}),
      jti: claims.jti,
      hid: randomBytes(12).toString('base64url'),
      hld: holder,
      sxp: sessionExpiresAt,
      iat: issuedAt,
      exp: expiresAt,
    },
    derivedKey('handoff'),
  );
  return { token, expiresAt: new Date(expiresAt * 1000) };
}

const handoffFields = z.object({
  hid: z.string().min(8).max(64),
  hld: z.string().min(8).max(64),
  sxp: z.number().int(),
  exp: z.number().int(),
});

/** The handoff a token carries, for `audience`; `expired`, or null when forged or for the other page. */
export function readHandoff(token: string, audience: LinkAudience, now: Date): Handoff | 'expired' | null {
  if (token.length > 2048) return null;
  const payload = verifyHs256(token, derivedKey('handoff'));
  if (!payload || payload.aud !== `handoff:${audience}`) return null;
  const fields = handoffFields.safeParse(payload);
  if (!fields.success) return null;
  if (fields.data.exp <= Math.floor(now.getTime() / 1000)) return 'expired';
  const claims = linkClaims.safeParse({ ...payload, aud: audience });
  if (!claims.success) return null;
  return {
    claims: claims.data,
    id: fields.data.hid,
    expiresAt: new Date(fields.data.exp * 1000),
    from: fields.data.hld,
    sessionExpiresAt: fields.data.sxp,
  };
}
