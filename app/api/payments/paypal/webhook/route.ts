import { NextResponse, type NextRequest } from 'next/server';
import { handlePaypalWebhook, MAX_WEBHOOK_BYTES } from '@/lib/server/payments/paypal/webhook';
import { otherMethods } from '@/lib/server/http/methods';
import { metrics } from '@/lib/server/observability/metrics';

// POST /api/payments/paypal/webhook — PayPal's events, verified on the raw body before anything else.
export async function POST(request: NextRequest) {
  if (Number(request.headers.get('content-length') ?? '0') > MAX_WEBHOOK_BYTES) {
    metrics().callbacks.inc({ gateway: 'paypal', outcome: 'too_large' });
    return NextResponse.json({ outcome: 'too_large' }, { status: 413 });
  }
  const reply = await handlePaypalWebhook(await request.text(), request.headers);
  metrics().callbacks.inc({ gateway: 'paypal', outcome: reply.outcome });
  return NextResponse.json(
    { outcome: reply.outcome },
    { status: reply.status, headers: { 'Cache-Control': 'no-store' } },
  );
}

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
