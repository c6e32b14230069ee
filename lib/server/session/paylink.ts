import 'server-only';
import { randomUUID } from 'node:crypto';
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { platforms } from '@/lib/config/site';
import { linkAudiences, type LinkAudience } from '@/lib/i18n/route-request';
import { signingKey } from './secret';

/** What a pay or team link grants: the account it names and where `/pay` or `/team` was typed. */
export const linkClaims = z.object({
  plt: z.enum(platforms as [string, ...string[]]).transform((p) => p as (typeof platforms)[number]),
  sub: z.string().min(1).max(64),
  team: z.string().min(1).max(64).optional(),
  aud: z.enum(linkAudiences),
  jti: z.string().min(1).max(128),
});
export type LinkClaims = z.infer<typeof linkClaims>;

export type LinkVerdict =
  | { ok: true; claims: LinkClaims; expiresAt: Date }
  | { ok: false; reason: 'expired' | 'signature' | 'claims' | 'malformed' };

const MAX_TOKEN_LENGTH = 4096;
export const DEFAULT_LINK_LIFETIME_SECONDS = 24 * 3600;
/** The longest lifetime a link may have: a week. */
export const MAX_LINK_LIFETIME_SECONDS = 7 * 24 * 3600;

/** How far past `exp` (and before `iat`) a link is still taken, for the clocks of the assistant and the site. */
export const CLOCK_TOLERANCE_SECONDS = 30;
/** Explicit typing (RFC 8725, section 3.11): a link is a plain JWT; a token typed as anything else is another kind of token. */
const LINK_TYPES = new Set(['jwt', 'application/jwt']);

/**
 * Verifies a link for one audience. Only HS256 is accepted (so `alg: none` and algorithm
 * confusion are out), `exp` is required, a `typ` other than JWT is refused, an `iat` in the
 * future is refused (nobody can have issued it yet), and every claim is checked against the schema.
 */
export async function verifyPaylink(token: string, audience: LinkAudience, now = new Date()): Promise<LinkVerdict> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' };
  try {
    const { typ } = decodeProtectedHeader(token);
    if (typ !== undefined && !LINK_TYPES.has(typ.toLowerCase())) return { ok: false, reason: 'claims' };
    const { payload } = await jwtVerify(token, await signingKey('paylink'), {
      algorithms: ['HS256'],
      audience,
      requiredClaims: ['exp', 'iat', 'jti', 'sub'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: now,
    });
    if ((payload.iat ?? 0) > now.getTime() / 1000 + CLOCK_TOLERANCE_SECONDS) return { ok: false, reason: 'claims' };
    // An expiry beyond any lifetime the assistant gives (or past what a date can hold) is not a link it minted.
    if ((payload.exp ?? 0) - (payload.iat ?? 0) > MAX_LINK_LIFETIME_SECONDS) return { ok: false, reason: 'claims' };
    const claims = linkClaims.safeParse(payload);
    if (!claims.success) return { ok: false, reason: 'claims' };
    // `exp` is required above, so jose has checked it is a number.
    return { ok: true, claims: claims.data, expiresAt: new Date((payload.exp ?? 0) * 1000) };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    if (error instanceof errors.JWSSignatureVerificationFailed) return { ok: false, reason: 'signature' };
    if (error instanceof errors.JWTClaimValidationFailed) return { ok: false, reason: 'claims' };
    return { ok: false, reason: 'malformed' };
  }
}

/** Mints a link token, as the assistant does (the CLI and tests use it). */
export async function mintPaylink(
  claims: Omit<LinkClaims, 'jti'> & { jti?: string },
  options: { lifetimeSeconds?: number; now?: Date; secret?: Uint8Array } = {},
): Promise<string> {
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const jwt = new SignJWT({ plt: claims.plt, ...(claims.team ? { team: claims.team } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setAudience(claims.aud)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + (options.lifetimeSeconds ?? DEFAULT_LINK_LIFETIME_SECONDS))
    .setJti(claims.jti ?? randomUUID());
  return jwt.sign(options.secret ?? (await signingKey('paylink')));
}
