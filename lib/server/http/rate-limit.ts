import 'server-only';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { env } from '@/lib/server/env';
import { ledgerSql, type Sql } from '@/lib/server/db';
import { metrics } from '@/lib/server/observability/metrics';

/**
 * Team API calls per minute per session / per client IP. An admin adding a list of colleagues by
 * hand makes a few calls a minute; these bound a script looping on a stolen session.
 */
const TEAM_CALLS_PER_SESSION = 60;
const TEAM_CALLS_PER_IP = 120;

/**
 * Renewal stops per minute: a payer stops one or two renewals, and must be able to even right after
 * retrying checkout — so stopping has buckets of its own, not checkout's.
 */
const RENEWAL_STOPS_PER_SESSION = 10;
const RENEWAL_STOPS_PER_IP = 30;
/** Saving company details: a person fixes a typo or two, not hundreds. */
const BILLING_SAVES_PER_SESSION = 10;
const BILLING_SAVES_PER_IP = 30;
/**
 * Web Vitals reports (lib/server/vitals/web-vitals.ts). Per minute: a flood guard, counted in
 * each instance's memory so a refused flood costs no database write. Per page and hour: one client's
 * share of a page's samples, counted where every instance sees it, so a sender cannot move a page's
 * p75 on its own; the alert rules ask for more samples than a handful of clients can send
 * (docs/serving.md#real-users-web-vitals).
 */
const VITALS_REPORTS_PER_MINUTE = 20;
/**
 * The operators' console (docs/operations.md): passkey ceremonies per client network (a person
 * signs in once an hour; a script guessing at invitations or replaying assertions is cut short),
 * and actions per operator (a refund, a retry: a person's pace, not a loop's).
 */
const OPS_CEREMONIES_PER_IP = 20;
const OPS_ACTIONS_PER_OPERATOR = 30;

/**
 * The site's rate limits. With DATABASE_URL the counts live in the ledger's PostgreSQL database
 * (table rate_limit_buckets, one migration set), so every `next start` behind the load balancer
 * shares them; otherwise (one process) in memory. A bucket marked `local` is always in memory. Should the database stop answering, each
 * instance falls back to its own in-memory count (the library's insurance limiter) rather than
 * refusing everyone or letting everyone through.
 */
const limits = () => {
  const [perSession = 10, perIp = 30] = env().CHECKOUT_RATE_LIMITS.split('/').map(Number);
  return {
    checkoutPerSession: { points: perSession, duration: 60 },
    checkoutPerIp: { points: perIp, duration: 60 },
    linkPerIp: { points: env().LINK_RATE_LIMIT, duration: 60 },
    teamPerSession: { points: TEAM_CALLS_PER_SESSION, duration: 60 },
    teamPerIp: { points: TEAM_CALLS_PER_IP, duration: 60 },
    renewalStopPerSession: { points: RENEWAL_STOPS_PER_SESSION, duration: 60 },
    renewalStopPerIp: { points: RENEWAL_STOPS_PER_IP, duration: 60 },
    billingPerSession: { points: BILLING_SAVES_PER_SESSION, duration: 60 },
    billingPerIp: { points: BILLING_SAVES_PER_IP, duration: 60 },
    opsCeremoniesPerIp: { points: OPS_CEREMONIES_PER_IP, duration: 60 },
    opsActionsPerOperator: { points: OPS_ACTIONS_PER_OPERATOR, duration: 60 },
    vitalsPerClient: { points: VITALS_REPORTS_PER_MINUTE, duration: 60, local: true },
    vitalsPagePerClient: { points: env().VITALS_PAGE_REPORTS_PER_HOUR, duration: 3600 },
  };
};
/** A bucket counted in each process's memory even when the others are shared. */
type Limit = { points: number; duration: number; local?: boolean };
export type RateLimitBucket = keyof ReturnType<typeof limits>;
type Limiters = Record<RateLimitBucket, RateLimiterAbstract>;

/** What RateLimiterPostgres calls on a `client`: node-postgres's query({text, values}), over the ledger's pool. */
type QueryClient = { query(q: { text: string; values?: unknown[] }): Promise<{ rows: unknown[]; rowCount: number }> };

function ledgerClient(sql: () => Promise<Sql>): QueryClient {
  return { query: async ({ text, values }) => (await sql()).query(text, values) };
}

function makeLimiters(shared: QueryClient | null): Limiters {
  const entries = Object.entries(limits() as Record<RateLimitBucket, Limit>).map(
    ([name, { points, duration, local }]) => {
      const memory = new RateLimiterMemory({ points, duration, keyPrefix: name });
      if (!shared || local) return [name, memory];
      return [
        name,
        new RateLimiterPostgres({
          storeClient: shared,
          storeType: 'client',
          tableName: 'rate_limit_buckets',
          tableCreated: true, // by the ledger's migrations
          keyPrefix: name,
          points,
          duration,
          insuranceLimiter: memory,
        }),
      ];
    },
  );
  return Object.fromEntries(entries) as Limiters;
}

let state: { limiters: Limiters; shared: QueryClient | null } | undefined;

function current() {
  if (!state) {
    const shared = env().DATABASE_URL ? ledgerClient(ledgerSql) : null;
    state = { limiters: makeLimiters(shared), shared };
  }
  return state;
}

/**
 * Counts in `sql`'s rate_limit_buckets (null: in memory), every count afresh. Tests call it; the
 * server uses the ledger's database when DATABASE_URL is set.
 */
export function configureRateLimits(sql: Sql | null): void {
  const shared = sql ? ledgerClient(async () => sql) : null;
  state = { limiters: makeLimiters(shared), shared };
}

/** Forgets every count (tests start each case from a clean minute). */
export function resetRateLimits(): void {
  state = state ? { ...state, limiters: makeLimiters(state.shared) } : undefined;
}

/** Consumes one point from each named bucket; the seconds to wait when any is exhausted, else null. */
export async function rateLimit(buckets: Array<[RateLimitBucket, string]>): Promise<number | null> {
  const { limiters } = current();
  for (const [name, key] of buckets) {
    try {
      await limiters[name].consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        metrics().rateLimited.inc({ limit: name });
        return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      }
      throw rejection;
    }
  }
  return null;
}
