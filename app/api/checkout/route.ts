import { NextResponse } from 'next/server';
import { IDEMPOTENCY_HEADER } from '@/lib/shared/checkout';
import { checkoutRequest, idempotencyKey } from '@/lib/server/checkout/request';
import { billingInput } from '@/lib/server/pay/billing';
import { startCheckout } from '@/lib/server/checkout/start-checkout';
import { apiError } from '@/lib/server/http/api-error';
import { sessionRoute } from '@/lib/server/http/session-route';
import { otherMethods } from '@/lib/server/http/methods';
import { metrics } from '@/lib/server/observability/metrics';

// POST /api/checkout — the pay page's {plan, period, seats?, gateway, method} → how the browser continues
// ({kind: 'redirect', redirectUrl} or an SDK's buttons' parameters: lib/shared/checkout.ts, CheckoutStart).
export const POST = sessionRoute(
  {
    audience: 'pay',
    rateLimits: (subject, ip) => [
      ['checkoutPerSession', `${subject.platform}:${subject.userId}`],
      ['checkoutPerIp', ip],
    ],
    // A checkout body is a few dozen bytes; anything near the cap is not one.
    body: { schema: checkoutRequest, maxBytes: 4096 },
  },
  async ({ request, subject, surface, locale, clientIp, body: selection }) => {
    const key = request.headers.get(IDEMPOTENCY_HEADER);
    if (key !== null && !idempotencyKey.safeParse(key).success) return apiError('invalid_request', locale);
    const billing = selection.billing == null ? null : billingInput.safeParse(selection.billing);
    if (billing && !billing.success) return apiError('billing_invalid', locale);

    const result = await startCheckout({
      subject,
      selection,
      idempotencyKey: key ?? undefined,
      billing: billing ? billing.data : null,
      locale,
      clientIp,
      now: new Date(),
      surface,
    });
    metrics().checkouts.inc({ gateway: selection.gateway, outcome: result.ok ? 'created' : result.code });
    if (!result.ok) {
      return apiError(result.code, locale, { limits: result.limits, gateway: result.gateway, admins: result.admins });
    }
    return NextResponse.json(result.start, { headers: { 'Cache-Control': 'no-store' } });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
