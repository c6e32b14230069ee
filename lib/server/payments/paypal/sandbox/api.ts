import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { env } from '@/lib/server/env';
import { derivedKey } from '@/lib/server/session/secret';
import { SANDBOX_CLIENT, SANDBOX_WEBHOOK_ID } from './identity';
import type { DeliverCallback } from '@/lib/server/payments/gateway';
import { AUTH_ALGO, certUrl, signedMessage, verifyTransmission } from './signing';
import { createSandboxSubscription, findSandboxSubscription, sandboxPlan, subscriptionJson } from './store';

/**
 * The local sandbox's answer to PayPal's REST API (never in production): the OAuth token, the
 * subscription create (the stand-in JS SDK's call), read and cancel, a sale's refund, the Orders v2
 * calls of one-off payments (./orders-api.ts), and verify-webhook-signature. It is a fetch-shaped function, so the site's PayPal client runs
 * unchanged against it — in-process, because no gateway can reach a developer's localhost. The
 * webhooks PayPal sends after a cancel or a refund go to `deliver`, the site's callback path, as
 * every sandbox's callbacks do. The same function also answers HTTP at
 * /api/payments/paypal/sandbox/api/… for the browser.
 */
const accessToken = () =>
  `A21SB.${createHmac('sha256', derivedKey('paypal-sandbox')).update('access-token').digest('base64url')}`;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const paypalError = (status: number, name: string, message: string) => reply(status, { name, message });

const createBody = z.object({
  plan_id: z.string().max(64),
  quantity: z.union([z.string().regex(/^\d{1,4}$/), z.number().int()]).optional(),
  custom_id: z.string().max(127),
  start_time: z.iso.datetime().optional(),
});

const verifyBody = z.object({
  auth_algo: z.string(),
  cert_url: z.string(),
  transmission_id: z.string(),
  transmission_sig: z.string(),
  transmission_time: z.string(),
  webhook_id: z.string(),
  webhook_event: z.unknown(),
});

const refundBody = z.object({
  amount: z.object({ total: z.string().regex(/^\d{1,7}\.\d{2}$/), currency: z.string() }).optional(),
});

export async function sandboxTransport(url: string, init: RequestInit, deliver: DeliverCallback): Promise<Response> {
  const { pathname } = new URL(url, env().SITE_URL);
  // Links point at SITE_URL: the URL this was called with may name the listening address.
  const origin = env().SITE_URL;
  const path = pathname.slice(pathname.search(/\/v[12]\//));
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  const body = typeof init.body === 'string' ? init.body : '';

  if (method === 'POST' && path === '/v1/oauth2/token') {
    const basic = `Basic ${Buffer.from(`${SANDBOX_CLIENT.id}:${SANDBOX_CLIENT.secret}`).toString('base64')}`;
    if (!same(headers.get('authorization') ?? '', basic))
      return paypalError(401, 'invalid_client', 'Client Authentication failed');
    return reply(200, { access_token: accessToken(), token_type: 'Bearer', expires_in: 32_400 });
  }

  // The stand-in JS SDK creates subscriptions from the browser with the client id, as PayPal's does.
  if (method === 'POST' && path === '/v1/billing/subscriptions') {
    if (headers.get('paypal-client-id') !== SANDBOX_CLIENT.id)
      return paypalError(401, 'AUTHENTICATION_FAILURE', 'Unknown client');
    const parsed = createBody.safeParse(safeJson(body));
    const quantity = Number(parsed.data?.quantity ?? 1);
    if (!parsed.success || !sandboxPlan(parsed.data.plan_id) || !(quantity >= 1)) {
      return paypalError(422, 'UNPROCESSABLE_ENTITY', 'The plan or quantity is not valid');
    }
    const created = await createSandboxSubscription({
      planId: parsed.data.plan_id,
      quantity,
      customId: parsed.data.custom_id,
      startTime: parsed.data.start_time ? new Date(parsed.data.start_time) : null,
    });
    return reply(201, subscriptionJson(created, origin));
  }

  if (!same(headers.get('authorization') ?? '', `Bearer ${accessToken()}`)) {
    return paypalError(401, 'invalid_token', 'Access Token not found in cache');
  }

  const read = /^\/v1\/billing\/subscriptions\/([A-Za-z0-9-]{1,64})$/.exec(path);
  if (method === 'GET' && read) {
    const subscription = await findSandboxSubscription(read[1]!);
    return subscription
      ? reply(200, subscriptionJson(subscription, origin))
      : paypalError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
  }

  const cancel = /^\/v1\/billing\/subscriptions\/([A-Za-z0-9-]{1,64})\/cancel$/.exec(path);
  if (method === 'POST' && cancel) {
    const subscription = await findSandboxSubscription(cancel[1]!);
    if (!subscription) return paypalError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
    if (subscription.status === 'CANCELLED')
      return paypalError(422, 'UNPROCESSABLE_ENTITY', 'SUBSCRIPTION_STATUS_INVALID');
    // As PayPal does: the subscription is cancelled now and BILLING.SUBSCRIPTION.CANCELLED follows.
    const { playSandboxAction, sendTo } = await import('./player');
    await playSandboxAction(subscription.id, 'cancel', new Date(), sendTo(deliver));
    return new Response(null, { status: 204 });
  }

  // Orders v2 and captures: the one-off payments of query packs (./orders.ts).
  if (path.startsWith('/v2/'))
    return (await import('./orders-api')).sandboxOrdersApi(method, path, headers, body, deliver);

  const refund = /^\/v1\/payments\/sale\/([A-Za-z0-9]{1,64})\/refund$/.exec(path);
  if (method === 'POST' && refund) {
    const parsed = refundBody.safeParse(safeJson(body));
    if (!parsed.success) return paypalError(400, 'VALIDATION_ERROR', 'Invalid request');
    const cents = parsed.data.amount ? Math.round(Number(parsed.data.amount.total) * 100) : null;
    const { refundSandboxSale } = await import('./sales');
    const made = await refundSandboxSale(refund[1]!, cents, headers.get('paypal-request-id'));
    if (!made.ok) return paypalError(made.status, made.name, made.message);
    if (!made.repeated) {
      // As PayPal does: PAYMENT.SALE.REFUNDED follows the refund.
      const { saleRefunded, sendTo } = await import('./player');
      await sendTo(deliver)([saleRefunded(made.sale, made.refund, new Date())]);
    }
    return reply(201, {
      id: made.refund.id,
      state: 'completed',
      amount: { total: (made.refund.cents / 100).toFixed(2), currency: made.sale.currency },
      sale_id: made.sale.id,
    });
  }

  if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
    const parsed = verifyBody.safeParse(safeJson(body));
    if (!parsed.success) return paypalError(400, 'VALIDATION_ERROR', 'Invalid request');
    const fields = parsed.data;
    // PayPal checks the event's raw bytes; the site sends them spliced in last, so take them back out.
    const marker = body.lastIndexOf('"webhook_event":');
    const rawEvent =
      marker >= 0 ? body.slice(marker + '"webhook_event":'.length, -1) : JSON.stringify(fields.webhook_event);
    const genuine =
      fields.auth_algo === AUTH_ALGO &&
      fields.cert_url === certUrl() &&
      fields.webhook_id === SANDBOX_WEBHOOK_ID &&
      verifyTransmission(
        signedMessage(fields.transmission_id, fields.transmission_time, fields.webhook_id, rawEvent),
        fields.transmission_sig,
      );
    return reply(200, { verification_status: genuine ? 'SUCCESS' : 'FAILURE' });
  }

  return paypalError(404, 'NOT_FOUND', 'No such sandbox endpoint');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
