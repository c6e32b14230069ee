import { NextResponse } from 'next/server';
import { z } from 'zod';
import { cancelIndividualPlan } from '@/lib/server/checkout/cancel-plan';
import { apiError } from '@/lib/server/http/api-error';
import { readJsonBody } from '@/lib/server/http/guards';
import { sessionRoute } from '@/lib/server/http/session-route';
import { otherMethods } from '@/lib/server/http/methods';
import { CANCEL_PLAN_CONFIRMATION, type CancelPlanRequest } from '@/lib/shared/checkout';

const MAX_BODY_BYTES = 256;
// Ending a paid plan takes the dialog's own confirmation in the body: a bare POST — a script's
// mistake, a replayed request — ends nothing.
const cancelRequest = z.strictObject({
  confirm: z.literal(CANCEL_PLAN_CONFIRMATION),
}) satisfies z.ZodType<CancelPlanRequest>;

// POST /api/plan/cancel — {confirm}: the pay page's "Cancel plan", confirmed: ends the session's individual plan.
export const POST = sessionRoute({ audience: 'pay' }, async ({ request, subject, locale }) => {
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (!body.ok) return apiError(body.code, locale);
  if (!cancelRequest.safeParse(body.value).success) return apiError('invalid_request', locale);
  const result = await cancelIndividualPlan(subject, new Date());
  if (!result.ok) return apiError(result.code, locale);
  return NextResponse.json({ cancelled: true }, { headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
