import 'server-only';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Per-process limits (one `next start`); several instances would need the shared store
 * (rate-limiter-flexible has a PostgreSQL backend). Keys are a session subject or a client IP.
 */
const makeLimiters = () => ({
  checkoutPerSession: new RateLimiterMemory({ points: 10, duration: 60 }),
  checkoutPerIp: new RateLimiterMemory({ points: 30, duration: 60 }),
});
let limiters = makeLimiters();

/** Forgets every count (tests start each case from a clean minute). */
export function resetRateLimits(): void {
  limiters = makeLimiters();
}

/** Consumes one point from each named bucket; the seconds to wait when any is exhausted, else null. */
export async function rateLimit(buckets: Array<[keyof typeof limiters, string]>): Promise<number | null> {
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
