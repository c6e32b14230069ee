import { NextResponse } from 'next/server';
import { paypalConfig } from '@/lib/server/payments/paypal/config';
import { sandboxKeys } from '@/lib/server/payments/paypal/sandbox/signing';

// The sandbox's signing key, where PayPal serves its certificate (sandbox only; informational:
// the site verifies through the sandbox API, as it does through PayPal's).
export function GET() {
  if (paypalConfig()?.mode !== 'sandbox') return new NextResponse('Not found', { status: 404 });
  const pem = sandboxKeys().publicKey.export({ type: 'spki', format: 'pem' });
  return new NextResponse(pem, { headers: { 'Content-Type': 'application/x-pem-file' } });
}
