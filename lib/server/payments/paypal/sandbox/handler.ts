import 'server-only';
import { after } from 'next/server';
import { z } from 'zod';
import type { DeliverCallback, SandboxRequest } from '@/lib/server/payments/gateway';
import { htmlResponse } from '@/lib/server/http/html';
import { SANDBOX_PATH } from './identity';
import { sandboxTransport } from './api';
import { renderSandboxConsole } from './console';
import { event, playSandboxAction, sandboxActions, sendTo } from './player';
import { approveSandboxOrder, orderJson } from './orders';
import { sandboxSdk, sandboxWords } from './sdk';
import { sandboxKeys } from './signing';
import { recentSandboxSubscriptions } from './store';

const text = (body: string, status: number, type: string) =>
  new Response(body, {
    status,
    headers: { 'Content-Type': type, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  });
const form = z.object({
  subscription: z.string().regex(/^I-[A-Z0-9]{6,40}$/),
  action: z.enum(sandboxActions),
  // "no" plays the change but drops its webhooks (kept for "resend"): a lost callback, for
  // reconciliation and for benchmarks that deliver the webhooks themselves.
  deliver: z.enum(['yes', 'no']).default('yes'),
});

/**
 * The local PayPal sandbox's endpoints under /api/payments/paypal/sandbox/: the tester console
 * (''), the stand-in JS SDK ('sdk'), PayPal's REST API ('api/v1/…', Orders v2 'api/v2/…') and the
 * signing key ('certs/…').
 * The webhooks it plays go to `deliver`, the site's callback path.
 */
export async function handlePaypalSandbox(request: SandboxRequest, deliver: DeliverCallback): Promise<Response> {
  const { method, path } = request;
  if (path === '' && method === 'GET') {
    const html = renderSandboxConsole(await recentSandboxSubscriptions(), request.url.searchParams.get('done'));
    return htmlResponse(200, html);
  }
  if (path === '' && method === 'POST') return play(request, deliver);
  if (path === 'sdk' && method === 'GET')
    return text(sandboxSdk(await sandboxWords()), 200, 'text/javascript; charset=utf-8');
  if (path.startsWith('api/v1/') || path.startsWith('api/v2/')) {
    return sandboxTransport(
      request.url.toString(),
      { method, headers: request.headers, ...(method === 'POST' ? { body: request.rawBody } : {}) },
      deliver,
    );
  }
  if (path.startsWith('certs/') && method === 'GET') {
    // Informational: the site verifies webhooks through the sandbox API, as it does through PayPal's.
    const pem = sandboxKeys().publicKey.export({ type: 'spki', format: 'pem' }).toString();
    return text(pem, 200, 'application/x-pem-file');
  }
  return text('Not found', 404, 'text/plain');
}

async function play(request: SandboxRequest, deliverTo: DeliverCallback): Promise<Response> {
  if (!request.sameOrigin) return text('Forbidden', 403, 'text/plain');
  const fields = Object.fromEntries(new URLSearchParams(request.rawBody));
  if ('order' in fields) return approveOrder(fields, deliverTo);
  const parsed = form.safeParse(fields);
  if (!parsed.success) return text('Bad request', 400, 'text/plain');
  const { subscription, action, deliver } = parsed.data;
  // The buyer's approval answers at once and PayPal's webhooks follow, as they do for real: the
  // page's confirm call and the webhooks then race, and either may settle the first payment.
  const send = sendTo(deliverTo);
  const deliveries = await playSandboxAction(subscription, action, new Date(), (bodies) => {
    if (deliver === 'no') return Promise.resolve([]);
    if (action !== 'approve') return send(bodies);
    after(() => send(bodies));
    return Promise.resolve([]);
  });
  const wantsJson = request.headers.get('accept')?.includes('application/json') ?? false;
  const summary = deliveries
    ? `${action}: ${deliveries.map((d) => `${d.type} → ${d.reply.status} ${d.reply.outcome}`).join('; ') || 'webhooks follow'}`
    : `${action}: not possible in the subscription's current state`;
  if (wantsJson) return Response.json({ message: summary }, { status: deliveries ? 200 : 409 });
  // Relative: the request's own URL names the listening address, not the site the tester uses.
  const back = `${SANDBOX_PATH}?done=${encodeURIComponent(summary)}`;
  return new Response(null, { status: 303, headers: { Location: back, 'Cache-Control': 'no-store' } });
}

const orderForm = z.object({ order: z.string().regex(/^[A-Z0-9]{6,36}$/), action: z.literal('approve') });

/**
 * The stand-in SDK's approval of a one-off payment's order (./orders.ts): approved at once, and
 * CHECKOUT.ORDER.APPROVED follows, as PayPal sends it — so the page's confirm and the webhook race
 * to capture it, and the same PayPal-Request-Id makes it one capture whoever wins.
 */
async function approveOrder(fields: Record<string, string>, deliverTo: DeliverCallback): Promise<Response> {
  const parsed = orderForm.safeParse(fields);
  if (!parsed.success) return text('Bad request', 400, 'text/plain');
  const approved = await approveSandboxOrder(parsed.data.order);
  if (!approved)
    return Response.json({ message: 'approve: not possible in the order’s current state' }, { status: 409 });
  const body = event('CHECKOUT.ORDER.APPROVED', 'checkout-order', orderJson(approved), new Date());
  after(() => sendTo(deliverTo)([body]));
  return Response.json({ message: 'approve: webhooks follow' });
}
