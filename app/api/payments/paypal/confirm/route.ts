import { NextResponse } from 'next/server';
import { z } from 'zod';
import { apiError } from '@/lib/server/http/api-error';
import { readJsonBody } from '@/lib/server/http/guards';
import { sessionRoute } from '@/lib/server/http/session-route';
import { confirmPaypalSubscription } from '@/lib/server/payments/paypal/confirm';
import { otherMethods } from '@/lib/server/http/methods';

const MAX_BODY_BYTES = 1024;
const body = z.object({ orderId: z.string().regex(/^[a-f0-9]{32}$/), subscriptionId: z.string().min(1).max(64) });

// POST /api/payments/paypal/confirm — the buttons' onApprove {orderId, subscriptionId} → the result page.
export const POST = sessionRoute(
  {
    audience: 'pay',
    rateLimits: (subject, ip) => [
      ['checkoutPerSession', `${subject.platform}:${subject.userId}`],
      ['checkoutPerIp', ip],
    ],
  },
  async ({ request, subject, locale }) => {
    const read = await readJsonBody(request, MAX_BODY_BYTES);
    if (!read.ok) return apiError(read.code, locale);
    const input = body.safeParse(read.value);
    if (!input.success) return apiError('invalid_request', locale);
    const result = await confirmPaypalSubscription(subject, input.data, new Date());
    if (!result.ok) return apiError(result.code, locale, { gateway: result.gateway });
    return NextResponse.json({ redirectUrl: result.redirectUrl }, { headers: { 'Cache-Control': 'no-store' } });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
