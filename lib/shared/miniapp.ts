/**
 * The Telegram Mini App's terms both sides use (docs/miniapp.md): its pages, what its session
 * exchange answers, and the `startapp` parameter of a direct Mini App link.
 */
export const miniAppPages = ['pay', 'team'] as const;
export type MiniAppPage = (typeof miniAppPages)[number];

/** Where the page trades its initData for a session (POST, JSON `{initData, page}`). */
export const MINIAPP_SESSION_PATH = '/api/miniapp/session';

/** Where the page's launch script leaves the exchange it started before the framework loaded. */
export const EARLY_SESSION_GLOBAL = '__quorumMiniAppSession';

/**
 * Why the Mini App opened no session, as its page says it (messages `MiniApp.refusal.*`):
 * `off` the site offers no Mini App; `malformed` initData that is not Telegram's shape (cut short,
 * edited); `signature` not signed for our bot; `stale` signed outside the accepted hour;
 * `unknown_account` the assistant does not know this Telegram user; `no_team` a team page opened
 * without a team; `not_team_admin` the team is not one this person is an admin of.
 */
export const miniAppRefusals = [
  'off',
  'malformed',
  'signature',
  'stale',
  'unknown_account',
  'no_team',
  'not_team_admin',
] as const;
export type MiniAppRefusal = (typeof miniAppRefusals)[number];

export function isMiniAppRefusal(value: unknown): value is MiniAppRefusal {
  return typeof value === 'string' && (miniAppRefusals as readonly string[]).includes(value);
}

/** What the exchange answers: the session to hold in memory, or why there is none. */
export type MiniAppSessionAnswer = { token: string; expiresAt: number } | { error: { code: string; message: string } };

/**
 * A team in `startapp`: a Telegram group's id as the Bot API writes it (`-100…`), which fits the
 * parameter's alphabet (letters, digits, `_`, `-`) as it is. Anything else names no team.
 */
export function teamOfStartParam(startParam: string | undefined): string | undefined {
  return startParam !== undefined && /^-?\d{1,20}$/.test(startParam) ? startParam : undefined;
}
