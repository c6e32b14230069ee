import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { POST as checkoutRoute } from '@/app/api/checkout/route';
import { POST as confirmRoute } from '@/app/api/payments/paypal/confirm/route';
import { POST as webhookRoute } from '@/app/api/payments/paypal/webhook/route';
import { reloadEnv, resetPaypalTokens, resetRateLimits } from '@/lib/server/testing';
import { findOrder } from '@/lib/server/ledger/orders';
import { eventsOfOrder } from '@/lib/server/ledger/payment-events';
import { paypalConfig } from '@/lib/server/payments/paypal/config';
import { beginPackOrder } from '@/lib/server/payments/paypal/one-off';
import { reconcile } from '@/lib/server/payments/reconcile';
import { refundOrder } from '@/lib/server/payments/refunds/refund-order';
import { refundsOfOrder } from '@/lib/server/ledger/refunds';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import { queryPack } from '@/lib/pricing/catalogue';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, sessionCookie } from '../support/money';

/**
 * Query packs through PayPal's Orders v2 API, against PayPal played by a server on 127.0.0.1: what
 * the site asks PayPal (checked field by field), and the rules — PayPal takes a pack's money once,
 * the site settles it once and grants it once, whoever captures first (confirm, a webhook,
 * reconciliation) and however often, and only at the order's price.
 */
interface Seen {
  method: string;
  path: string;
  authorization: string;
  requestId: string | null;
  body: Record<string, unknown> | null;
}
interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  unit: { amount: { currency_code: string; value: string }; custom_id: string; invoice_id: string };
  capture: { id: string; status: string; amount: { currency_code: string; value: string } } | null;
  captureRequestId: string | null;
}

const seen: Seen[] = [];
const orders = new Map<string, FakeOrder>();
const createdBy = new Map<string, string>();
/** What PayPal reports capturing, when a case wants it to differ from the order's amount. */
let captureValue: string | null = null;
let next = 0;
let server: Server;
const saved: Record<string, string | undefined> = {};

const orderJson = (order: FakeOrder) => ({
  id: order.id,
  intent: 'CAPTURE',
  status: order.status,
  purchase_units: [
    {
      reference_id: 'default',
      ...order.unit,
      ...(order.capture
        ? { payments: { captures: [{ ...order.capture, custom_id: order.unit.custom_id, final_capture: true }] } }
        : {}),
    },
  ],
});

function answer(req: IncomingMessage, raw: string): [number, unknown] {
  const path = req.url ?? '';
  const requestId = (req.headers['paypal-request-id'] as string | undefined) ?? null;
  if (path === '/v1/oauth2/token') return [200, { access_token: 'fake-token', expires_in: 3600 }];
  const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
  seen.push({ method: req.method ?? '', path, authorization: req.headers.authorization ?? '', requestId, body });
  if (path === '/v1/notifications/verify-webhook-signature') return [200, { verification_status: 'SUCCESS' }];
  if (req.headers.authorization !== 'Bearer fake-token') return [401, { name: 'AUTHENTICATION_FAILURE' }];
  if (req.method === 'POST' && path === '/v2/checkout/orders') {
    const known = requestId ? createdBy.get(requestId) : undefined;
    if (known) return [200, orderJson(orders.get(known)!)];
    const unit = (body!.purchase_units as FakeOrder['unit'][])[0]!;
    const order: FakeOrder = {
      id: `5O${String((next += 1)).padStart(8, '0')}`,
      status: 'CREATED',
      unit,
      capture: null,
      captureRequestId: null,
    };
    orders.set(order.id, order);
    if (requestId) createdBy.set(requestId, order.id);
    return [201, orderJson(order)];
  }
  const read = /^\/v2\/checkout\/orders\/([A-Z0-9]+)$/.exec(path);
  if (req.method === 'GET' && read) {
    const order = orders.get(read[1]!);
    return order ? [200, orderJson(order)] : [404, { name: 'RESOURCE_NOT_FOUND' }];
  }
  const capture = /^\/v2\/checkout\/orders\/([A-Z0-9]+)\/capture$/.exec(path);
  if (req.method === 'POST' && capture) {
    const order = orders.get(capture[1]!);
    if (!order) return [404, { name: 'RESOURCE_NOT_FOUND' }];
    // PayPal's idempotency: the same PayPal-Request-Id returns the capture it made.
    if (order.capture && requestId && requestId === order.captureRequestId) return [200, orderJson(order)];
    const refusal = (issue: string) =>
      [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue }] }] as [number, unknown];
    if (order.capture) return refusal('ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') return refusal('ORDER_NOT_APPROVED');
    order.status = 'COMPLETED';
    order.captureRequestId = requestId;
    order.capture = {
      id: `3C${String((next += 1)).padStart(8, '0')}`,
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: captureValue ?? order.unit.amount.value },
    };
    return [201, orderJson(order)];
  }
  const refund = /^\/v2\/payments\/captures\/([A-Z0-9]+)\/refund$/.exec(path);
  if (req.method === 'POST' && refund) {
    const amount = (body?.amount as { value: string; currency_code: string } | undefined) ?? {
      currency_code: 'USD',
      value: 'all',
    };
    return [201, { id: `RF${String((next += 1)).padStart(8, '0')}`, status: 'COMPLETED', amount }];
  }
  return [404, { name: 'RESOURCE_NOT_FOUND' }];
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const [status, body] = answer(req, raw);
      // A capture takes a moment at PayPal: concurrent callers overlap, as they would.
      setTimeout(
        () => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        },
        req.url?.endsWith('/capture') ? 30 : 0,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const vars = {
    NEXT_PUBLIC_PAYPAL_CLIENT_ID: 'fake-client',
    PAYPAL_CLIENT_SECRET: 'fake-secret',
    PAYPAL_WEBHOOK_ID: 'WH-FAKE',
    PAYPAL_PLAN_IDS: 'P-I0/P-I1/P-I2|P-T0/P-T1/P-T2',
    PAYPAL_API_BASE: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
  for (const [name, value] of Object.entries(vars)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  reloadEnv();
  resetPaypalTokens();
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  reloadEnv();
  resetPaypalTokens();
  await new Promise((resolve) => server.close(resolve));
});

