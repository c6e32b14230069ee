import { NextResponse, type NextRequest } from 'next/server';
import { paypalConfig } from '@/lib/server/payments/paypal/config';
import { sandboxTransport } from '@/lib/server/payments/paypal/sandbox/api';

// The sandbox's PayPal REST API over HTTP (the stand-in SDK creates subscriptions here; sandbox only).
async function handle(request: NextRequest) {
  if (paypalConfig()?.mode !== 'sandbox') return new NextResponse('Not found', { status: 404 });
  if (request.method === 'POST' && Number(request.headers.get('content-length') ?? '0') > 16_384) {
    return new NextResponse('Too large', { status: 413 });
  }
  return sandboxTransport(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.method === 'POST' ? { body: await request.text() } : {}),
  });
}

export const GET = handle;
export const POST = handle;
