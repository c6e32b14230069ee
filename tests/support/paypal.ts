import { NextRequest } from 'next/server';
import { POST as checkoutRoute } from '@/app/api/checkout/route';
import { POST as confirmRoute } from '@/app/api/payments/paypal/confirm/route';
import { POST as webhookRoute } from '@/app/api/payments/paypal/webhook/route';
import { paypalConfig } from '@/lib/server/payments/paypal/config';
import { sandboxTransport } from '@/lib/server/payments/paypal/sandbox/api';
import { playSandboxAction, signedHeaders } from '@/lib/server/payments/paypal/sandbox/player';
import type { DeliverCallback } from '@/lib/server/payments/gateway';
import { sessionCookie, type alice, type bob, type carol } from './money';

/** PayPal's half of a test as the browser, PayPal and its webhooks would play it, against the local sandbox. */
export const origin = 'http://localhost:3000';
let ip = 0;

export function post(handler: (r: NextRequest) => Promise<Response>, path: string, body: string, headers: HeadersInit) {
  ip += 1;
  return handler(
    new NextRequest(`${origin}${path}`, {
      method: 'POST',
      headers: {
        'x-forwarded-for': `10.1.${Math.floor(ip / 250)}.${ip % 250}`,
        ...Object.fromEntries(new Headers(headers)),
      },
      body,
    }),
  );
}

/** Checkout and confirm answers, loosely: each test reads the fields its case has. */
export interface Answer {
  kind: string;
  params: { planId: string; quantity: number; customId: string; startTime?: string };
  redirectUrl: string;
  error: { code: string; message: string };
}

export type Subject = typeof alice | typeof bob | typeof carol;
export const json = { 'content-type': 'application/json', origin };

export async function checkout(subject: Subject, selection: Record<string, unknown>) {
  const response = await post(checkoutRoute, '/api/checkout', JSON.stringify(selection), {
    ...json,
    cookie: await sessionCookie(subject),
    'idempotency-key': `test-${crypto.randomUUID()}`,
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

export async function confirm(subject: Subject, orderId: string, subscriptionId: string) {
  const response = await post(
    confirmRoute,
    '/api/payments/paypal/confirm',
    JSON.stringify({ orderId, subscriptionId }),
    {
      ...json,
      cookie: await sessionCookie(subject),
    },
  );
  return { status: response.status, body: (await response.json()) as Answer };
}

export async function webhook(raw: string, headers: Headers = signedHeaders(raw)) {
  const response = await post(webhookRoute, '/api/payments/paypal/webhook', raw, headers);
  return { status: response.status, body: (await response.json()) as { outcome: string } };
}

/** A create sends no webhook: a test that makes the stand-in send one says so. */
export const noWebhookExpected: DeliverCallback = () => Promise.reject(new Error('the sandbox sent a webhook'));

/** What the buttons do in the browser: create the subscription at (sandbox) PayPal with the checkout's parameters. */
export async function createSubscription(params: {
  planId: string;
  quantity: number;
  customId: string;
  startTime?: string;
}) {
  const body = {
    plan_id: params.planId,
    quantity: String(params.quantity),
    custom_id: params.customId,
    ...(params.startTime ? { start_time: params.startTime } : {}),
  };
  const response = await sandboxTransport(
    `${origin}/api/payments/paypal/sandbox/api/v1/billing/subscriptions`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'paypal-client-id': paypalConfig()!.clientId },
      body: JSON.stringify(body),
    },
    noWebhookExpected,
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Plays a sandbox action and returns the webhook bodies PayPal would send, without sending them. */
export async function play(id: string, action: 'approve' | 'renew' | 'fail' | 'cancel' | 'resend') {
  let bodies: string[] = [];
  const played = await playSandboxAction(id, action, new Date(), async (b) => {
    bodies = b;
    return [];
  });
  expect(played).not.toBeNull();
  return bodies;
}
