import { NextRequest } from 'next/server';
import { POST as confirmRoute } from '@/app/api/payments/paypal/confirm/route';
import { resetRateLimits } from '@/lib/server/testing';
import { ledgerSql } from '@/lib/server/db';
import { findOrder, setCheckoutStart } from '@/lib/server/ledger/orders';
import { eventsOfOrder } from '@/lib/server/ledger/payment-events';
import { paypalConfig } from '@/lib/server/payments/paypal/config';
import { paypalGateway } from '@/lib/server/payments/paypal/gateway';
import { sandboxTransport } from '@/lib/server/payments/paypal/sandbox/api';
import { approveSandboxOrder } from '@/lib/server/payments/paypal/sandbox/orders';
import { refundOrder } from '@/lib/server/payments/refunds/refund-order';
import { refundsOfOrder } from '@/lib/server/ledger/refunds';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import type { DeliverCallback } from '@/lib/server/payments/gateway';
import { queryPack } from '@/lib/pricing/catalogue';
import { PACK_PERIOD } from '@/lib/pricing/pack-quote';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, pendingTeamOrder, sessionCookie } from '../support/money';

/**
 * The local PayPal stand-in plays Orders v2 as PayPal does (npm start and the end-to-end tests run
 * on it without internet): an order created once per PayPal-Request-Id, captured once, read, and
 * refunded, each followed by PayPal's webhook — and the site's one-off payment runs through it.
 */
const api = 'http://localhost:3000/api/payments/paypal/sandbox/api';
let token = '';
const sent: string[] = [];
const collect: DeliverCallback = (input) => {
  sent.push((JSON.parse(input.rawBody) as { event_type: string }).event_type);
  return Promise.resolve({ status: 200, json: { outcome: 'collected' } });
};
const call = async (method: string, path: string, body?: unknown, requestId?: string) => {
  const response = await sandboxTransport(
    `${api}${path}`,
    {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
    collect,
  );
  return { status: response.status, body: (await response.json()) as Answer };
};
/** The stand-in's answers, loosely: each step reads the fields its call has. */
interface Answer {
  id: string;
  status: string;
  amount: { value: string };
  details: Array<{ issue: string }>;
  purchase_units: Array<{ payments: { captures: Array<{ id: string; status: string }> } }>;
}
const newOrder = {
  intent: 'CAPTURE',
  purchase_units: [{ amount: { currency_code: 'USD', value: '1.98' }, custom_id: 'c1', invoice_id: 'c1' }],
};

describe.each(storeKinds)('the PayPal stand-in’s one-off payments, on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(async () => {
    resetRateLimits();
    sent.length = 0;
    const config = paypalConfig()!;
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const answer = await sandboxTransport(
      `${api}/v1/oauth2/token`,
      { method: 'POST', headers: { authorization: `Basic ${basic}` }, body: 'grant_type=client_credentials' },
      collect,
    );
    token = ((await answer.json()) as { access_token: string }).access_token;
  });

  it('creates one order per PayPal-Request-Id, captures it once after approval, and refunds the capture, each followed by its webhook', async () => {
    const first = await call('POST', '/v2/checkout/orders', newOrder, 'req-1');
    const again = await call('POST', '/v2/checkout/orders', newOrder, 'req-1');
    expect(first.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const id = first.body.id as string;
    expect((await call('POST', `/v2/checkout/orders/${id}/capture`, {}, 'cap-1')).body.details[0]!.issue).toBe(
      'ORDER_NOT_APPROVED',
    );
    await approveSandboxOrder(id);
    const captured = await call('POST', `/v2/checkout/orders/${id}/capture`, {}, 'cap-1');
    expect(captured.status).toBe(201);
    const capture = captured.body.purchase_units[0]!.payments.captures[0]!;
    expect(capture).toMatchObject({
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '1.98' },
      custom_id: 'c1',
    });
    expect(sent).toEqual(['PAYMENT.CAPTURE.COMPLETED']);
    // The same request again is the same capture, and PayPal sends nothing new.
    const repeated = await call('POST', `/v2/checkout/orders/${id}/capture`, {}, 'cap-1');
    expect(repeated.body.purchase_units[0]!.payments.captures[0]!.id).toBe(capture.id);
    const second = await call('POST', `/v2/checkout/orders/${id}/capture`, {}, 'cap-2');
    expect(second.status).toBe(422);
    expect(second.body.details[0]!.issue).toBe('ORDER_ALREADY_CAPTURED');
    expect((await call('GET', `/v2/checkout/orders/${id}`)).body.status).toBe('COMPLETED');
    const refund = await call(
      'POST',
      `/v2/payments/captures/${capture.id}/refund`,
      { amount: { currency_code: 'USD', value: '0.99' } },
      'ref-1',
    );
    expect(refund).toMatchObject({ status: 201, body: { status: 'COMPLETED', amount: { value: '0.99' } } });
    expect((await call('POST', `/v2/payments/captures/${capture.id}/refund`, {}, 'ref-1')).body.id).toBe(
      refund.body.id,
    );
    expect(sent).toEqual(['PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.REFUNDED']);
  });

  it('a pack paid in the stand-in is settled once and granted once, its capture webhook arriving during the confirm, and refunded through it', async () => {
    const order = await pendingTeamOrder({
      plan: 'query_pack',
      period: PACK_PERIOD,
      seats: null,
      quantity: 2,
      months: queryPack.validMonths,
      gateway: 'paypal',
      method: 'paypal',
      currency: 'USD',
      amount: 2 * queryPack.price.USD,
    });
    const begun = await paypalGateway.begin(order, { now: new Date(), renewalStartsAt: null });
    if (!begun.ok) throw new Error(begun.code);
    await setCheckoutStart(await ledgerSql(), order.id, begun.start, begun.gatewayRef ?? null);
    await approveSandboxOrder(begun.gatewayRef!);
    const response = await confirmRoute(
      new NextRequest('http://localhost:3000/api/payments/paypal/confirm', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'sec-fetch-site': 'same-origin',
          cookie: await sessionCookie(alice),
        },
        body: JSON.stringify({ orderId: order.id, paypalOrderId: begun.gatewayRef }),
      }),
    );
    expect(((await response.json()) as { redirectUrl: string }).redirectUrl).toContain('status=success');
    expect((await findOrder(store().sql, order.id))?.status).toBe('paid');
    const events = await eventsOfOrder(store().sql, order.id);
    expect(events.filter((e) => e.outcome === 'paid')).toHaveLength(1);
    await backgroundDeliveriesFinished();
    const grants = await store().sql.query('SELECT 1 FROM directory_grants WHERE order_id = $1', [order.id]);
    expect(grants.rows).toHaveLength(1);
    // The refund's webhook comes back while the refund is asked: one refund, recorded once.
    expect(await refundOrder({ orderId: order.id, reason: 'test', by: 'test' })).toMatchObject({
      ok: true,
      answer: { state: 'succeeded' },
    });
    const refunds = await refundsOfOrder(store().sql, order.id);
    expect(refunds.map((r) => [r.status, r.amount])).toEqual([['succeeded', 198]]);
  });
});
