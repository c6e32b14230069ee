import 'server-only';
import type { DeliverCallback, SandboxRequest } from '@/lib/server/payments/gateway';
import { standInTransport } from './bot-api';
import { paymentsOf, refundCharge } from './account';
import { playSheet, renewNow, sheetInvoice, sheetRequest } from './sheet';

const noStore = { 'Cache-Control': 'no-store' };

/**
 * The stand-in's endpoints under /api/payments/telegram_stars/sandbox/ (never in production):
 * `bot<token>/<method>`, the Bot API over HTTP; `sheet`, the payment sheet the Mini App harness
 * plays (GET ?slug= the invoice, POST {slug, userId, action} — from this site's own pages only);
 * `renew?charge=`, Telegram's next charge of a subscription, now, and `refund?charge=`, Telegram
 * refunding a payment (POST, this site's pages only); `payments?user=`, a user's payments (GET).
 */
export async function handleStarsSandbox(request: SandboxRequest, deliver: DeliverCallback): Promise<Response> {
  if (request.path.startsWith('bot')) {
    return standInTransport(request.url.toString(), { method: request.method, body: request.rawBody }, deliver);
  }
  if (request.path === 'payments' && request.method === 'GET') {
    const user = Number(request.url.searchParams.get('user'));
    return Response.json({ payments: Number.isSafeInteger(user) ? paymentsOf(user) : [] }, { headers: noStore });
  }
  if (request.path === 'renew' || request.path === 'refund') {
    if (request.method !== 'POST' || !request.sameOrigin)
      return new Response('Forbidden', { status: 403, headers: noStore });
    const charge = request.url.searchParams.get('charge') ?? '';
    const done = await (request.path === 'renew' ? renewNow(charge, deliver) : refundCharge(charge, deliver));
    return Response.json({ done }, { status: done ? 200 : 404, headers: noStore });
  }
  if (request.path !== 'sheet') return new Response('Not found', { status: 404, headers: noStore });
  if (request.method === 'GET') {
    const invoice = sheetInvoice(request.url.searchParams.get('slug') ?? '');
    return invoice
      ? Response.json(
          {
            title: invoice.title,
            description: invoice.description,
            amount: invoice.amount,
            renews: Boolean(invoice.subscriptionPeriod),
          },
          { headers: noStore },
        )
      : Response.json({ error: 'unknown invoice' }, { status: 404, headers: noStore });
  }
  if (request.method !== 'POST' || !request.sameOrigin)
    return new Response('Forbidden', { status: 403, headers: noStore });
  let body: unknown;
  try {
    body = JSON.parse(request.rawBody);
  } catch {
    body = null;
  }
  const parsed = sheetRequest.safeParse(body);
  if (!parsed.success) return Response.json({ error: 'invalid request' }, { status: 422, headers: noStore });
  const answer = await playSheet(parsed.data, deliver);
  return answer
    ? Response.json(answer, { headers: noStore })
    : Response.json({ error: 'unknown invoice' }, { status: 404, headers: noStore });
}
