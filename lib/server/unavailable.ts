import 'server-only';

/**
 * Marks UnavailableError across module copies: proxy.ts is bundled apart from the app, each with
 * its own copy of this class, yet both use the one account directory kept on globalThis — so an
 * error thrown by the app's copy must still be recognised by the proxy's `isUnavailable`.
 */
const unavailableBrand = Symbol.for('quorum.unavailable');

/**
 * A dependency (the database, the account directory, a gateway) did not answer in time or
 * answered nonsense. Nothing is known to have changed; the edge answers a translated 503 with
 * Retry-After, and gateways get their "try again" code.
 */
export class UnavailableError extends Error {
  override name = 'UnavailableError';
  readonly [unavailableBrand] = true;
}

/** Dependencies that are down get a short, honest wait (Retry-After) before a retry. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

// Connection-level failures of node-postgres and the server's own "not now" SQLSTATEs.
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  '08001',
  '08006',
]);

/** True for failures that mean "a dependency is down", not "this code is wrong". */
export function isUnavailable(error: unknown): boolean {
  if ((error as { [unavailableBrand]?: unknown } | null)?.[unavailableBrand] === true) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && unavailableCodes.has(code);
}
