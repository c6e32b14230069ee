import { NextResponse } from 'next/server';
import { apiError } from '@/lib/server/http/api-error';
import { otherMethods } from '@/lib/server/http/methods';
import { sessionRoute } from '@/lib/server/http/session-route';
import { stopRenewal } from '@/lib/server/pay/renewals';
import { stopRenewalRequest } from '@/lib/server/pay/requests';

// POST /api/pay/renewals/stop — {gateway, id}: stops one of the session's automatic renewals.
export const POST = sessionRoute(
  {
    audience: 'pay',
    rateLimits: (subject, ip) => [
      ['renewalStopPerSession', `${subject.platform}:${subject.userId}`],
      ['renewalStopPerIp', ip],
    ],
    // `{gateway, id}` is a few dozen bytes.
    body: { schema: stopRenewalRequest, maxBytes: 512 },
  },
  async ({ subject, locale, body }) => {
    const owner = { platform: subject.platform, userId: subject.userId };
    const result = await stopRenewal(owner, body.gateway, body.id, new Date());
    if (!result.ok) return apiError(result.code, locale);
    return NextResponse.json({ stopped: true }, { headers: { 'Cache-Control': 'no-store' } });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
