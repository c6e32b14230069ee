import 'server-only';
import { z } from 'zod';
import { isPack } from '@/lib/pricing/catalogue';
import { ledgerSql } from '@/lib/server/db';
import { findOrder, isOrderId } from '@/lib/server/ledger/orders';
import { orderOfTransaction } from '@/lib/server/ledger/payment-events';
import type { Order } from '@/lib/server/ledger/types';
import { recordReportedRefund } from '@/lib/server/payments/refunds/reported';
import type { PaypalConfig } from './config';
import { captureVerdict, readVerdict, settleVerdict, type PackSettlement } from './one-off';
import { paypalOrdersClient, type PaypalOrdersClient } from './orders-api';
import { toMinorUnits } from './subscription';

/*
 * The webhooks of one-off payments (./one-off.ts): each only says which order to look at. The
 * order is then read from PayPal (and captured when it waits approved), never settled from the
 * event's body: events arrive late, twice and out of order, and the body of a delivery is not
 * PayPal's record of the money.
 */

const money = z.object({ currency_code: z.string().max(3), value: z.string().max(32) });
const relatedIds = z
  .object({
    related_ids: z
      .object({ order_id: z.string().max(64).optional(), capture_id: z.string().max(64).optional() })
      .optional(),
  })
  .optional();
/** A capture or a refund (PAYMENT.CAPTURE.*): the ids that lead to our order, and a refund's amount. */
const paymentResource = z.object({
  id: z.string().max(64),
  custom_id: z.string().max(127).optional(),
  invoice_id: z.string().max(127).optional(),
  amount: money.optional(),
  supplementary_data: relatedIds,
  links: z
    .array(z.object({ href: z.string().max(2048), rel: z.string().max(40) }))
    .max(20)
    .optional(),
});
/** An order (CHECKOUT.ORDER.*): its id and the custom id we gave it. */
const orderResource = z.object({
  id: z.string().max(64),
  purchase_units: z
    .array(z.object({ custom_id: z.string().max(127).optional() }))
    .max(10)
    .optional(),
});

export const oneOffEvent = (type: string) => type.startsWith('CHECKOUT.ORDER.') || type.startsWith('PAYMENT.CAPTURE.');

interface Event {
  id: string;
  event_type: string;
  resource: Record<string, unknown>;
}

export async function onOneOffEvent(
  event: Event,
  config: PaypalConfig,
  now: Date,
  client?: PaypalOrdersClient,
): Promise<string> {
  const paypal = client ?? paypalOrdersClient(config);
  const type = event.event_type;
  if (type === 'CHECKOUT.ORDER.APPROVED' || type === 'CHECKOUT.ORDER.COMPLETED') {
    const resource = orderResource.safeParse(event.resource);
    if (!resource.success) return 'ignored_unreadable_resource';
    const order = await packOrder(resource.data.purchase_units?.[0]?.custom_id, resource.data.id);
    if (typeof order === 'string') return order;
    // Approved: the payer may have closed the page before onApprove ran, so the capture is ours to make.
    if (order.status !== 'pending') return `order_${order.status}`;
    const verdict =
      type === 'CHECKOUT.ORDER.APPROVED'
        ? await captureVerdict(order, paypal, 'webhook')
        : await readVerdict(order, paypal, 'webhook');
    return described(await settleVerdict(verdict, now));
  }
  const resource = paymentResource.safeParse(event.resource);
  if (!resource.success) return 'ignored_unreadable_resource';
  if (type === 'PAYMENT.CAPTURE.REFUNDED' || type === 'PAYMENT.CAPTURE.REVERSED') {
    return onMoneyReturned(event, resource.data, now);
  }
  if (
    type === 'PAYMENT.CAPTURE.COMPLETED' ||
    type === 'PAYMENT.CAPTURE.DENIED' ||
    type === 'PAYMENT.CAPTURE.DECLINED' ||
    type === 'PAYMENT.CAPTURE.PENDING'
  ) {
    const { custom_id, invoice_id, supplementary_data } = resource.data;
    const order = await packOrder(custom_id ?? invoice_id, supplementary_data?.related_ids?.order_id, paypal);
    if (typeof order === 'string') return order;
    return described(await settleVerdict(await readVerdict(order, paypal, 'webhook'), now));
  }
  return 'ignored_event_type';
}

const described = (settled: PackSettlement) =>
  settled.kind === 'settled'
    ? `capture:${settled.outcome}`
    : settled.kind === 'pending'
      ? 'capture:pending'
      : `order_mismatch:${settled.reason}`;

/**
 * Our pack order an event is about: the custom id we gave PayPal, or — when the event carries none
 * — the custom id of the PayPal order it names, read from PayPal. Either way its stored gatewayRef
 * must be that PayPal order, when the event names one.
 */
async function packOrder(
  customId: string | undefined,
  paypalOrderId: string | undefined,
  paypal?: PaypalOrdersClient,
): Promise<Order | string> {
  let ours = customId;
  if (ours === undefined && paypalOrderId && paypal)
    ours = (await paypal.getOrder(paypalOrderId))?.purchase_units[0]?.custom_id;
  if (!ours || !isOrderId(ours)) return 'unknown_order';
  const order = await findOrder(await ledgerSql(), ours);
  if (!order || order.gateway !== 'paypal' || !isPack(order.plan) || !order.gatewayRef) return 'unknown_order';
  if (paypalOrderId !== undefined && paypalOrderId !== order.gatewayRef) return 'order_mismatch:paypal_order';
  return order;
}

/** The capture a refund names: PayPal links it as the refund's `up`. */
function refundedCapture(resource: z.infer<typeof paymentResource>): string | null {
  const up = resource.links?.find((link) => link.rel === 'up')?.href ?? '';
  return (
    /\/v2\/payments\/captures\/([A-Z0-9]{1,36})$/.exec(up)?.[1] ??
    resource.supplementary_data?.related_ids?.capture_id ??
    null
  );
}

/**
 * A refund or a reversal (a chargeback) of a pack's capture, made here or in PayPal's dashboard:
 * recorded once by its id (ours is recognised by it, or by its amount while ours is in flight), and
 * the packs' queries follow (payments/refunds/). Another currency than the order's goes to a person.
 */
async function onMoneyReturned(event: Event, resource: z.infer<typeof paymentResource>, now: Date): Promise<string> {
  const sql = await ledgerSql();
  const capture = refundedCapture(resource);
  const ours =
    resource.custom_id ?? resource.invoice_id ?? (capture ? await orderOfTransaction(sql, 'paypal', capture) : null);
  if (!ours || !isOrderId(ours)) return 'unknown_order';
  const order = await findOrder(sql, ours);
  if (!order || order.gateway !== 'paypal' || !isPack(order.plan)) return 'unknown_order';
  const reversal = event.event_type === 'PAYMENT.CAPTURE.REVERSED';
  // PayPal may write a reversal's amount as negative: the money returned is its size.
  const value = resource.amount?.value.replace(/^-/, '');
  const cents =
    resource.amount && value && resource.amount.currency_code === order.currency
      ? toMinorUnits(value, order.currency)
      : -1;
  const outcome = await recordReportedRefund({
    orderId: order.id,
    gateway: 'paypal',
    reported: {
      gatewayRef: reversal && resource.id === capture ? `reversal:${event.id}` : resource.id,
      amount: cents,
      requestId: null,
    },
    reason: reversal ? 'reversed at PayPal (a chargeback)' : 'refunded at PayPal',
    now,
  });
  return `refund_${outcome}:order=${order.id}`;
}
