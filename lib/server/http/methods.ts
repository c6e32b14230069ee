import 'server-only';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Handler = () => Response;

/**
 * Handlers for the methods a route does not serve: 405 with the `Allow` header RFC 9110 requires
 * (Next's own 405 carries none). A route exports them next to its real handlers:
 * `export const { PUT, PATCH, DELETE, GET } = otherMethods(['POST']);`
 */
export function otherMethods(allowed: readonly Method[]): Record<Method, Handler> {
  // Next answers HEAD from GET and OPTIONS by itself.
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].sort().join(', ');
  const refuse = () => new Response(null, { status: 405, headers: { Allow: allow, 'Cache-Control': 'no-store' } });
  return { GET: refuse, POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse };
}
