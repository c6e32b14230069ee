import { NextResponse, type NextRequest } from 'next/server';
import { apiError } from '@/lib/server/http/api-error';
import { requestLocale } from '@/lib/server/request/guards';
import { loadPayView, unavailablePayView } from '@/lib/server/pay/load-pay-view';
import { requestPaySession } from '@/lib/server/session/request-session';
import { isUnavailable, UNAVAILABLE_RETRY_SECONDS } from '@/lib/server/unavailable';
import { payQuery } from '@/lib/server/pay/requests';
import { otherMethods } from '@/lib/server/http/methods';
import { requestLog } from '@/lib/server/observability/log';

const perPayer = { 'Cache-Control': 'private, no-store' };

// GET /api/pay/view?status&code&reason&order&plan&seats&link&receipt — what /pay shows the payer behind the session cookie.
export async function GET(request: NextRequest) {
  const locale = requestLocale(request);
  const query = payQuery.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!query.success) return apiError('invalid_request', locale);
  try {
    const session = await requestPaySession(request);
    const view = await loadPayView(session?.subject ?? null, query.data, new Date(), session?.surface);
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
