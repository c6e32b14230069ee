import { NextResponse, type NextRequest } from 'next/server';
import { vnpayConfig } from '@/lib/server/payments/vnpay/config';
import { resultPathForReturn } from '@/lib/server/payments/vnpay/return-result';

/** The browser back from VNPay: verified, then sent to the stored outcome at /pay?status=… */
export async function GET(request: NextRequest) {
  const config = vnpayConfig();
  const target = await resultPathForReturn(request.nextUrl.searchParams, config);
  const url = request.nextUrl.clone();
  url.pathname = target.pathname;
  url.search = target.search;
  return NextResponse.redirect(url, { status: 303, headers: { 'Cache-Control': 'no-store' } });
}
