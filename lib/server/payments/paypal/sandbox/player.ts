import 'server-only';
import { env } from '@/lib/server/env';
import type { DeliverCallback } from '@/lib/server/payments/gateway';
import { SANDBOX_WEBHOOK_ID, WEBHOOK_PATH } from './identity';
import { AUTH_ALGO, certUrl, signedMessage, signTransmission } from './signing';
import {
  findSandboxSubscription,
  sandboxId,
  sandboxPlan,
  startsLater,
  updateSandboxSubscription,
  type SandboxSubscription,
} from './store';
import {
  latestSandboxSale,
  recordSandboxSale,
  refundSandboxSale,
  type SandboxSale,
  type SandboxSaleRefund,
} from './sales';

/**
 * What the tester (or the stand-in SDK's approval dialog) makes the sandbox do, and the webhooks
 * PayPal would send for it — signed with the sandbox key and handed to the site's callback path
 * (the `deliver` function every sandbox is given), whose handler verifies them with the sandbox API
 * exactly as it verifies PayPal's.
 */
export const sandboxActions = ['approve', 'renew', 'fail', 'cancel', 'resend', 'refund'] as const;
export type SandboxAction = (typeof sandboxActions)[number];

export interface Delivery {
  type: string;
  reply: { status: number; outcome: string };
}

/** A signed delivery of `rawBody`, as PayPal's headers carry it. */
export function signedHeaders(rawBody: string, now = new Date()): Headers {
  const transmissionId = crypto.randomUUID();
  const transmissionTime = now.toISOString();
  return new Headers({
    'content-type': 'application/json',
    'paypal-auth-algo': AUTH_ALGO,
    'paypal-cert-url': certUrl(),
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-time': transmissionTime,
    'paypal-transmission-sig': signTransmission(
      signedMessage(transmissionId, transmissionTime, SANDBOX_WEBHOOK_ID, rawBody),
    ),
  });
}

/** Delivers events one after another through `deliver`, in the order PayPal sent them. */
export function sendTo(deliver: DeliverCallback): (bodies: string[]) => Promise<Delivery[]> {
  return async (bodies) => {
    const deliveries: Delivery[] = [];
    for (const body of bodies) {
      const reply = await deliver({
        method: 'POST',
        url: new URL(`${env().SITE_URL}${WEBHOOK_PATH}`),
        headers: signedHeaders(body),
        rawBody: body,
      });
      const outcome = (reply.json as { outcome?: unknown } | undefined)?.outcome;
      deliveries.push({
        type: (JSON.parse(body) as { event_type: string }).event_type,
        reply: { status: reply.status, outcome: typeof outcome === 'string' ? outcome : '' },
      });
    }
    return deliveries;
  };
}

/** A webhook body as PayPal sends it: an envelope with a fresh event id around the resource. */
export function event(type: string, resourceType: string, resource: Record<string, unknown>, now: Date): string {
  return JSON.stringify({
    id: sandboxId('WH-', 17),
    event_version: '1.0',
    create_time: now.toISOString(),
    resource_type: resourceType,
    event_type: type,
    summary: `Sandbox ${type}`,
    resource,
  });
}

function saleCompleted(subscription: SandboxSubscription, now: Date): string {
  const cents = (sandboxPlan(subscription.planId)?.unitCents ?? 0) * subscription.quantity;
  return event(
    'PAYMENT.SALE.COMPLETED',
    'sale',
    {
      id: sandboxId('', 17),
      state: 'completed',
      amount: { total: (cents / 100).toFixed(2), currency: 'USD' },
      billing_agreement_id: subscription.id,
      custom: subscription.customId,
      create_time: now.toISOString(),
    },
    now,
  );
}

/** PAYMENT.SALE.REFUNDED for one refund of a sale, as PayPal sends it. */
export function saleRefunded(sale: SandboxSale, refund: SandboxSaleRefund, now: Date): string {
  return event(
    'PAYMENT.SALE.REFUNDED',
    'refund',
    {
      id: refund.id,
      state: 'completed',
      amount: { total: (refund.cents / 100).toFixed(2), currency: sale.currency },
      sale_id: sale.id,
      create_time: now.toISOString(),
    },
    now,
  );
}

