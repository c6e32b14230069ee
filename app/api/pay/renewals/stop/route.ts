import { NextResponse } from 'next/server';
import { z } from 'zod';
import { apiError } from '@/lib/server/http/api-error';
import { readJsonBody } from '@/lib/server/http/guards';
import { otherMethods } from '@/lib/server/http/methods';
import { sessionRoute } from '@/lib/server/http/session-route';
import { stopRenewal } from '@/lib/server/pay/renewals';
import type { StopRenewalRequest } from '@/lib/shared/renewals';

/** `{gateway, id}` is a few dozen bytes. */
const MAX_BODY_BYTES = 512;
const stopRequest = z.strictObject({
  gateway: z.string().min(1).max(32),
  id: z.string().min(1).max(64),
}) satisfies z.ZodType<StopRenewalRequest>;

// POST /api/pay/renewals/stop — {gateway, id}: stops one of the session's automatic renewals.
export const POST = sessionRoute(
  {
    audience: 'pay',
    rateLimits: (subject, ip) => [
      ['renewalStopPerSession', `${subject.platform}:${subject.userId}`],
      ['renewalStopPerIp', ip],
    ],
  },
  async ({ request, subject, locale }) => {
    const body = await readJsonBody(request, MAX_BODY_BYTES);
    if (!body.ok) return apiError(body.code, locale);
    const stop = stopRequest.safeParse(body.value);
    if (!stop.success) return apiError('invalid_request', locale);
    const owner = { platform: subject.platform, userId: subject.userId };
    const result = await stopRenewal(owner, stop.data.gateway, stop.data.id, new Date());
    if (!result.ok) return apiError(result.code, locale);
    return NextResponse.json({ stopped: true }, { headers: { 'Cache-Control': 'no-store' } });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
