import { NextResponse } from 'next/server';
import { cancelIndividualPlan } from '@/lib/server/checkout/cancel-plan';
import { cancelPlanRequest } from '@/lib/server/checkout/request';
import { apiError } from '@/lib/server/http/api-error';
import { sessionRoute } from '@/lib/server/http/session-route';
import { otherMethods } from '@/lib/server/http/methods';

// POST /api/plan/cancel — {confirm}: the pay page's "Cancel plan", confirmed: ends the session's individual plan.
export const POST = sessionRoute(
  { audience: 'pay', body: { schema: cancelPlanRequest, maxBytes: 256 } },
  async ({ subject, locale }) => {
    const result = await cancelIndividualPlan(subject, new Date());
    if (!result.ok) return apiError(result.code, locale);
    return NextResponse.json({ cancelled: true }, { headers: { 'Cache-Control': 'no-store' } });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
