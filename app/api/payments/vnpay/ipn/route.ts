import { NextResponse, type NextRequest } from 'next/server';
import { vnpayConfig } from '@/lib/server/payments/vnpay/config';
import { handleIpn } from '@/lib/server/payments/vnpay/callback';

/** VNPay's server-to-server notification: always HTTP 200, the verdict is in RspCode. */
export async function GET(request: NextRequest) {
  const config = vnpayConfig();
  if (!config) return NextResponse.json({ RspCode: '99', Message: 'Gateway not configured' });
  return NextResponse.json(await handleIpn(request.nextUrl.searchParams, config), {
    headers: { 'Cache-Control': 'no-store' },
  });
}
