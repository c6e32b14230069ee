import 'server-only';
import { createPublicKey, timingSafeEqual, verify } from 'node:crypto';
import { signData } from '@telegram-apps/init-data-node';
import { z } from 'zod';
import type { MiniAppVerifier } from './config';

/**
 * How long after Telegram signed it (`auth_date`: when the person opened the Mini App) initData
 * still opens a session. initData is a bearer credential for as long as it is accepted, and the
 * page trades it at once; an hour covers a slow phone and a clock that drifts, no more.
 */
export const INIT_DATA_MAX_AGE_SECONDS = 3600;
/** An `auth_date` this far ahead of our clock is still taken (Telegram's clock and ours). */
const CLOCK_TOLERANCE_SECONDS = 30;
/** Real initData is well under this (a user, a chat, a few ids); a longer one is not Telegram's. */
const MAX_INIT_DATA_LENGTH = 8192;

/** Why initData opens nothing: unreadable or incomplete, not signed for our bot, or outside its hour. */
export type InitDataProblem = 'malformed' | 'signature' | 'stale';

export type InitDataVerdict =
  { ok: true; data: VerifiedInitData } | { ok: false; problem: InitDataProblem; cause: string };

/** What the site takes from initData once its signature holds. */
export interface VerifiedInitData {
  user: { id: string; username?: string | undefined; languageCode?: string | undefined };
  authDate: Date;
  /** The `startapp` parameter of a direct Mini App link: chosen by whoever made the link. */
  startParam?: string | undefined;
}

const telegramUser = z.object({
  // Telegram's ids fit in 52 bits; JSON.parse keeps them exact as numbers.
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  username: z.string().max(64).optional(),
  language_code: z.string().max(35).optional(),
});

const fields = z.object({
  user: z.string().transform((text, ctx) => {
    try {
      return telegramUser.parse(JSON.parse(text));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'user is not a Telegram user' });
      return z.NEVER;
    }
  }),
  auth_date: z.string().regex(/^\d{1,12}$/),
  start_param: z.string().max(512).optional(),
});

/**
 * Verifies a Mini App's initData (`Telegram.WebApp.initData`, the query string the page sends) for
 * our bot, by the scheme the configuration names: an HMAC under the bot's token (first party), or
 * Telegram's Ed25519 signature over the bot's id (third party, no token needed). The signature is
 * checked before anything in the data is believed; then its fields, then its age.
 */
export function verifyInitData(raw: string, verifier: MiniAppVerifier, now = new Date()): InitDataVerdict {
  if (raw.length === 0 || raw.length > MAX_INIT_DATA_LENGTH) return refused('malformed', 'length');
  const pairs = [...new URLSearchParams(raw)];
  const keys = pairs.map(([key]) => key);
  // Telegram names each field once: a repeated one is somebody's edit, read one way here and another there.
  if (new Set(keys).size !== keys.length) return refused('malformed', 'repeated field');
  const params = new Map(pairs);

  const signed =
    verifier.scheme === 'hmac'
      ? hmacHolds(params, verifier.botToken)
      : ed25519Holds(params, verifier.botId, verifier.publicKey);
  if (!signed.ok) return refused('signature', signed.cause);

  const parsed = fields.safeParse(Object.fromEntries(params));
  if (!parsed.success) return refused('malformed', parsed.error.issues[0]?.path.join('.') || 'fields');
  const { user, auth_date, start_param } = parsed.data;
  const age = now.getTime() / 1000 - Number(auth_date);
  if (age > INIT_DATA_MAX_AGE_SECONDS) return refused('stale', 'older than the accepted hour');
  if (age < -CLOCK_TOLERANCE_SECONDS) return refused('stale', 'signed in the future');
  return {
    ok: true,
    data: {
      user: { id: String(user.id), username: user.username, languageCode: user.language_code },
      authDate: new Date(Number(auth_date) * 1000),
      startParam: start_param || undefined,
    },
  };
}

function refused(problem: InitDataProblem, cause: string): InitDataVerdict {
  return { ok: false, problem, cause };
}

/** `key=value` lines sorted by key, joined with `\n`: what Telegram signs, in both schemes. */
function dataCheckString(params: Map<string, string>, leaveOut: readonly string[]): string {
  return [...params]
    .filter(([key]) => !leaveOut.includes(key))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

type Check = { ok: true } | { ok: false; cause: string };

/**
 * First party: `hash` = hex HMAC-SHA256 of the data-check string under HMAC-SHA256("WebAppData",
 * token), every field but `hash` signed (`signature` included). The library computes the HMAC; the
 * comparison is ours, in constant time (the library's own validate compares with `!==`).
 */
function hmacHolds(params: Map<string, string>, botToken: string): Check {
  const hash = params.get('hash');
  if (hash === undefined) return { ok: false, cause: 'no hash' };
  if (!/^[0-9a-f]{64}$/.test(hash)) return { ok: false, cause: 'hash is not an HMAC' };
  const expected = Buffer.from(signData(dataCheckString(params, ['hash']), botToken), 'hex');
  return timingSafeEqual(expected, Buffer.from(hash, 'hex')) ? { ok: true } : { ok: false, cause: 'hash differs' };
}

/**
 * Third party: `signature` = base64url Ed25519 signature, by Telegram's key, of
 * `<bot id>:WebAppData\n` + the data-check string without `hash` and `signature`.
 */
function ed25519Holds(params: Map<string, string>, botId: string, publicKey: string): Check {
  const signature = params.get('signature');
  if (signature === undefined) return { ok: false, cause: 'no signature' };
  if (!/^[A-Za-z0-9_-]{86}(?:==)?$/.test(signature)) return { ok: false, cause: 'signature is not Ed25519' };
  const message = `${botId}:WebAppData\n${dataCheckString(params, ['hash', 'signature'])}`;
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey, 'hex').toString('base64url') },
    format: 'jwk',
  });
  const holds = verify(null, Buffer.from(message, 'utf8'), key, Buffer.from(signature, 'base64url'));
  return holds ? { ok: true } : { ok: false, cause: 'signature differs' };
}
