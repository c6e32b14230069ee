import 'server-only';
import type { PaidPlanId, PlanId } from '@/lib/pricing/catalogue';
import type { Platform } from '@/lib/config/site';
import { UnavailableError } from '@/lib/server/unavailable';

/**
 * The account directory (PRODUCT §8): the assistant's own data — users, teams, members, plans.
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
  /** Throws when the directory does not answer. */
  ping(): Promise<void>;
}

export interface Subject {
  platform: Platform;
  userId: string;
  teamId?: string | undefined;
}

export interface Account {
  platform: Platform;
  userId: string;
  username: string;
  fullName: string;
  referralCode: string;
  plan: PlanId;
  planExpiresAt: Date | null;
}

export interface Team {
  platform: Platform;
  teamId: string;
  name: string;
  plan: PlanId;
  planExpiresAt: Date | null;
  /** Seats paid for (0 when the team never had team_pro). */
  seats: number;
  memberCount: number;
}

export interface PayContext {
  account: Account;
  /** Present when the link named a team the account belongs to. */
  team: Team | null;
}

/** What the assistant is told about an order at checkout. */
export interface OrderNotice {
  orderId: string;
  platform: Platform;
  userId: string;
  teamId: string | null;
  plan: PaidPlanId;
  period: string;
  seats: number | null;
  gateway: string;
  currency: string;
  amount: number;
  createdAt: Date;
}

/** A paid order, as the outbox delivers it to the directory. */
export interface Grant {
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

export type GrantResult =
  | { status: 'applied' | 'already_applied'; plan: PlanId; expiresAt: Date | null; seats: number }
  | { status: 'not_found' };

/** The directory could not be reached or answered nonsense: nothing is known to have changed. */
export class DirectoryUnavailableError extends UnavailableError {
  override name = 'DirectoryUnavailableError';
}
