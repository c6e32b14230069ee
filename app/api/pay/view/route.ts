import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { apiError } from '@/lib/server/http/api-error';
import { requestLocale } from '@/lib/server/http/guards';
import { loadPayView, unavailablePayView } from '@/lib/server/pay/load-pay-view';
import { requestPayingSubject } from '@/lib/server/session/request-session';
import { isUnavailable, UNAVAILABLE_RETRY_SECONDS } from '@/lib/server/unavailable';
import { payQueryLimits, type PayQuery } from '@/lib/shared/pay-query';
import { declineReasons } from '@/lib/shared/decline';
import { otherMethods } from '@/lib/server/http/methods';
import { requestLog } from '@/lib/server/observability/log';

/**
 * The pay page's own parameters (lib/shared/pay-query.ts), each capped; nothing else. A decline
 * reason is one of a closed set: any other value is dropped, so the page never shows words the
 * address chose.
 */
const payQuery = z
  .object(
    Object.fromEntries(Object.entries(payQueryLimits).map(([name, max]) => [name, z.string().max(max).optional()])),
  )
  .extend({ reason: z.enum(declineReasons).optional().catch(undefined) });

const perPayer = { 'Cache-Control': 'private, no-store' };

// GET /api/pay/view?status&code&reason&order&plan&seats&link&receipt — what /pay shows the payer behind the session cookie.
export async function GET(request: NextRequest) {
  const locale = requestLocale(request);
  const query = payQuery.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!query.success) return apiError('invalid_request', locale);
  try {
    const view = await loadPayView(await requestPayingSubject(request), query.data as PayQuery, new Date());
    return NextResponse.json(view, { headers: perPayer });
  } catch (error) {
    if (!isUnavailable(error)) {
      requestLog(request).error({ err: error }, 'the pay view failed');
      return apiError('server_error', locale);
    }
    // The ledger or the assistant's backend is down: the page says so and asks again.
    requestLog(request).warn({ err: error }, 'pay view: a dependency is unavailable');
    return NextResponse.json(unavailablePayView(), {
      status: 503,
      headers: { ...perPayer, 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) },
    });
  }
}

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
