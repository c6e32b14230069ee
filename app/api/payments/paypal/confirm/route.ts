import { NextResponse } from 'next/server';
import { apiError } from '@/lib/server/http/api-error';
import { sessionRoute } from '@/lib/server/http/session-route';
import { confirmPaypalSubscription, confirmRequest } from '@/lib/server/payments/paypal/confirm';
import { otherMethods } from '@/lib/server/http/methods';

// POST /api/payments/paypal/confirm — the buttons' onApprove {orderId, subscriptionId} → the result page.
export const POST = sessionRoute(
  {
    audience: 'pay',
    rateLimits: (subject, ip) => [
      ['checkoutPerSession', `${subject.platform}:${subject.userId}`],
      ['checkoutPerIp', ip],
    ],
    body: { schema: confirmRequest, maxBytes: 1024 },
  },
  async ({ subject, locale, body }) => {
    const result = await confirmPaypalSubscription(subject, body, new Date());
    if (!result.ok) return apiError(result.code, locale, { gateway: result.gateway });
    return NextResponse.json({ redirectUrl: result.redirectUrl }, { headers: { 'Cache-Control': 'no-store' } });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
