import 'server-only';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { env } from '@/lib/server/env';

/**
 * Team API calls per minute per session / per client IP. An admin adding a list of colleagues by
 * hand makes a few calls a minute; these bound a script looping on a stolen session.
 */
const TEAM_CALLS_PER_SESSION = 60;
const TEAM_CALLS_PER_IP = 120;

/**
 * Per-process limits (one `next start`); several instances would need the shared store
 * (rate-limiter-flexible has a PostgreSQL backend). Keys are a session subject or a client IP.
 */
const makeLimiters = () => {
  const [perSession = 10, perIp = 30] = env().CHECKOUT_RATE_LIMITS.split('/').map(Number);
  return {
    checkoutPerSession: new RateLimiterMemory({ points: perSession, duration: 60 }),
    checkoutPerIp: new RateLimiterMemory({ points: perIp, duration: 60 }),
    teamPerSession: new RateLimiterMemory({ points: TEAM_CALLS_PER_SESSION, duration: 60 }),
    teamPerIp: new RateLimiterMemory({ points: TEAM_CALLS_PER_IP, duration: 60 }),
  };
};
let limiters: ReturnType<typeof makeLimiters> | undefined;
export type RateLimitBucket = keyof ReturnType<typeof makeLimiters>;

/** Forgets every count (tests start each case from a clean minute). */
export function resetRateLimits(): void {
  limiters = makeLimiters();
}

/** Consumes one point from each named bucket; the seconds to wait when any is exhausted, else null. */
export async function rateLimit(buckets: Array<[RateLimitBucket, string]>): Promise<number | null> {
  limiters ??= makeLimiters();
  for (const [name, key] of buckets) {
    try {
      await limiters[name].consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw rejection;
    }
  }
  return null;
}
