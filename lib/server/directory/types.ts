import 'server-only';
import type { PackId, PaidPlanId, PlanId, ProductId } from '@/lib/pricing/catalogue';
import type { Platform } from '@/lib/config/site';
import { UnavailableError } from '@/lib/server/unavailable';
import type { AccountView, TeamAdmin, TeamMembership, TeamView } from '@/lib/shared/pay-view';
import type { MemberRole, MemberStatus, TeamOverview } from '@/lib/shared/team';

export type { TeamAdmin, TeamMembership, TeamOverview };
export { memberRoles, memberStatuses } from '@/lib/shared/team';

/**
 * The account directory (docs/architecture.md): the assistant's own data — users, teams, members, plans.
 * The site reads and changes it only through this interface. `embedded/` keeps it in tables of
 * the site's database; `remote/` is the assistant's backend over HTTPS (docs/chat-backend.openapi.yaml).
 * Every method may throw `DirectoryUnavailableError`; the edge turns that into a translated 503.
 */
export interface AccountDirectory {
  /** The account a session names, with its team when the link named one it belongs to; null if none. */
  payContext(subject: Subject): Promise<PayContext | null>;
  /** Ends the subject's active individual plan now (the pay page's "Cancel plan"). */
  cancelIndividualPlan(subject: Subject, now: Date): Promise<'cancelled' | 'not_active' | 'not_found'>;
  /**
   * Tells the assistant about a new pending order before the payer leaves for the gateway; the
   * assistant may refuse it. Idempotent by order id.
   */
  registerOrder(order: OrderNotice): Promise<'accepted' | 'refused'>;
  /**
   * Applies a paid order to the account or team (lib/pricing/grant.ts says how). Idempotent by
   * order id: a second delivery of the same grant changes nothing and answers `already_applied`.
   */
  applyGrant(grant: Grant): Promise<GrantResult>;
  /**
   * Takes back what a refund paid for (lib/pricing/grant.ts#planAfterRevocation). Idempotent by
   * refund id: a second delivery changes nothing and answers `already_applied`.
   */
  applyRevocation(revocation: Revocation): Promise<GrantResult>;
  /** Throws when the directory does not answer. */
  ping(): Promise<void>;

  // The team page. Every call names the acting admin; the directory checks, in the
  // same step as the read or change, that the actor is an active admin of the team the session
  // names, so a team session can neither read nor change another team whatever ids it sends.

  /** The team's plan and seats, for an active admin of it. */
  teamOverview(actor: TeamActor): Promise<TeamAnswer<TeamOverview>>;
  /** One page of the team's members in join order, filtered by a name or username fragment. */
  teamMembers(actor: TeamActor, query: MemberQuery): Promise<TeamAnswer<MemberPage>>;
  /**
   * Adds a member by platform username while a paid seat is free and the team plan is active. A
   * username the assistant knows becomes an active member; one it has not met is `invited`.
   */
  addTeamMember(
    actor: TeamActor,
    member: NewMember,
    now: Date,
  ): Promise<TeamAnswer<TeamMember, 'seats_full' | 'already_member' | 'platform_mismatch' | 'team_inactive'>>;
  /**
   * Blocks or unblocks one member of the actor's team (idempotent). The team's last active admin
   * cannot be blocked. Unblocking gives back the status the member had: active, or invited.
   */
  setMemberBlocked(
    actor: TeamActor,
    memberId: string,
    blocked: boolean,
  ): Promise<TeamAnswer<TeamMember, 'member_not_found' | 'last_admin'>>;
}

export interface Subject {
  platform: Platform;
  userId: string;
  teamId?: string | undefined;
}

/** An account of the directory: its view on the pay page (lib/shared/pay-view.ts), the expiry a date. */
export interface Account extends Omit<AccountView, 'planExpiresAt'> {
  planExpiresAt: Date | null;
}

/** A team of the directory, as the pay context names it: its view on the pay page, the expiry a date. */
export interface Team extends Omit<TeamView, 'planExpiresAt'> {
  planExpiresAt: Date | null;
}

/** How many of a team's admins a pay context names. */
export const TEAM_ADMINS_LISTED = 10;

export interface PayContext {
  account: Account;
  /** Present when the link named a team the account belongs to. */
  team: Team | null;
}

