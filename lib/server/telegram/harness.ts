import 'server-only';
import { z } from 'zod';
import { sign } from '@telegram-apps/init-data-node';
import { localeTable } from '@/lib/i18n/locales';
import { teamOfStartParam, type MiniAppPage } from '@/lib/shared/miniapp';
import { miniAppVerifier } from './config';

/**
 * The local stand-in for Telegram's client (docs/miniapp.md#the-local-harness): outside production,
 * with no bot configured, a page that frames the Mini App as Telegram Web does and hands it initData
 * signed with the stand-in bot's token for a demo user. Never offered with a real bot, nor in
 * production (miniAppVerifier has no stand-in there).
 */
export const HARNESS_PATH = '/api/miniapp/harness';

/** The demo directory's Telegram users (lib/server/directory/embedded/seed.ts). */
export const harnessUsers = [
  { id: 1001, first_name: 'Alice', last_name: 'Nguyen', username: 'alice' },
  { id: 1002, first_name: 'Bob', last_name: 'Tran', username: 'bob' },
  { id: 1010, first_name: 'Linh', username: 'linh' },
  { id: 1008, first_name: 'Hana', last_name: 'Sato', username: 'hana' },
  { id: 1009, first_name: 'Ivan', last_name: 'Petrov', username: 'ivan' },
] as const;
export const HARNESS_TEAM = '-1002001';

export type HarnessTheme = 'light' | 'dark';

/** Telegram's theme parameters as its web client sends them, one set per scheme. */
export const harnessThemes: Record<HarnessTheme, Record<string, string>> = {
  light: {
    bg_color: '#ffffff',
    secondary_bg_color: '#f4f4f5',
    text_color: '#000000',
    hint_color: '#707579',
    link_color: '#3390ec',
    button_color: '#3390ec',
    button_text_color: '#ffffff',
    header_bg_color: '#ffffff',
    accent_text_color: '#3390ec',
    section_bg_color: '#ffffff',
    section_header_text_color: '#3390ec',
    section_separator_color: '#e7e7e7',
    subtitle_text_color: '#707579',
    destructive_text_color: '#e53935',
    bottom_bar_bg_color: '#ffffff',
  },
  dark: {
    bg_color: '#212121',
    secondary_bg_color: '#181818',
    text_color: '#ffffff',
    hint_color: '#aaaaaa',
    link_color: '#8774e1',
    button_color: '#8774e1',
    button_text_color: '#ffffff',
    header_bg_color: '#212121',
    accent_text_color: '#8774e1',
    section_bg_color: '#212121',
    section_header_text_color: '#aaaaaa',
    section_separator_color: '#303030',
    subtitle_text_color: '#aaaaaa',
    destructive_text_color: '#ff595a',
    bottom_bar_bg_color: '#212121',
  },
};

export interface HarnessLaunch {
  userId: number;
  page: MiniAppPage;
  team: string | undefined;
  theme: HarnessTheme;
  /** The user's language in Telegram (`language_code`). */
  language: string;
}

/** The languages the harness offers as the Telegram user's: every locale's code. */
export const harnessLanguages = localeTable.map((entry) => entry.code);

/** The harness's query: who launches which page, in what theme and language (anything else falls back). */
export const harnessLaunchQuery = z
  .object({
    user: z.coerce.number().int().catch(harnessUsers[0].id),
    page: z.enum(['pay', 'team']).catch('pay'),
    team: z.string().max(24).optional().catch(undefined),
    theme: z.enum(['light', 'dark']).catch('light'),
    language: z.enum(harnessLanguages as [string, ...string[]]).catch('en'),
  })
  .transform(({ user, team, ...launch }): HarnessLaunch => ({ ...launch, userId: user, team: team || undefined }));

/** Whether the harness is offered: outside production, with no real bot configured. */
export function harnessOffered(): boolean {
  const verifier = miniAppVerifier();
  return verifier?.scheme === 'hmac' && verifier.standIn;
}

/**
 * The Mini App's address as Telegram opens it: the page, with Telegram's launch parameters in the
 * fragment (signed initData, the client's version and platform, the theme). Null without a stand-in bot.
 */
export function harnessAppUrl(launch: HarnessLaunch, now = new Date()): string | null {
  const verifier = miniAppVerifier();
  if (verifier?.scheme !== 'hmac' || !verifier.standIn) return null;
  const user = harnessUsers.find((candidate) => candidate.id === launch.userId) ?? harnessUsers[0];
  const team = teamOfStartParam(launch.team);
  const initData = sign(
    {
      query_id: `harness-${now.getTime()}`,
      user: { ...user, language_code: launch.language, allows_write_to_pm: true },
      chat_type: team ? 'supergroup' : 'sender',
      chat_instance: '8134722200314281151',
      ...(team ? { start_param: team } : {}),
    },
    verifier.botToken,
    now,
  );
  const fragment = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'weba',
    tgWebAppThemeParams: JSON.stringify(harnessThemes[launch.theme]),
  });
  const path = launch.page === 'team' ? '/telegramTeam' : '/telegramPay';
  return `${path}${team ? `?tgWebAppStartParam=${encodeURIComponent(team)}` : ''}#${fragment.toString()}`;
}
