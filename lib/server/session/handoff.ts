import 'server-only';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { signHs256, verifyHs256 } from './hs256';
import { derivedKey } from './secret';
import { linkClaims, type LinkAudience, type LinkClaims } from './paylink';

/*
 * Leaving the chat app's browser (docs/links.md#leaving-the-chat-apps-browser). A chat app opens a
 * link in its own browser; "Open in Chrome/Safari" then hands the page's current address to the
 * other browser — after the tap, an address without the token. So the page the exchange opens
 * carries, in its fragment (`#handoff=…`: never sent to a server, never in a Referer, never in a
 * log), a short-lived, single-use handoff for this browser's session. The other browser offers to
 * continue with it (a tap); taking it moves the link to that browser and ends this one's session.
 * Whoever never had the first browser's address cannot take it.
 */
export const HANDOFF_FRAGMENT = 'handoff';
/** Long enough to switch apps and tap, short enough that an address left in a history is worthless. */
export const HANDOFF_LIFETIME_SECONDS = 10 * 60;

/** A new id for the browser that holds a link's session. */
export const newHolder = () => randomBytes(12).toString('base64url');

export interface Handoff {
  claims: LinkClaims;
  /** This handoff's own id: it is claimed once. */
  id: string;
  expiresAt: Date;
}

export function issueHandoff(claims: LinkClaims, now: Date): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return signHs256(
    {
      aud: `handoff:${claims.aud}`,
      plt: claims.plt,
      sub: claims.sub,
      ...(claims.team ? { team: claims.team } : {}),
      jti: claims.jti,
      hid: randomBytes(12).toString('base64url'),
      iat: issuedAt,
      exp: issuedAt + HANDOFF_LIFETIME_SECONDS,
    },
    derivedKey('handoff'),
  );
}

const handoffFields = z.object({ hid: z.string().min(8).max(64), exp: z.number().int() });

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
  return { claims: claims.data, id: fields.data.hid, expiresAt: new Date(fields.data.exp * 1000) };
}
