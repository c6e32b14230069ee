import { NextResponse, type NextRequest } from 'next/server';
import { checkoutRequest, IDEMPOTENCY_HEADER, idempotencyKey } from '@/lib/shared/checkout';
import { startCheckout } from '@/lib/server/checkout/start-checkout';
import { apiError } from '@/lib/server/http/api-error';
import { clientIp, isSameOrigin, readJsonBody, requestLocale } from '@/lib/server/http/guards';
import { rateLimit } from '@/lib/server/http/rate-limit';
import { sessionFrom } from '@/lib/server/session/session';

/** A checkout body is a few dozen bytes; anything near this is not one. */
const MAX_BODY_BYTES = 4096;

export async function POST(request: NextRequest) {
  const locale = requestLocale(request);
  if (!isSameOrigin(request)) return apiError('forbidden', 403, locale);
  const subject = await sessionFrom(request.cookies, 'pay');
  if (!subject) return apiError('no_session', 401, locale);

  const ip = clientIp(request);
  const wait = await rateLimit([
    ['checkoutPerSession', `${subject.platform}:${subject.userId}`],
    ['checkoutPerIp', ip],
  ]);
  if (wait) return apiError('rate_limited', 429, locale, { retryAfterSeconds: wait });

  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (!body.ok) return apiError(body.code, body.status, locale);
  const selection = checkoutRequest.safeParse(body.value);
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (!selection.success || (key !== null && !idempotencyKey.safeParse(key).success)) {
    return apiError('invalid_request', 422, locale);
  }

  const result = await startCheckout({
    subject,
    selection: selection.data,
    idempotencyKey: key ?? undefined,
    locale,
    clientIp: ip,
    now: new Date(),
  });
  if (!result.ok) return apiError(result.code, result.status, locale, result.limits ? { limits: result.limits } : {});
  return NextResponse.json({ redirectUrl: result.redirectUrl }, { headers: { 'Cache-Control': 'no-store' } });
}
