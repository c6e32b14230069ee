import { after, NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { isSameOrigin } from '@/lib/server/http/guards';
import { paypalConfig, SANDBOX_PATH } from '@/lib/server/payments/paypal/config';
import { renderSandboxConsole } from '@/lib/server/payments/paypal/sandbox/console';
import { deliverAll, playSandboxAction, sandboxActions } from '@/lib/server/payments/paypal/sandbox/player';
import { recentSandboxSubscriptions } from '@/lib/server/payments/paypal/sandbox/store';

const notFound = () => new NextResponse('Not found', { status: 404 });
/** Only without PayPal credentials, and never in production (paypalConfig decides both). */
const sandboxOn = () => paypalConfig()?.mode === 'sandbox';

export async function GET(request: NextRequest) {
  if (!sandboxOn()) return notFound();
  const html = renderSandboxConsole(await recentSandboxSubscriptions(), request.nextUrl.searchParams.get('done'));
  return new NextResponse(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    },
  });
}

const form = z.object({ subscription: z.string().regex(/^I-[A-Z0-9]{6,40}$/), action: z.enum(sandboxActions) });

export async function POST(request: NextRequest) {
  if (!sandboxOn()) return notFound();
  if (!isSameOrigin(request)) return new NextResponse('Forbidden', { status: 403 });
  const parsed = form.safeParse(Object.fromEntries((await request.formData()).entries()));
  if (!parsed.success) return new NextResponse('Bad request', { status: 400 });
  const { subscription, action } = parsed.data;
  // The buyer's approval answers at once and PayPal's webhooks follow, as they do for real: the
  // page's confirm call and the webhooks then race, and either may settle the first payment.
  const deliveries = await playSandboxAction(subscription, action, new Date(), async (bodies) => {
    if (action !== 'approve') return deliverAll(bodies);
    after(() => deliverAll(bodies));
    return [];
  });
  const wantsJson = request.headers.get('accept')?.includes('application/json');
  if (!deliveries) {
    return wantsJson
      ? NextResponse.json({ message: `Cannot ${action} ${subscription} in its current state` }, { status: 409 })
      : NextResponse.redirect(
          new URL(`${SANDBOX_PATH}?done=${encodeURIComponent(`${action}: not possible now`)}`, request.url),
          303,
        );
  }
  const summary = `${action}: ${deliveries.map((d) => `${d.type} → ${d.reply.status} ${d.reply.outcome}`).join('; ') || 'webhooks follow'}`;
  if (wantsJson) return NextResponse.json({ message: summary });
  return NextResponse.redirect(new URL(`${SANDBOX_PATH}?done=${encodeURIComponent(summary)}`, request.url), 303);
}