/** A team session's subject: the admin acting, and the team the link was sent from. */
export interface TeamActor extends Subject {
  teamId: string;
}

/**
 * A team call's answer: the value, or why the actor gets nothing. `not_admin`: the actor is not an
 * active admin of that team (a member, a blocked admin, or a stranger); `no_team`: no such team.
 */
export type TeamAnswer<T, Refusal extends string = never> =
  { ok: true; value: T } | { ok: false; reason: Refusal | 'not_admin' | 'no_team' };

export interface TeamMember {
  /** Opaque id the API's /api/team/members/{memberId} paths carry. */
  memberId: string;
  platform: Platform;
  /** Null while invited: the assistant has not met this username yet. */
  userId: string | null;
  username: string;
  /** Null while invited. */
  fullName: string | null;
  role: MemberRole;
  status: MemberStatus;
  /** When the member joined or was invited. */
  joinedAt: Date;
}

export interface MemberQuery {
  /** A fragment of a name or username, case-insensitive; empty lists everyone. */
  search: string;
  /** 1-based. A page past the end is an empty page with the right total. */
  page: number;
  pageSize: number;
}

export interface MemberPage {
  members: TeamMember[];
  /** Members matching the search (all members when there is none). */
  total: number;
  page: number;
  pageSize: number;
}

export interface NewMember {
  platform: Platform;
  /** The platform username, without a leading @. */
  username: string;
}

/** What the assistant is told about an order at checkout. */
export interface OrderNotice {
  orderId: string;
  platform: Platform;
  userId: string;
  teamId: string | null;
  /** The plan bought, or `query_pack`. */
  plan: ProductId;
  period: string;
  seats: number | null;
  /** Query packs: how many (null for a plan). */
  quantity: number | null;
  gateway: string;
  currency: string;
  amount: number;
  createdAt: Date;
}

/** A paid order, as the outbox delivers it to the directory: a plan, or extra queries. */
export type Grant = PlanGrant | QueryGrant;

export interface PlanGrant {
  orderId: string;
  platform: Platform;
  userId: string;
  /** team_pro grants change this team; individual_pro grants change the user. */
  teamId: string | null;
  plan: PaidPlanId;
  months: number;
  seats: number | null;
  /** When the payment settled: renewal arithmetic counts from here, so a late delivery loses nothing. */
  paidAt: Date;
}

/** Paid query packs: the account (never a team) may use `queries` more queries until `expiresAt`. */
export interface QueryGrant {
  orderId: string;
  platform: Platform;
  userId: string;
  teamId: null;
  plan: PackId;
  queries: number;
  expiresAt: Date;
  paidAt: Date;
}

/**
 * A refund, as the outbox delivers it to the directory: the days of the plan the refunded money
 * bought come off its expiry (never before the refund's moment: time already used stays used),
 * and a team keeps only the seats its other payments still cover.
 */
export type Revocation = PlanRevocation | QueryRevocation;

export interface PlanRevocation {
  refundId: string;
  orderId: string;
  platform: Platform;
  userId: string;
  /** team_pro refunds change this team; individual_pro refunds change the user. */
  teamId: string | null;
  plan: PaidPlanId;
  /** Whole days taken off the plan's expiry. */
  days: number;
  /** team_pro: the most seats the team keeps (what its other payments cover); null keeps them all. */
  seats: number | null;
  /** When the money went back: the revocation counts from here, so a late delivery changes nothing. */
  refundedAt: Date;
}

/**
 * A refund of query packs: the directory takes back at most `queries` of that order's queries, and
 * only those still unused (lib/pricing/pack-quote.ts, queriesTakenBack).
 */
export interface QueryRevocation {
  refundId: string;
  orderId: string;
  platform: Platform;
  userId: string;
  teamId: null;
  plan: PackId;
  /** The most queries taken back: the share of the pack's queries the refunded money bought. */
  queries: number;
  refundedAt: Date;
}

export type GrantResult =
  | { status: 'applied' | 'already_applied'; plan: PlanId; expiresAt: Date | null; seats: number }
  | { status: 'not_found' };

/** The directory could not be reached or answered nonsense: nothing is known to have changed. */
export class DirectoryUnavailableError extends UnavailableError {
  override name = 'DirectoryUnavailableError';
}
