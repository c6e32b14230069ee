import 'server-only';

/**
 * A dependency (the database, the account directory, a gateway) did not answer in time or
 * answered nonsense. Nothing is known to have changed; the edge answers a translated 503 with
 * Retry-After, and gateways get their "try again" code.
 */
export class UnavailableError extends Error {
  override name = 'UnavailableError';
}

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
  if (error instanceof UnavailableError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && unavailableCodes.has(code);
}
