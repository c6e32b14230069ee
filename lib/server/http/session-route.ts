import 'server-only';
import type { NextRequest } from 'next/server';
import type { Locale } from '@/lib/i18n/locales';
import type { Subject } from '@/lib/server/directory';
import type { LinkAudience } from '@/lib/server/session/paylink';
import { requestPayingSubject, requestSubject } from '@/lib/server/session/request-session';
import { isUnavailable, UNAVAILABLE_RETRY_SECONDS } from '@/lib/server/unavailable';
import { requestLog } from '@/lib/server/observability/log';
import { apiError } from './api-error';
import { clientIp, isSameOrigin, requestLocale } from './guards';
import { rateLimit, type RateLimitBucket } from './rate-limit';

export interface SessionRequest {
  request: NextRequest;
  subject: Subject;
  locale: Locale;
  clientIp: string;
}

interface Options {
  audience: LinkAudience;
  /** Buckets to charge one point each before the handler runs (state-changing routes). */
  rateLimits?: (subject: Subject, ip: string) => Array<[RateLimitBucket, string]>;
}

/**
 * Every state-changing route of a pay or team session: same-origin, a session of the right
 * audience, rate limits, then the handler — whose unexpected failures become a translated 503
 * (a dependency is down) or 500, never a bare error page.
 */
export function sessionRoute<Context = unknown>(
  options: Options,
  handler: (input: SessionRequest, context: Context) => Promise<Response>,
) {
  // Next passes a dynamic route's params as the second argument; tests call static routes with one.
  return async (request: NextRequest, context?: Context): Promise<Response> => {
    const locale = requestLocale(request);
    try {
      if (!isSameOrigin(request)) return await apiError('forbidden', locale);
      const subject =
        options.audience === 'pay' ? await requestPayingSubject(request) : await requestSubject(request, 'team');
      if (!subject) return await apiError(options.audience === 'team' ? 'no_team_session' : 'no_session', locale);
      const ip = clientIp(request);
      if (options.rateLimits) {
        const wait = await rateLimit(options.rateLimits(subject, ip));
        if (wait) return await apiError('rate_limited', locale, { retryAfterSeconds: wait });
      }
      return await handler({ request, subject, locale, clientIp: ip }, context as Context);
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
