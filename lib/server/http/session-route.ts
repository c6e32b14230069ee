import 'server-only';
import type { NextRequest } from 'next/server';
import type { Locale } from '@/lib/i18n/locales';
import type { Subject } from '@/lib/server/directory';
import type { LinkAudience } from '@/lib/i18n/route-request';
import { requestPaySession, requestSubject } from '@/lib/server/session/request-session';
import type { PaySurface } from '@/lib/shared/gateway-offer';
import { isUnavailable, UNAVAILABLE_RETRY_SECONDS } from '@/lib/server/unavailable';
import { requestLog } from '@/lib/server/observability/log';
import { apiError } from './api-error';
import { clientIp, isSameOrigin, requestLocale } from '@/lib/server/request/guards';
import { parsedJsonBody, type BodyOptions } from './parsed-body';
import { rateLimit, type RateLimitBucket } from './rate-limit';

export interface SessionRequest<Body = undefined> {
  request: NextRequest;
  subject: Subject;
  /** Where the session pays: inside the Telegram Mini App (its header) or in a browser (a link's cookie). */
  surface: PaySurface;
  locale: Locale;
  clientIp: string;
  /** The request's JSON body, parsed by the route's schema (undefined for a route that takes none). */
  body: Body;
}

interface Options<Body> {
  audience: LinkAudience;
  /** Buckets to charge one point each before the handler runs (state-changing routes). */
  rateLimits?: (subject: Subject, ip: string) => Array<[RateLimitBucket, string]>;
  /** The JSON body the handler receives, parsed (./parsed-body.ts); absent for a route that takes none. */
  body?: BodyOptions<Body>;
}

/**
 * Every state-changing route of a pay or team session: same-origin, a session of the right
 * audience, rate limits, the body read and parsed, then the handler — whose unexpected failures
 * become a translated 503 (a dependency is down) or 500, never a bare error page.
 */
export function sessionRoute<Context = unknown, Body = undefined>(
  options: Options<Body>,
  handler: (input: SessionRequest<Body>, context: Context) => Promise<Response>,
) {
  // Next passes a dynamic route's params as the second argument; tests call static routes with one.
  return async (request: NextRequest, context?: Context): Promise<Response> => {
    const locale = requestLocale(request);
    try {
      if (!isSameOrigin(request)) return await apiError('forbidden', locale);
      const session =
        options.audience === 'pay'
          ? await requestPaySession(request)
          : await requestSubject(request, 'team').then(
              (subject) => subject && { subject, surface: carrierOf(request) },
            );
      if (!session) return await apiError(options.audience === 'team' ? 'no_team_session' : 'no_session', locale);
      const ip = clientIp(request);
      if (options.rateLimits) {
        const wait = await rateLimit(options.rateLimits(session.subject, ip));
        if (wait) return await apiError('rate_limited', locale, { retryAfterSeconds: wait });
      }
      let body = undefined as Body;
      if (options.body) {
        const parsed = await parsedJsonBody(request, options.body);
        if (!parsed.ok) return await apiError(parsed.code, locale);
        body = parsed.body;
      }
      return await handler({ request, ...session, locale, clientIp: ip, body }, context as Context);
    } catch (error) {
      if (isUnavailable(error)) {
        requestLog(request).warn({ err: error, path: request.nextUrl.pathname }, 'a dependency is unavailable');
        return apiError('service_unavailable', locale, { retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS });
      }
      requestLog(request).error({ err: error, path: request.nextUrl.pathname }, 'route failed');
      return apiError('server_error', locale);
    }
  };
}

/** A team session's surface: the Mini App's header, or a link's cookie. */
const carrierOf = (request: NextRequest): PaySurface => (request.headers.has('authorization') ? 'miniapp' : 'browser');
