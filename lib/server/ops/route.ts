import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { parsedJsonBody, type BodyOptions } from '@/lib/server/http/parsed-body';
import { rateLimit } from '@/lib/server/http/rate-limit';
import { requestLog } from '@/lib/server/observability/log';
import { clientNetwork, isSameOrigin } from '@/lib/server/request/guards';
import { isUnavailable, UNAVAILABLE_RETRY_SECONDS } from '@/lib/server/unavailable';
import type { ActionOutcome } from './console-actions';
import { roleAllows, type OperatorRoleName } from '@/lib/shared/ops-console';
import { opsErrorStatus, type OpsErrorCode } from './errors';
import { OPS_LOCALE_COOKIE, opsLocale, opsTranslator, type OpsLocale } from './i18n';
import { opsCookieName, opsCookieOptions, sessionOf, steppedUp, type OperatorSession } from './session';

/**
 * Every route of the console's API (app/api/ops/…): a state-changing request must come from this
 * site's own pages (Sec-Fetch-Site / Origin; the cookie is SameSite=Strict and the bodies JSON,
 * which no cross-site form can send), then a live operator session with the role the route needs,
 * rate limits, the body parsed, and the step-up a refund needs — before the handler runs. A refusal
 * carries a code and the console's words for it, never data.
 */
export interface OpsRequest<Body, Session> {
  request: NextRequest;
  session: Session;
  body: Body;
  locale: OpsLocale;
}

type Access = 'anyone' | OperatorRoleName;
type SessionFor<A extends Access> = A extends 'anyone' ? OperatorSession | null : OperatorSession;

interface Options<Body, A extends Access> {
  /** `anyone`: the passkey ceremonies that open a session; else the least role that may call. */
  access: A;
  body?: BodyOptions<Body>;
  /** `ceremony`: counted per client network; `action`: per operator. */
  limit?: 'ceremony' | 'action';
  /** True when this request needs a recent passkey proof (a refund, an operator's invitation or revocation). */
  stepUp?: (body: Body) => boolean;
}

export function opsJson(data: unknown, init: { status?: number } = {}): NextResponse {
  return NextResponse.json(data, { status: init.status ?? 200, headers: { 'Cache-Control': 'no-store' } });
}

export function opsError(
  code: OpsErrorCode,
  locale: OpsLocale,
  values: Record<string, string | number> = {},
  retryAfterSeconds?: number,
): NextResponse {
  const message = opsTranslator(locale)(`errors.${code}`, { ...values, seconds: retryAfterSeconds ?? 0 });
  const response = opsJson({ error: { code, message } }, { status: opsErrorStatus[code] });
  if (retryAfterSeconds) response.headers.set('Retry-After', String(retryAfterSeconds));
  return response;
}

export function opsRoute<Body = undefined, A extends Access = Access>(
  options: Options<Body, A>,
  handler: (input: OpsRequest<Body, SessionFor<A>>) => Promise<Response>,
) {
  return async (request: NextRequest): Promise<Response> => {
    const locale = opsLocale(request.cookies.get(OPS_LOCALE_COOKIE)?.value, request.headers.get('accept-language'));
    try {
      if (request.method !== 'GET' && !isSameOrigin(request)) return opsError('forbidden', locale);
      const session = await sessionOf(request.cookies);
      if (options.access !== 'anyone') {
        if (!session) return opsError('no_operator_session', locale);
        if (!roleAllows(session.operator.role, options.access)) {
          return opsError(options.access === 'admin' ? 'admin_required' : 'role_required', locale);
        }
      }
      if (options.limit) {
        const bucket =
          options.limit === 'ceremony' || !session
            ? (['opsCeremoniesPerIp', clientNetwork(request)] as const)
            : (['opsActionsPerOperator', session.operator.id] as const);
        const wait = await rateLimit([[bucket[0], bucket[1]]]);
        if (wait) return opsError('rate_limited', locale, {}, wait);
      }
      let body = undefined as Body;
      if (options.body) {
        const parsed = await parsedJsonBody(request, options.body);
        if (!parsed.ok) return opsError(parsed.code as OpsErrorCode, locale);
        body = parsed.body;
      }
      if (options.stepUp?.(body) && session && !steppedUp(session)) return opsError('step_up_required', locale);
      return await handler({ request, session: session as SessionFor<A>, body, locale });
    } catch (error) {
      if (isUnavailable(error)) {
        requestLog(request).warn({ err: error, path: request.nextUrl.pathname }, 'ops: a dependency is unavailable');
        return opsError('service_unavailable', locale, {}, UNAVAILABLE_RETRY_SECONDS);
      }
      requestLog(request).error({ err: error, path: request.nextUrl.pathname }, 'ops: route failed');
      return opsError('server_error', locale);
    }
  };
}

/** The answer that opens an operator's session: the token goes into the cookie, never the body. */
export function signedIn(sessionToken: string, operator: { name: string; role: string }): NextResponse {
  const response = opsJson({ operator: { name: operator.name, role: operator.role } });
  response.cookies.set(opsCookieName(), sessionToken, opsCookieOptions());
  return response;
}

/** A console action's answer: 200 with what was done, or its refusal's status — a repeat's answer is the same. */
export function actionResponse(outcome: ActionOutcome, locale: OpsLocale): NextResponse {
  if (!outcome.ok) return opsError(outcome.code, locale, outcome.values);
  const message = opsTranslator(locale)(`done.${outcome.done}`, outcome.values);
  return opsJson({
    done: outcome.done,
    message,
    values: outcome.values,
    replayed: outcome.replayed === true,
    ...(outcome.link ? { link: outcome.link } : {}),
  });
}
