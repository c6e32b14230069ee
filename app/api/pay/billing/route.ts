import { NextResponse } from 'next/server';
import { z } from 'zod';
import { apiError } from '@/lib/server/http/api-error';
import { readJsonBody } from '@/lib/server/http/guards';
import { otherMethods } from '@/lib/server/http/methods';
import { sessionRoute } from '@/lib/server/http/session-route';
import { billingInput, saveBilling } from '@/lib/server/pay/billing';
import type { BillingRequest } from '@/lib/shared/billing';

/** Company details are a few hundred characters; a kilobyte per field is generous. */
const MAX_BODY_BYTES = 4_096;
const billingRequest = z.strictObject({
  orderId: z.string().regex(/^[a-f0-9]{32}$/),
  billing: z.unknown(),
}) satisfies z.ZodType<BillingRequest>;

// POST /api/pay/billing — {orderId, billing: {company, taxId?, address?} | null}: the company details
// printed on one of the session's own orders' receipt and credit notes (null removes them).
export const POST = sessionRoute(
  {
    audience: 'pay',
    rateLimits: (subject, ip) => [
      ['billingPerSession', `${subject.platform}:${subject.userId}`],
      ['billingPerIp', ip],
    ],
  },
  async ({ request, subject, locale }) => {
    const body = await readJsonBody(request, MAX_BODY_BYTES);
    if (!body.ok) return apiError(body.code, locale);
    const parsed = billingRequest.safeParse(body.value);
    if (!parsed.success) return apiError('invalid_request', locale);
    const billing = parsed.data.billing === null ? null : billingInput.safeParse(parsed.data.billing);
    if (billing && !billing.success) return apiError('billing_invalid', locale);
    const saved = await saveBilling(subject, parsed.data.orderId, billing ? billing.data : null);
    if (!saved.ok) return apiError(saved.code, locale);
    return NextResponse.json({ billing: saved.billing }, { headers: { 'Cache-Control': 'no-store' } });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
