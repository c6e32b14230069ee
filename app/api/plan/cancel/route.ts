import { NextResponse, type NextRequest } from 'next/server';
import { cancelIndividualPlan } from '@/lib/server/checkout/start-checkout';
import { apiError } from '@/lib/server/http/api-error';
import { isSameOrigin, requestLocale } from '@/lib/server/http/guards';
import { sessionFrom } from '@/lib/server/session/session';

export async function POST(request: NextRequest) {
  const locale = requestLocale(request);
  if (!isSameOrigin(request)) return apiError('forbidden', 403, locale);
  const subject = await sessionFrom(request.cookies, 'pay');
  if (!subject) return apiError('no_session', 401, locale);
  const result = await cancelIndividualPlan(subject, new Date());
  if (!result.ok) return apiError(result.code, result.status, locale);
  return NextResponse.json({ cancelled: true }, { headers: { 'Cache-Control': 'no-store' } });
}
