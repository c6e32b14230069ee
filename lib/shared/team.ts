/**
 * The team API as both sides see it: the username rules, the listing query, the
 * refusal codes (each has a translated message, TeamPage.errors.*) and the member view the page
 * renders. The request schemas are server code (lib/server/team/requests.ts), built from these
 * rules: the browser bundle carries no zod.
 */
import type { Platform } from '@/lib/config/site';
import type { PlanId } from '@/lib/pricing/catalogue';

/** Members per page of the table and of GET /api/team/members. */
export const MEMBERS_PAGE_SIZE = 25;
/** Longer searches are cut: no name or username is longer than this. */
export const MAX_SEARCH_LENGTH = 100;
/** Page numbers past this are clamped (a 100,000-member team is 4,000 pages). */
const MAX_PAGE = 100_000;

/**
 * What each platform accepts as a username (a leading @ is dropped first), in characters. Telegram:
 * 5–32 of A–Z, 0–9, _ (older accounts and the demo data have shorter ones, so from 3); Slack: up to
 * 80 of letters, digits, . _ -; Discord: 2–32 of letters, digits, _ and . The add-member form says
 * the rule in words (TeamPage.add.rules.<platform>, with these lengths) when a username breaks it.
 */
export const usernameLengths: Record<Platform, { min: number; max: number }> = {
  telegram: { min: 3, max: 32 },
  slack: { min: 1, max: 80 },
  discord: { min: 2, max: 32 },
};

const { telegram, slack, discord } = usernameLengths;
export const usernamePatterns: Record<Platform, RegExp> = {
  telegram: new RegExp(`^[A-Za-z0-9_]{${telegram.min},${telegram.max}}$`),
  slack: new RegExp(`^[a-z0-9._-]{${slack.min},${slack.max}}$`, 'i'),
  discord: new RegExp(`^[a-z0-9_.]{${discord.min},${discord.max}}$`, 'i'),
};

/** POST /api/team/members: a member to add by their username on the team's platform (a leading @ dropped). */
export interface AddMemberRequest {
  platform: Platform;
  username: string;
}

const firstValue = (value: unknown) => (Array.isArray(value) ? (value[0] as unknown) : value);

// No name or username holds a control character (C0, DEL, C1), and PostgreSQL text refuses NUL.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;
/** Half of a surrogate pair without its other half: not text, and not valid UTF-8 once encoded. */
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The search as typed, minus what no name can contain; cut after, so a pair split by the cut goes too. */
function memberSearch(q: string): string {
  const cut = q.replace(CONTROL_CHARACTERS, '').trim().replace(/^@/, '').slice(0, MAX_SEARCH_LENGTH);
  return cut.replace(LONE_SURROGATES, '');
}

/**
 * `?q=&page=` of the page and of GET /api/team/members. Never refuses: a missing or nonsense page
 * is page 1, an over-long search is cut and characters no name holds are dropped, as a reader of
 * the address bar would expect.
 */
export function memberListQuery(query: Record<string, unknown>): { search: string; page: number } {
  const q = firstValue(query.q);
  const page = Number(firstValue(query.page));
  return {
    search: typeof q === 'string' ? memberSearch(q) : '',
    page: Number.isSafeInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** Why a team request was refused (besides the shared codes of lib/shared/checkout.ts). */
export const teamErrors = [
  'no_team_session',
  'not_team_admin',
  'team_not_found',
  'member_not_found',
  'invalid_username',
  'platform_mismatch',
  'already_member',
  'seats_full',
  'team_inactive',
  'last_admin',
] as const;
export type TeamErrorCode = (typeof teamErrors)[number];

export const isTeamError = (code: string): code is TeamErrorCode => (teamErrors as readonly string[]).includes(code);

export const memberRoles = ['admin', 'member'] as const;
export const memberStatuses = ['active', 'invited', 'blocked'] as const;
export type MemberRole = (typeof memberRoles)[number];
export type MemberStatus = (typeof memberStatuses)[number];

/** A member as the page and the API show it: plain JSON (dates as ISO strings). */
export interface MemberView {
  memberId: string;
  platform: Platform;
  username: string;
  fullName: string | null;
  role: MemberRole;
  status: MemberStatus;
  joinedAt: string;
}

/** The team page's overview of the admin's team: its plan, and the seats paid and taken. */
export interface TeamOverview {
  platform: Platform;
  teamId: string;
  name: string;
  plan: PlanId;
  planExpiresAt: Date | null;
  /** Seats paid for. */
  seats: number;
  /**
   * Seats taken: every member row — active, invited and blocked — the same number the pay page
   * shows as the member count. Blocking cuts access but keeps the seat, so unblocking never
   * needs a free one; an invitation holds its seat so invitations cannot overbook the team.
   */
  seatsUsed: number;
}

export interface MemberPageView {
  members: MemberView[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/team/members: one page, and the acting admin's own row if it is on it (never blockable). */
export interface MemberListAnswer extends MemberPageView {
  selfId: string | null;
}

export type TeamApiError = { error: { code: string; message: string } };

/**
 * The team size the "add seats" link preselects on the pay page: room for one more member,
 * rounded up to a whole block (Team Pro is sold per block, and the team holds every seat of it).
 */
export function largerTeamSize(seatsUsed: number, seatsPaid: number, blockSize: number): number {
  const needed = Math.max(seatsUsed, seatsPaid) + 1;
  return Math.ceil(needed / blockSize) * blockSize;
}
