/**
 * What `GET /api/pay/view` answers and the pay page's client shows: the account and the form, or
 * a result. The page itself is prerendered (it is the same for everyone); only this is per payer,
 * so a visit costs one small JSON request instead of a whole server render. The one description of
 * that answer: the server's loader (lib/server/pay/load-pay-view.ts) returns it, the route sends it
 * as it is, and the page reads it; dates are ISO strings, so what JSON carries is this type exactly.
 */
import type { Platform } from '@/lib/config/site';
import type { PlanId } from '@/lib/pricing/catalogue';
import type { PayFormProps } from './pay-form';
import type { PayResultState } from './pay-result';
import type { Receipt } from './receipt';
import type { Renewal } from './renewals';
import type { MemberRole, MemberStatus } from './team';

export type PayPageView =
  /** `signedIn: false`: this browser holds no pay session, so the way on is the chat, not this page. */
  | { kind: 'result'; result: PayResultState; supportEmail: string; signedIn?: boolean }
  | {
      kind: 'form';
      context: PayContextView;
      form: PayFormProps;
      now: string;
      /** The payer's automatic renewals (gateway subscriptions); empty for most. */
      renewals: Renewal[];
      supportEmail: string;
    }
  /** `receipt: null`: no receipt for that order and this account (not paid, not theirs, or none). */
  | { kind: 'receipt'; receipt: Receipt | null; supportEmail: string };

/** The account a pay link names, with its team when the link named one it belongs to. */
export interface PayContextView {
  account: AccountView;
  team: TeamView | null;
}

export interface AccountView {
  platform: Platform;
  userId: string;
  username: string;
  fullName: string;
  referralCode: string;
  plan: PlanId;
  planExpiresAt: string | null;
  /**
   * The account's unused extra queries (query packs), by expiry, soonest first; only packs with
   * queries left and not expired. Absent when the directory does not report them.
   */
  extraQueries?: ExtraQueries[];
}

/** Unused queries of packs that expire at the same moment. */
export interface ExtraQueries {
  remaining: number;
  expiresAt: string;
}

export interface TeamView {
  platform: Platform;
  teamId: string;
  name: string;
  plan: PlanId;
  planExpiresAt: string | null;
  /** Seats paid for (0 when the team never had team_pro). */
  seats: number;
  memberCount: number;
  /** The pay context's account in this team: only an active admin buys or changes Team Pro for it. */
  membership: TeamMembership;
  /**
   * The team's active admins in join order, at most TEAM_ADMINS_LISTED: whom a member asks to pay
   * for Team Pro. Empty when none has a known account.
   */
  admins: TeamAdmin[];
}

export interface TeamMembership {
  role: MemberRole;
  status: MemberStatus;
}

export interface TeamAdmin {
  username: string;
  fullName: string;
}
