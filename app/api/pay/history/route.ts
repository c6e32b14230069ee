import { NextResponse, type NextRequest } from 'next/server';
import { apiError } from '@/lib/server/http/api-error';
import { requestLocale } from '@/lib/server/request/guards';
import { otherMethods } from '@/lib/server/http/methods';
import { requestLog } from '@/lib/server/observability/log';
import { paymentHistory } from '@/lib/server/pay/history';
import { historyQuery } from '@/lib/server/pay/requests';
import { requestPayingSubject } from '@/lib/server/session/request-session';
import { isUnavailable } from '@/lib/server/unavailable';

// GET /api/pay/history?page=N — the payments of the account behind the pay session, newest first.
export async function GET(request: NextRequest) {
  const locale = requestLocale(request);
  const query = historyQuery.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!query.success) return apiError('invalid_request', locale);
  const subject = await requestPayingSubject(request);
  if (!subject) return apiError('no_session', locale);
  try {
    const history = await paymentHistory({ platform: subject.platform, userId: subject.userId }, query.data.page);
    return NextResponse.json(history, { headers: { 'Cache-Control': 'private, no-store' } });
  } catch (error) {
    if (isUnavailable(error)) {
      requestLog(request).warn({ err: error }, 'payment history: the ledger is unavailable');
      return apiError('service_unavailable', locale);
    }
    requestLog(request).error({ err: error }, 'payment history failed');
    return apiError('server_error', locale);
  }
}

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
