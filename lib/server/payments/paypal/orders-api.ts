import 'server-only';
import { z } from 'zod';
import { paypalCaller, paypalRefusal, readAnswer, type CallBudget, type Transport } from './client';
import type { PaypalConfig } from './config';

/**
 * PayPal's Orders v2 and Payments v2 calls for one-off payments (query packs: ./one-off.ts): create
 * an order, read it, capture it, refund a capture. The same wrapper as the subscription calls
 * (./client.ts): a bearer token, a 10 s deadline, answers capped at 256 KB and checked with zod; a
 * time-out, a 5xx or an answer of the wrong shape is an UnavailableError, never a guess. Every POST
 * carries a PayPal-Request-Id the caller derives from its own ids, so a retry is the same request.
 */

/** PayPal's ids of orders, captures and refunds: upper-case letters and digits (Orders v2: at most 36). */
export const paypalResourceId = z.string().regex(/^[A-Z0-9]{1,36}$/);

const money = z.object({ currency_code: z.string().max(3), value: z.string().max(32) });

export const paypalCapture = z.object({
  id: z.string().max(64),
  // COMPLETED, PENDING, DECLINED, FAILED, REFUNDED, PARTIALLY_REFUNDED; kept open: PayPal may add one.
  status: z.string().max(40),
  amount: money.optional(),
  custom_id: z.string().max(127).optional(),
  invoice_id: z.string().max(127).optional(),
});
export type PaypalCapture = z.infer<typeof paypalCapture>;

/** GET /v2/checkout/orders/{id} (and the create and capture answers), the fields the site relies on. */
export const paypalOrder = z.object({
  id: z.string().max(64),
  // CREATED, SAVED, APPROVED, VOIDED, COMPLETED, PAYER_ACTION_REQUIRED.
  status: z.string().max(40),
  purchase_units: z
    .array(
      z.object({
        amount: money.optional(),
        custom_id: z.string().max(127).optional(),
        invoice_id: z.string().max(127).optional(),
        payments: z.object({ captures: z.array(paypalCapture).max(20).optional() }).optional(),
      }),
    )
    .max(10)
    .default([]),
});
export type PaypalOrder = z.infer<typeof paypalOrder>;

const captureRefund = z.object({
  id: z.string().max(64),
  // COMPLETED, PENDING, CANCELLED, FAILED.
  status: z.string().max(40),
  amount: money.optional(),
});

/** What the create call sends: one purchase unit, priced by the server from the order. */
export interface NewPaypalOrder {
  amount: { currency_code: string; value: string };
  customId: string;
  invoiceId: string;
  description: string;
}

/** PayPal said no (a 4xx): its error name (the `details[0].issue` when it names one) and words. */
export interface Refusal {
  ok: false;
  name: string;
  message: string;
}

export interface PaypalOrdersClient {
  /** POST /v2/checkout/orders, intent CAPTURE. The same `requestId` again returns the same order. */
  createOrder(order: NewPaypalOrder, requestId: string): Promise<PaypalOrder>;
  /** GET /v2/checkout/orders/{id}; null for an order PayPal does not know (or an id of another shape). */
  getOrder(id: string, budget?: CallBudget): Promise<PaypalOrder | null>;
  /** POST /v2/checkout/orders/{id}/capture. The same `requestId` again returns the same capture. */
  captureOrder(id: string, requestId: string): Promise<{ ok: true; order: PaypalOrder } | Refusal>;
  /** POST /v2/payments/captures/{id}/refund: the whole of what is left when `amount` is null. */
  refundCapture(
    captureId: string,
    amount: { currency_code: string; value: string } | null,
    requestId: string,
  ): Promise<{ ok: true; refund: z.infer<typeof captureRefund> } | Refusal>;
}

export function paypalOrdersClient(config: PaypalConfig, transport: Transport = config.transport): PaypalOrdersClient {
  const { authorized } = paypalCaller(config, transport);
  const post = (path: string, requestId: string, body: unknown) =>
    authorized(path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'PayPal-Request-Id': requestId,
        // The whole resource in the answer: the capture's id, status and amount are what gets settled.
        Prefer: 'return=representation',
      },
      body: JSON.stringify(body),
    });

  return {
    async createOrder(order, requestId) {
      const response = await post('/v2/checkout/orders', requestId, {
        intent: 'CAPTURE',
        purchase_units: [
          {
            amount: order.amount,
            custom_id: order.customId,
            invoice_id: order.invoiceId,
            description: order.description,
          },
        ],
      });
      return readAnswer(paypalOrder, response, 'order create');
    },
    async getOrder(id, budget = {}) {
      if (!paypalResourceId.safeParse(id).success) return null;
      const signal = budget.budgetMs === undefined ? undefined : AbortSignal.timeout(budget.budgetMs);
      const response = await authorized(`/v2/checkout/orders/${id}`, { method: 'GET', signal });
      if ([400, 404, 422].includes(response.status)) return null;
      return readAnswer(paypalOrder, response, 'order read');
    },
    async captureOrder(id, requestId) {
      if (!paypalResourceId.safeParse(id).success) return { ok: false, name: 'INVALID_RESOURCE_ID', message: '' };
      const response = await post(`/v2/checkout/orders/${id}/capture`, requestId, {});
      const refused = await paypalRefusal(response);
      if (refused) return refused;
      return { ok: true, order: await readAnswer(paypalOrder, response, 'capture') };
    },
    async refundCapture(captureId, amount, requestId) {
      if (!paypalResourceId.safeParse(captureId).success)
        return { ok: false, name: 'INVALID_RESOURCE_ID', message: 'not a capture id' };
      const response = await post(`/v2/payments/captures/${captureId}/refund`, requestId, amount ? { amount } : {});
      const refused = await paypalRefusal(response);
      if (refused) return refused;
      return { ok: true, refund: await readAnswer(captureRefund, response, 'capture refund') };
    },
  };
}
