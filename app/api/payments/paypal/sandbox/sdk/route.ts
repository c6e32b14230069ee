import { NextResponse } from 'next/server';
import { paypalConfig } from '@/lib/server/payments/paypal/config';
import { sandboxSdk } from '@/lib/server/payments/paypal/sandbox/sdk';

// The stand-in for PayPal's JS SDK (sandbox only).
export function GET() {
  if (paypalConfig()?.mode !== 'sandbox') return new NextResponse('Not found', { status: 404 });
  return new NextResponse(sandboxSdk, {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
