import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { vnpayConfig } from '@/lib/server/payments/vnpay/config';
import { completeSandboxPayment, renderSandboxPage } from '@/lib/server/payments/vnpay/sandbox';
import { isSameOrigin } from '@/lib/server/http/guards';

const notFound = () => new NextResponse('Not found', { status: 404 });
/** Only without VNPay credentials, and never in production (vnpayConfig decides both). */
const sandboxConfig = () => {
  const config = vnpayConfig();
  return config?.mode === 'sandbox' ? config : null;
};

export async function GET(request: NextRequest) {
  const config = sandboxConfig();
  if (!config) return notFound();
  const { status, html } = renderSandboxPage(request.nextUrl.searchParams, config);
  return new NextResponse(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    },
  });
}

const form = z.object({ payment: z.string().max(8192), action: z.enum(['approve', 'decline', 'cancel']) });

export async function POST(request: NextRequest) {
  const config = sandboxConfig();
  if (!config) return notFound();
  if (!isSameOrigin(request)) return new NextResponse('Forbidden', { status: 403 });
  const parsed = form.safeParse(Object.fromEntries((await request.formData()).entries()));
  if (!parsed.success) return new NextResponse('Bad request', { status: 400 });
  const returnUrl = await completeSandboxPayment(parsed.data.payment, parsed.data.action, config);
  if (!returnUrl) return new NextResponse('Invalid signature', { status: 400 });
  return NextResponse.redirect(returnUrl, 303);
}
