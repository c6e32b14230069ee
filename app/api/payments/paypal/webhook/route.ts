import { NextResponse, type NextRequest } from 'next/server';
import { handlePaypalWebhook, MAX_WEBHOOK_BYTES } from '@/lib/server/payments/paypal/webhook';
import { readCappedBody } from '@/lib/server/http/guards';
import { otherMethods } from '@/lib/server/http/methods';
import { metrics } from '@/lib/server/observability/metrics';

// POST /api/payments/paypal/webhook — PayPal's events, verified on the raw body before anything else.
export async function POST(request: NextRequest) {
  const body = await readCappedBody(request, MAX_WEBHOOK_BYTES);
  if (!body.ok) {
    metrics().callbacks.inc({ gateway: 'paypal', outcome: 'too_large' });
    return NextResponse.json({ outcome: 'too_large' }, { status: 413 });
  }
  const reply = await handlePaypalWebhook(body.text, request.headers);
  metrics().callbacks.inc({ gateway: 'paypal', outcome: reply.outcome });
  return NextResponse.json(
    { outcome: reply.outcome },
    { status: reply.status, headers: { 'Cache-Control': 'no-store' } },
  );
}

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