let ip = 0;
const post = (
  handler: (r: NextRequest) => Promise<Response>,
  path: string,
  body: unknown,
  headers: Record<string, string>,
) => {
  ip += 1;
  return handler(
    new NextRequest(`http://localhost:3000${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        'x-forwarded-for': `10.9.0.${ip % 250}`,
        ...headers,
      },
      body: JSON.stringify(body),
    }),
  );
};

/** Alice buys `quantity` packs with PayPal through the checkout route: the order, and what the buttons receive. */
async function buyPacks(quantity: number) {
  const response = await post(
    checkoutRoute,
    '/api/checkout',
    { plan: 'query_pack', quantity, gateway: 'paypal', method: 'paypal' },
    { cookie: await sessionCookie(alice), 'idempotency-key': `test-${crypto.randomUUID()}` },
  );
  const start = (await response.json()) as {
    kind: string;
    sdk: string;
    params: { paypalOrderId: string; customId: string };
  };
  expect(response.status).toBe(200);
  return { start, paypalOrderId: start.params.paypalOrderId, orderId: start.params.customId };
}

/** The payer approves in PayPal's window. */
const approve = (paypalOrderId: string) => (orders.get(paypalOrderId)!.status = 'APPROVED');

const confirm = async (orderId: string, paypalOrderId: string) => {
  const response = await post(
    confirmRoute,
    '/api/payments/paypal/confirm',
    { orderId, paypalOrderId },
    { cookie: await sessionCookie(alice) },
  );
  return {
    status: response.status,
    body: (await response.json()) as { redirectUrl?: string; error?: { code: string } },
  };
};

const webhook = async (type: string, resource: Record<string, unknown>) => {
  next += 1;
  const response = await post(
    webhookRoute,
    '/api/payments/paypal/webhook',
    { id: `WH-PACK-${next}`, event_type: type, resource },
    {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1',
      'paypal-transmission-id': `t-${next}`,
      'paypal-transmission-sig': 'c2ln',
      'paypal-transmission-time': new Date().toISOString(),
    },
  );
  return { status: response.status, outcome: ((await response.json()) as { outcome: string }).outcome };
};

/** PAYMENT.CAPTURE.COMPLETED as PayPal sends it: the capture, naming our order and its PayPal order. */
const captureCompleted = (paypalOrderId: string) => {
  const order = orders.get(paypalOrderId)!;
  return webhook('PAYMENT.CAPTURE.COMPLETED', {
    ...(order.capture ?? { id: '3CUNKNOWN', status: 'COMPLETED', amount: order.unit.amount }),
    custom_id: order.unit.custom_id,
    supplementary_data: { related_ids: { order_id: paypalOrderId } },
  });
};
const orderApproved = (paypalOrderId: string) =>
  webhook('CHECKOUT.ORDER.APPROVED', orderJson(orders.get(paypalOrderId)!));

const captures = (paypalOrderId: string) =>
  seen.filter((s) => s.method === 'POST' && s.path === `/v2/checkout/orders/${paypalOrderId}/capture`);

describe.each(storeKinds)('PayPal one-off payments for query packs, on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(() => {
    resetRateLimits();
    seen.length = 0;
    captureValue = null;
  });
  const grantsOf = async (orderId: string) =>
    Number(
      (
        await store().sql.query<{ n: number }>('SELECT count(*)::int AS n FROM directory_grants WHERE order_id = $1', [
          orderId,
        ])
      ).rows[0]!.n,
    );
  const paymentsOf = async (orderId: string) =>
    (await eventsOfOrder(store().sql, orderId)).filter((e) => e.outcome === 'paid');
  const order = async (id: string) => (await findOrder(store().sql, id))!;

  it('begin creates the PayPal order on the server at the catalogue’s price, intent CAPTURE, named by our order id', async () => {
    const { start, paypalOrderId, orderId } = await buyPacks(3);
    expect(start).toEqual({ kind: 'sdk', sdk: 'paypal', params: { paypalOrderId, customId: orderId } });
    const creates = seen.filter((s) => s.path === '/v2/checkout/orders');
    expect(creates).toHaveLength(1);
    const [create] = creates;
    expect(create!.method).toBe('POST');
    expect(create!.authorization).toBe('Bearer fake-token');
    expect(create!.requestId).toContain(orderId);
    expect(create!.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          amount: { currency_code: 'USD', value: ((3 * queryPack.price.USD) / 100).toFixed(2) },
          custom_id: orderId,
          invoice_id: orderId,
          description: expect.stringContaining(`${3 * queryPack.queries} extra queries`) as unknown,
        },
      ],
    });
    const stored = await order(orderId);
    expect(stored).toMatchObject({ gatewayRef: paypalOrderId, amount: 297, currency: 'USD', status: 'pending' });
  });

  it('a repeated begin sends the same PayPal-Request-Id and gets the same PayPal order back', async () => {
    const { paypalOrderId, orderId } = await buyPacks(2);
    const again = await beginPackOrder(await order(orderId), paypalConfig()!);
    expect(again).toMatchObject({ ok: true, gatewayRef: paypalOrderId });
    const ids = seen.filter((s) => s.path === '/v2/checkout/orders').map((s) => s.requestId);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
  });

  it('confirm captures with a PayPal-Request-Id from the order id, answers paid, and a second confirm captures nothing more: one payment, one grant', async () => {
    const { paypalOrderId, orderId } = await buyPacks(1);
    approve(paypalOrderId);
    const first = await confirm(orderId, paypalOrderId);
    expect(first.body.redirectUrl).toContain('status=success');
    const second = await confirm(orderId, paypalOrderId);
    expect(second.body.redirectUrl).toContain('status=success');
    const [capture, ...more] = captures(paypalOrderId);
    expect(more).toHaveLength(0);
    expect(capture).toMatchObject({
      authorization: 'Bearer fake-token',
      requestId: expect.stringContaining(orderId) as unknown,
    });
    const payments = await paymentsOf(orderId);
    expect(payments.map((p) => [p.transactionId, p.amount])).toEqual([[orders.get(paypalOrderId)!.capture!.id, 99]]);
    await backgroundDeliveriesFinished();
    expect(await grantsOf(orderId)).toBe(1);
  });

  it('confirm, then the capture’s webhook: settled once and granted once', async () => {
    const { paypalOrderId, orderId } = await buyPacks(2);
    approve(paypalOrderId);
    expect((await confirm(orderId, paypalOrderId)).body.redirectUrl).toContain('status=success');
    expect(await captureCompleted(paypalOrderId)).toEqual({ status: 200, outcome: 'capture:already_confirmed' });
    expect(await paymentsOf(orderId)).toHaveLength(1);
    await backgroundDeliveriesFinished();
    expect(await grantsOf(orderId)).toBe(1);
  });

  it('a webhook before the confirm settles the payment, and the confirm then answers paid without a second payment', async () => {
    const { paypalOrderId, orderId } = await buyPacks(2);
    approve(paypalOrderId);
    // The payer closed the page before onApprove ran: PayPal's approval event makes the site capture.
    expect(await orderApproved(paypalOrderId)).toEqual({ status: 200, outcome: 'capture:paid' });
    expect(await captureCompleted(paypalOrderId)).toEqual({ status: 200, outcome: 'capture:already_confirmed' });
    expect((await order(orderId)).status).toBe('paid');
    const late = await confirm(orderId, paypalOrderId);
    expect(late.body.redirectUrl).toContain('status=success');
    expect(captures(paypalOrderId)).toHaveLength(1);
    expect(await paymentsOf(orderId)).toHaveLength(1);
    await backgroundDeliveriesFinished();
    expect(await grantsOf(orderId)).toBe(1);
  });

  it('confirm and the approval webhook at the same moment capture with one PayPal-Request-Id: PayPal takes the money once, one payment, one grant', async () => {
    const { paypalOrderId, orderId } = await buyPacks(3);
    approve(paypalOrderId);
    const [confirmed, hooked, completed] = await Promise.all([
      confirm(orderId, paypalOrderId),
      orderApproved(paypalOrderId),
      captureCompleted(paypalOrderId),
    ]);
    expect(confirmed.body.redirectUrl).toMatch(/status=(success|processing)/);
    expect(hooked.status).toBe(200);
    expect(completed.status).toBe(200);
    const sent = captures(paypalOrderId);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(new Set(sent.map((s) => s.requestId)).size).toBe(1);
    expect((await order(orderId)).status).toBe('paid');
    expect(await paymentsOf(orderId)).toHaveLength(1);
    await backgroundDeliveriesFinished();
    expect(await grantsOf(orderId)).toBe(1);
  });

  it('a capture PayPal reports at another amount grants nothing: the order waits for a person', async () => {
    const { paypalOrderId, orderId } = await buyPacks(3);
    approve(paypalOrderId);
    captureValue = '0.01';
    const answer = await confirm(orderId, paypalOrderId);
    expect(answer.body.redirectUrl).toContain('status=failed');
    expect(await captureCompleted(paypalOrderId)).toEqual({ status: 200, outcome: 'capture:amount_mismatch' });
    expect((await order(orderId)).status).toBe('needs_review');
    expect(await paymentsOf(orderId)).toHaveLength(0);
    await backgroundDeliveriesFinished();
    expect(await grantsOf(orderId)).toBe(0);
  });

  it('a confirm naming another PayPal order than the one begin created captures nothing', async () => {
    const { paypalOrderId, orderId } = await buyPacks(1);
    const other = await buyPacks(1);
    approve(paypalOrderId);
    approve(other.paypalOrderId);
    const answer = await confirm(orderId, other.paypalOrderId);
    expect(answer.body.error?.code).toBe('payment_not_confirmed');
    expect(seen.filter((s) => s.path.endsWith('/capture'))).toHaveLength(0);
    expect((await order(orderId)).status).toBe('pending');
  });

  it('reconciliation captures an approved order nobody captured, fails a voided one, and leaves one never approved pending', async () => {
    const approved = await buyPacks(1);
    const voided = await buyPacks(1);
    const waiting = await buyPacks(1);
    approve(approved.paypalOrderId);
    orders.get(voided.paypalOrderId)!.status = 'VOIDED';
    await reconcile({ now: new Date(Date.now() + 3_600_000) });
    expect((await order(approved.orderId)).status).toBe('paid');
    expect(captures(approved.paypalOrderId)).toHaveLength(1);
    expect((await order(voided.orderId)).status).toBe('failed');
    expect((await order(waiting.orderId)).status).toBe('pending');
    await backgroundDeliveriesFinished();
    expect(await grantsOf(approved.orderId)).toBe(1);
  });

  it('a refund of a captured pack calls the captures refund endpoint once, with the amount and our refund’s id', async () => {
    const { paypalOrderId, orderId } = await buyPacks(3);
    approve(paypalOrderId);
    await confirm(orderId, paypalOrderId);
    await backgroundDeliveriesFinished();
    const result = await refundOrder({ orderId, amount: 99, reason: 'one pack back', by: 'test' });
    expect(result).toMatchObject({ ok: true, answer: { state: 'succeeded' } });
    const captureId = orders.get(paypalOrderId)!.capture!.id;
    const refunds = seen.filter((s) => s.path.includes('/refund'));
    expect(refunds).toEqual([
      {
        method: 'POST',
        path: `/v2/payments/captures/${captureId}/refund`,
        authorization: 'Bearer fake-token',
        requestId: result.ok ? result.refund.id : 'none',
        body: { amount: { currency_code: 'USD', value: '0.99' } },
      },
    ]);
  });

  it('a refund made in PayPal’s dashboard (PAYMENT.CAPTURE.REFUNDED) is recorded once, however often PayPal delivers it', async () => {
    const { paypalOrderId, orderId } = await buyPacks(2);
    approve(paypalOrderId);
    await confirm(orderId, paypalOrderId);
    await backgroundDeliveriesFinished();
    const captureId = orders.get(paypalOrderId)!.capture!.id;
    const refunded = {
      id: 'RFDASHBOARD01',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '0.99' },
      custom_id: orderId,
      links: [{ href: `https://api-m.paypal.com/v2/payments/captures/${captureId}`, rel: 'up' }],
    };
    const first = await webhook('PAYMENT.CAPTURE.REFUNDED', refunded);
    const again = await webhook('PAYMENT.CAPTURE.REFUNDED', refunded);
    expect(first).toEqual({ status: 200, outcome: `refund_recorded:order=${orderId}` });
    expect(again).toEqual({ status: 200, outcome: `refund_known:order=${orderId}` });
    const refunds = await refundsOfOrder(store().sql, orderId);
    expect(refunds.map((r) => [r.amount, r.gatewayRef, r.origin])).toEqual([[99, 'RFDASHBOARD01', 'gateway']]);
  });
});
