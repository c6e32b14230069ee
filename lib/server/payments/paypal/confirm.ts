import 'server-only';
import { z } from 'zod';
import { localizedPath } from '@/lib/i18n/locales';
import { ledgerSql } from '@/lib/server/db';
import type { Subject } from '@/lib/server/directory';
import { findOrder } from '@/lib/server/ledger/orders';
import { payResultQuery } from '@/lib/shared/pay-result';
import type { CheckoutErrorCode } from '@/lib/shared/checkout';
import { log } from '@/lib/server/observability/log';
import { paypalClient, type PaypalClient } from './client';
import { paypalConfig } from './config';
import { paypalOffer } from './offer';
import { bindToOrder, subscriptionMismatch, syncSubscription } from './subscription';
import { captureVerdict, settleVerdict } from './one-off';
import { paypalOrdersClient, paypalResourceId } from './orders-api';
import { isPlanOrder, type Order } from '@/lib/server/ledger/types';
import { grantDeliveryFinished } from '@/lib/server/payments/outbox-delivery';
import { storedOrderResult } from '@/lib/server/payments/stored-result';

/**
 * POST /api/payments/paypal/confirm: the buttons' onApprove, `{orderId, subscriptionId}` for a
 * plan's subscription, `{orderId, paypalOrderId}` for a one-off payment (query packs).
 */
const ourOrderId = z.string().regex(/^[a-f0-9]{32}$/);
export const confirmRequest = z.union([
  z.object({ orderId: ourOrderId, subscriptionId: z.string().min(1).max(64) }),
  z.object({ orderId: ourOrderId, paypalOrderId: paypalResourceId }),
]);

export type ConfirmResult =
  | { ok: true; redirectUrl: string }
  /** `gateway`: PayPal's name, for the message that says who did not confirm. */
  | { ok: false; code: CheckoutErrorCode; gateway?: string };

const notConfirmed = { ok: false, code: 'payment_not_confirmed', gateway: paypalOffer.name } as const;

/**
 * The pay page's onApprove: the buttons only prove a click, so the subscription is
 * read from PayPal and must be this session's PayPal order — its custom id, plan and quantity —
 * before it is bound to the order and its payments settled. The webhook may have done all of it
 * already; then this changes nothing and reports the stored state.
 */
export async function confirmPaypalSubscription(
  subject: Subject,
  input: z.infer<typeof confirmRequest>,
  now: Date,
  client?: PaypalClient,
): Promise<ConfirmResult> {
  const config = paypalConfig();
  if (!config) return { ok: false, code: 'gateway_unavailable' };
  const sql = await ledgerSql();
  const order = await findOrder(sql, input.orderId);
  // Someone else's order and no order at all look the same from outside.
  if (
    !order ||
    order.gateway !== 'paypal' ||
    order.platform !== subject.platform ||
    order.userId !== subject.userId ||
    (order.subscriptionCycle ?? 1) !== 1
  ) {
    return notConfirmed;
  }
  if (!isPlanOrder(order) || !('subscriptionId' in input)) return confirmOneOff(order, input, now);

  const subscription = await (client ?? paypalClient(config)).getSubscription(input.subscriptionId);
  const mismatch = subscription ? subscriptionMismatch(order, subscription, config) : 'not found';
  if (!subscription || mismatch) {
    log().warn(
      { gateway: 'paypal', order: order.id, subscription: input.subscriptionId, mismatch },
      'paypal confirm refused',
    );
    return notConfirmed;
  }
  if ((await bindToOrder(order, subscription, now)) === 'conflict') {
    log().warn(
      { gateway: 'paypal', order: order.id, subscription: subscription.id },
      'paypal confirm refused: bound elsewhere',
    );
    return notConfirmed;
  }
  // APPROVED / APPROVAL_PENDING: not paid yet — the order stays pending and the page says
  // "processing" until the webhook (or reconciliation) sees the first payment.
  const { paidNow } = await syncSubscription(order, subscription, 'confirm', now);
  log().info(
    { gateway: 'paypal', order: order.id, subscription: subscription.id, status: subscription.status, paidNow },
    'paypal confirm',
  );

  // The payer is waiting on this answer (not PayPal): let the grant land first, so it reads success.
  if (paidNow > 0) await grantDeliveryFinished(order.id);
  return storedResult(order);
}

/** The result page of the order as stored now: what the payer reads on every reload of it too. */
async function storedResult(order: Order): Promise<ConfirmResult> {
  const sql = await ledgerSql();
  const stored = (await findOrder(sql, order.id)) ?? order;
  return {
    ok: true,
    // A first charge PayPal refused reads as its decline, as on every later reload of the result.
    redirectUrl: `${localizedPath(order.locale, '/pay')}${payResultQuery(await storedOrderResult(sql, stored), order.id)}`,
  };
}

/**
 * A one-off payment's onApprove (./one-off.ts): the PayPal order must be the one begin created for
 * this order; it is captured (with the order's own PayPal-Request-Id, so a webhook capturing it at
 * the same moment takes the money no second time) and settled at what PayPal captured. A capture
 * PayPal still holds leaves the order pending: the page says "processing" until the webhook or
 * reconciliation settles it.
 */
async function confirmOneOff(order: Order, input: z.infer<typeof confirmRequest>, now: Date): Promise<ConfirmResult> {
  const config = paypalConfig();
  if (!config) return { ok: false, code: 'gateway_unavailable' };
  if (
    isPlanOrder(order) ||
    !('paypalOrderId' in input) ||
    !order.gatewayRef ||
    input.paypalOrderId !== order.gatewayRef
  )
    return notConfirmed;
  // Settled already (the webhook was first, or a second click): nothing to capture, the result is stored.
  if (order.status !== 'pending') return storedResult(order);
  const settled = await settleVerdict(await captureVerdict(order, paypalOrdersClient(config), 'confirm'), now);
  log().info({ gateway: 'paypal', order: order.id, paypalOrder: order.gatewayRef, settled }, 'paypal confirm');
  if (settled.kind === 'mismatch') return notConfirmed;
  if (settled.kind === 'settled' && settled.outcome === 'paid') await grantDeliveryFinished(order.id);
  return storedResult(order);
}
