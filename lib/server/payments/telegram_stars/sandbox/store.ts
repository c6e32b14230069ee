import 'server-only';
import { randomBytes } from 'node:crypto';

/*
 * What the stand-in Telegram remembers, in memory (never in production): the invoices it made, the
 * pre-checkout queries waiting for the bot's answer, the payments, refunds and subscriptions. A
 * restart forgets it, as a developer's `npm start` may: the ledger keeps what the site learnt.
 */

export interface StandInInvoice {
  slug: string;
  title: string;
  description: string;
  payload: string;
  amount: number;
  /** 2592000 for a subscription; absent for one payment. */
  subscriptionPeriod?: number;
}

export interface StandInTransaction {
  id: string;
  amount: number;
  date: number;
  source?: Record<string, unknown>;
  receiver?: Record<string, unknown>;
}

export interface StandInSubscription {
  /** The first payment's charge id, which editUserStarSubscription names. */
  chargeId: string;
  userId: number;
  slug: string;
  canceled: boolean;
  /** When the paid period ends (seconds). */
  expiresAt: number;
}

interface StandInState {
  invoices: Map<string, StandInInvoice>;
  /** pre_checkout_query_id → the bot's answer, once given. */
  answers: Map<string, { ok: boolean; errorMessage?: string } | null>;
  transactions: StandInTransaction[];
  /** charge id → who paid it, for refunds. */
  charges: Map<string, { userId: number; payload: string; amount: number; refunded: boolean }>;
  subscriptions: Map<string, StandInSubscription>;
}

const slot = Symbol.for('quorum.starsStandIn');
type Slot = { [slot]?: StandInState };

export function standInState(): StandInState {
  return ((globalThis as Slot)[slot] ??= {
    invoices: new Map(),
    answers: new Map(),
    transactions: [],
    charges: new Map(),
    subscriptions: new Map(),
  });
}

/** Forgets everything (tests). */
export function resetStandIn(): void {
  delete (globalThis as Slot)[slot];
}

export const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;
