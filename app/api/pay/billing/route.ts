import { NextResponse } from 'next/server';
import { apiError } from '@/lib/server/http/api-error';
import { otherMethods } from '@/lib/server/http/methods';
import { sessionRoute } from '@/lib/server/http/session-route';
import { billingInput, saveBilling } from '@/lib/server/pay/billing';
import { billingRequest } from '@/lib/server/pay/requests';

// POST /api/pay/billing — {orderId, billing: {company, taxId?, address?} | null}: the company details
// printed on one of the session's own orders' receipt and credit notes (null removes them).
export const POST = sessionRoute(
  {
    audience: 'pay',
    rateLimits: (subject, ip) => [
      ['billingPerSession', `${subject.platform}:${subject.userId}`],
      ['billingPerIp', ip],
    ],
    // Company details are a few hundred characters; a kilobyte per field is generous.
    body: { schema: billingRequest, maxBytes: 4096 },
  },
  async ({ subject, locale, body }) => {
    const billing = body.billing === null ? null : billingInput.safeParse(body.billing);
    if (billing && !billing.success) return apiError('billing_invalid', locale);
    const saved = await saveBilling(subject, body.orderId, billing ? billing.data : null);
    if (!saved.ok) return apiError(saved.code, locale);
    return NextResponse.json({ billing: saved.billing }, { headers: { 'Cache-Control': 'no-store' } });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