/** Remembers each sale a batch of webhooks reports, so PayPal's refund API can find it. */
async function recordSales(bodies: string[], subscriptionId: string): Promise<void> {
  for (const body of bodies) {
    const parsed = JSON.parse(body) as {
      event_type: string;
      resource: { id: string; amount: { total: string; currency: string } };
    };
    if (parsed.event_type !== 'PAYMENT.SALE.COMPLETED') continue;
    await recordSandboxSale({
      id: parsed.resource.id,
      subscriptionId,
      cents: Math.round(Number(parsed.resource.amount.total) * 100),
      currency: parsed.resource.amount.currency,
    });
  }
}

const subscriptionEvent = (type: string, subscription: SandboxSubscription, now: Date) =>
  event(
    type,
    'subscription',
    {
      id: subscription.id,
      status: subscription.status,
      plan_id: subscription.planId,
      custom_id: subscription.customId,
      quantity: String(subscription.quantity),
    },
    now,
  );

/**
 * Plays one action: changes the sandbox's subscription as PayPal would, then sends the webhooks
 * for it (each remembered, so "resend" can deliver the very same event again). Null when the
 * action makes no sense in the subscription's state (renewing a cancelled one, say).
 */
export async function playSandboxAction(
  id: string,
  action: SandboxAction,
  now: Date,
  send: (bodies: string[]) => Promise<Delivery[]>,
): Promise<Delivery[] | null> {
  if (action === 'refund') {
    // Refunded in PayPal's own console: the site hears of it only by the webhook.
    const sale = await latestSandboxSale(id);
    const refunded = sale ? await refundSandboxSale(sale.id, null, null) : null;
    if (!refunded?.ok) return null;
    return send([saleRefunded(refunded.sale, refunded.refund, now)]);
  }
  if (action === 'resend') {
    const subscription = await findSandboxSubscription(id);
    if (!subscription?.lastWebhook) return null;
    return send([subscription.lastWebhook.body]);
  }
  const bodies: string[] = [];
  const updated = await updateSandboxSubscription(id, (current) => {
    switch (action) {
      case 'approve': {
        if (current.status !== 'APPROVAL_PENDING') return null;
        // PayPal takes the first payment when the buyer approves, unless the subscription starts later
        // (then the console's "renewal" plays the first charge when it is due).
        const first = startsLater(current, now) ? 0 : 1;
        const next = { ...current, status: 'ACTIVE' as const, cyclesCompleted: first };
        bodies.push(subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', next, now));
        if (first) bodies.push(saleCompleted(next, now));
        return { status: next.status, cyclesCompleted: first, lastWebhook: last(bodies) };
      }
      case 'renew': {
        if (current.status !== 'ACTIVE') return null;
        bodies.push(saleCompleted(current, now));
        return { cyclesCompleted: current.cyclesCompleted + 1, lastWebhook: last(bodies) };
      }
      case 'fail': {
        if (current.status !== 'ACTIVE') return null;
        bodies.push(subscriptionEvent('BILLING.SUBSCRIPTION.PAYMENT.FAILED', current, now));
        return { failedPayments: current.failedPayments + 1, lastWebhook: last(bodies) };
      }
      case 'cancel': {
        if (current.status === 'CANCELLED') return null;
        const next = { ...current, status: 'CANCELLED' as const };
        bodies.push(subscriptionEvent('BILLING.SUBSCRIPTION.CANCELLED', next, now));
        return { status: next.status, lastWebhook: last(bodies) };
      }
    }
  });
  if (!updated) return null;
  await recordSales(bodies, id);
  return send(bodies);
}

const last = (bodies: string[]) => {
  const body = bodies.at(-1)!;
  return { body, type: (JSON.parse(body) as { event_type: string }).event_type };
};
