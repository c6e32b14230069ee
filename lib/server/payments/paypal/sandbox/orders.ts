import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { env } from '@/lib/server/env';
import { ledgerSql } from '@/lib/server/db';
import { findSandboxPayment, insertSandboxPayment, readSandboxPayment } from '@/lib/server/payments/sandbox/store';
import { sandboxId } from './store';

/**
 * The PayPal stand-in's Orders v2 and captures (never used in production): the orders the site
 * creates for query packs, their approval in the stand-in SDK's dialog, their capture and the
 * capture's refunds — with PayPal's idempotency (the same PayPal-Request-Id returns what it made
 * first) and its refusals (a second capture is 422 ORDER_ALREADY_CAPTURED).
 */
const ORDERS = 'paypal-sandbox-orders';

export interface SandboxRefund {
  id: string;
  requestId: string | null;
  cents: number;
}

export interface SandboxOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  cents: number;
  currency: string;
  customId: string;
  invoiceId: string;
  description: string;
  capture: { id: string; requestId: string | null; refunds: SandboxRefund[] } | null;
  createdAt: string;
  updatedAt: string;
}

export const createOrderBody = z.object({
  intent: z.literal('CAPTURE'),
  purchase_units: z
    .array(
      z.object({
        amount: z.object({ currency_code: z.string().length(3), value: z.string().regex(/^\d{1,7}\.\d{2}$/) }),
        custom_id: z.string().max(127).optional(),
        invoice_id: z.string().max(127).optional(),
        description: z.string().max(127).optional(),
      }),
    )
    .length(1),
});

const cents = (value: string) => Math.round(Number(value) * 100);
const decimal = (minor: number) => (minor / 100).toFixed(2);

/** The same PayPal-Request-Id names the same order: its id is derived from it, so a repeat finds it. */
export async function createSandboxOrder(body: z.infer<typeof createOrderBody>, requestId: string | null) {
  const unit = body.purchase_units[0]!;
  const id = requestId
    ? createHash('sha256').update(`order:${requestId}`).digest('hex').slice(0, 17).toUpperCase()
    : sandboxId('', 17);
  const now = new Date().toISOString();
  const order: SandboxOrder = {
    id,
    status: 'CREATED',
    cents: cents(unit.amount.value),
    currency: unit.amount.currency_code,
    customId: unit.custom_id ?? '',
    invoiceId: unit.invoice_id ?? '',
    description: unit.description ?? '',
    capture: null,
    createdAt: now,
    updatedAt: now,
  };
  await insertSandboxPayment(ORDERS, id, order);
  return (await readSandboxPayment<SandboxOrder>(ORDERS, id))!;
}

export const findSandboxOrder = (id: string) => readSandboxPayment<SandboxOrder>(ORDERS, id);

async function orderOfCapture(captureId: string): Promise<SandboxOrder | null> {
  return (await findSandboxPayment<SandboxOrder>(ORDERS, ['capture', 'id'], captureId))?.payment ?? null;
}

/** Changes one order under its row's lock, so a capture racing another sees the first one's result. */
async function updateSandboxOrder<T>(
  id: string,
  change: (order: SandboxOrder) => { next: SandboxOrder | null; result: T },
): Promise<T | null> {
  const sql = await ledgerSql();
  return sql.transaction(async (tx) => {
    const rows = await tx.query<{ payment: SandboxOrder }>(
      'SELECT payment FROM gateway_sandbox WHERE gateway = $1 AND ref = $2 FOR UPDATE',
      [ORDERS, id],
    );
    const current = rows.rows[0]?.payment;
    if (!current) return null;
    const { next, result } = change(current);
    if (next) {
      await tx.query('UPDATE gateway_sandbox SET payment = $3, updated_at = now() WHERE gateway = $1 AND ref = $2', [
        ORDERS,
        id,
        JSON.stringify({ ...next, updatedAt: new Date().toISOString() }),
      ]);
    }
    return result;
  });
}

/** The payer approved it in the stand-in SDK's dialog; false when it is not waiting for approval. */
export async function approveSandboxOrder(id: string): Promise<SandboxOrder | null> {
  return updateSandboxOrder(id, (order) =>
    order.status === 'CREATED'
      ? { next: { ...order, status: 'APPROVED' }, result: { ...order, status: 'APPROVED' as const } }
      : { next: null, result: null },
  ).then((order) => order ?? null);
}

export type Failure = { ok: false; status: number; name: string; issue: string; message: string };
const failure = (status: number, name: string, issue: string, message: string): Failure => ({
  ok: false,
  status,
  name,
  issue,
  message,
});
const notFound = () =>
  failure(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');

type Captured = { ok: true; order: SandboxOrder; repeated: boolean };
type Refunded = { ok: true; order: SandboxOrder; refund: SandboxRefund; repeated: boolean };

/**
 * Captures an approved order, as PayPal does: the same PayPal-Request-Id again returns the capture
 * it made (`repeated`); a second capture is ORDER_ALREADY_CAPTURED; one not approved, ORDER_NOT_APPROVED.
 */
export async function captureSandboxOrder(id: string, requestId: string | null): Promise<Captured | Failure> {
  const result = await updateSandboxOrder<Captured | Failure>(id, (order) => {
    if (order.capture) {
      if (requestId && order.capture.requestId === requestId)
        return { next: null, result: { ok: true as const, order, repeated: true } };
      return {
        next: null,
        result: failure(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.'),
      };
    }
    if (order.status !== 'APPROVED') {
      return {
        next: null,
        result: failure(
          422,
          'UNPROCESSABLE_ENTITY',
          'ORDER_NOT_APPROVED',
          'Payer has not yet approved the Order for payment.',
        ),
      };
    }
    const next: SandboxOrder = {
      ...order,
      status: 'COMPLETED',
      capture: { id: sandboxId('', 17), requestId, refunds: [] },
    };
    return { next, result: { ok: true as const, order: next, repeated: false } };
  });
  return result ?? notFound();
}

/**
 * Refunds `amount` of a capture (null: what is left), as PayPal does: the same PayPal-Request-Id
 * returns the refund it made; more than is left is refused.
 */
export async function refundSandboxCapture(
  captureId: string,
  amount: number | null,
  requestId: string | null,
): Promise<Refunded | Failure> {
  const found = await orderOfCapture(captureId);
  if (!found) return notFound();
  const result = await updateSandboxOrder<Refunded | Failure>(found.id, (order) => {
    const capture = order.capture;
    if (!capture) return { next: null, result: notFound() };
    const earlier = requestId ? capture.refunds.find((r) => r.requestId === requestId) : undefined;
    if (earlier) return { next: null, result: { ok: true as const, order, refund: earlier, repeated: true } };
    const left = order.cents - capture.refunds.reduce((sum, r) => sum + r.cents, 0);
    if (left <= 0)
      return {
        next: null,
        result: failure(
          422,
          'UNPROCESSABLE_ENTITY',
          'CAPTURE_FULLY_REFUNDED',
          'The capture has already been fully refunded.',
        ),
      };
    const cents = amount ?? left;
    if (cents <= 0 || cents > left) {
      return {
        next: null,
        result: failure(
          422,
          'UNPROCESSABLE_ENTITY',
          'REFUND_AMOUNT_EXCEEDED',
          'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        ),
      };
    }
    const refund: SandboxRefund = { id: sandboxId('', 17), requestId, cents };
    const next = { ...order, capture: { ...capture, refunds: [...capture.refunds, refund] } };
    return { next, result: { ok: true as const, order: next, refund, repeated: false } };
  });
  return result ?? notFound();
}

const captureStatus = (order: SandboxOrder) => {
  const refunded = order.capture?.refunds.reduce((sum, r) => sum + r.cents, 0) ?? 0;
  return refunded === 0 ? 'COMPLETED' : refunded >= order.cents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
};

/** A capture as PayPal's API and its PAYMENT.CAPTURE.* events show it. */
export function captureJson(order: SandboxOrder) {
  const capture = order.capture!;
  return {
    id: capture.id,
    status: captureStatus(order),
    amount: { currency_code: order.currency, value: decimal(order.cents) },
    final_capture: true,
    custom_id: order.customId,
    invoice_id: order.invoiceId,
    supplementary_data: { related_ids: { order_id: order.id } },
    create_time: order.updatedAt,
    links: [{ href: `${api()}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' }],
  };
}

/** A refund as PayPal's API and its PAYMENT.CAPTURE.REFUNDED event show it. */
export function refundJson(order: SandboxOrder, refund: SandboxRefund) {
  return {
    id: refund.id,
    status: 'COMPLETED',
    amount: { currency_code: order.currency, value: decimal(refund.cents) },
    custom_id: order.customId,
    invoice_id: order.invoiceId,
    links: [{ href: `${api()}/v2/payments/captures/${order.capture!.id}`, rel: 'up', method: 'GET' }],
  };
}

/** GET /v2/checkout/orders/{id}, the fields PayPal shows. */
export function orderJson(order: SandboxOrder) {
  return {
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    purchase_units: [
      {
        reference_id: 'default',
        amount: { currency_code: order.currency, value: decimal(order.cents) },
        custom_id: order.customId,
        invoice_id: order.invoiceId,
        description: order.description,
        ...(order.capture ? { payments: { captures: [captureJson(order)] } } : {}),
      },
    ],
    create_time: order.createdAt,
    links: [
      { href: `${api()}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ...(order.status === 'CREATED'
        ? [{ href: `${env().SITE_URL}/api/payments/paypal/sandbox?order=${order.id}`, rel: 'approve', method: 'GET' }]
        : []),
    ],
  };
}

const api = () => `${env().SITE_URL}/api/payments/paypal/sandbox/api`;
