import { NextRequest } from 'next/server';
import { POST as saveBilling } from '@/app/api/pay/billing/route';
import { POST as checkout } from '@/app/api/checkout/route';
import { SELECT_ORDER, toOrder, type OrderRow } from '@/lib/server/ledger/orders';
import { GET as payView } from '@/app/api/pay/view/route';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import { recordReportedRefund } from '@/lib/server/payments/refunds/reported';
import { resetRateLimits } from '@/lib/server/testing';
import { BILLING_LIMITS } from '@/lib/shared/billing';
import type { PayPageView } from '@/lib/shared/pay-view';
import { storeKinds, useTestStore } from '../support/stores';
import {
  alice,
  carol,
  checkoutPost,
  ipnRequest,
  pendingTeamOrder,
  sessionCookie,
  vnpayCallback,
  vnpayRoutes,
} from '../support/money';

type Who = Parameters<typeof sessionCookie>[0];

async function post(who: Who, body: unknown, locale = 'en') {
  const response = await saveBilling(
    new NextRequest('http://localhost:3000/api/pay/billing', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        'accept-language': locale,
        cookie: await sessionCookie(who),
      },
      body: JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function receipt(orderId: string) {
  const response = await payView(
    new NextRequest(`http://localhost/api/pay/view?receipt=${orderId}`, {
      headers: { cookie: await sessionCookie(alice) },
    }),
  );
  const view = (await response.json()) as PayPageView;
  return view.kind === 'receipt' ? view.receipt : null;
}

async function paidOrder() {
  const order = await pendingTeamOrder();
  await vnpayRoutes.ipn(ipnRequest(vnpayCallback(order)));
  await backgroundDeliveriesFinished();
  return order;
}

const acme = {
  company: '  Acme Growth JSC ',
  taxId: '0312345678-001',
  address: '12 Nguyen Hue\nDistrict 1, Ho Chi Minh City',
};

describe.each(storeKinds)('company details for the receipt on %s', (kind) => {
  const store = useTestStore(kind);
  const orderCount = async () =>
    Number((await store().sql.query<{ n: number }>('SELECT count(*)::int AS n FROM orders')).rows[0]!.n);
  const ordersOf = async (who: { platform: string; userId: string }) =>
    (
      await store().sql.query<OrderRow>(`${SELECT_ORDER} WHERE o.platform = $1 AND o.user_id = $2`, [
        who.platform,
        who.userId,
      ])
    ).rows.map(toOrder);
  beforeEach(resetRateLimits);

  it('the payer adds company details to a paid order; the receipt and its credit notes carry them, trimmed', async () => {
    const order = await paidOrder();
    const saved = await post(alice, { orderId: order.id, billing: acme });
    expect(saved).toEqual({
      status: 200,
      body: { billing: { company: 'Acme Growth JSC', taxId: '0312345678-001', address: acme.address } },
    });
    await recordReportedRefund({
      orderId: order.id,
      gateway: 'vnpay',
      reported: { gatewayRef: 'refund:1', amount: 1_000_000, requestId: null },
      reason: 'portal',
      now: new Date(),
    });
    const shown = await receipt(order.id);
    expect(shown?.billing).toEqual({ company: 'Acme Growth JSC', taxId: '0312345678-001', address: acme.address });
    expect(shown?.creditNotes).toEqual([
      expect.objectContaining({ amount: 1_000_000, reference: expect.stringMatching(/^[0-9A-F]{10}$/) }),
    ]);
    // Only the company name is required, and null removes them.
    expect((await post(alice, { orderId: order.id, billing: { company: 'Acme' } })).body).toEqual({
      billing: { company: 'Acme', taxId: null, address: null },
    });
    expect((await post(alice, { orderId: order.id, billing: null })).status).toBe(200);
    expect((await receipt(order.id))?.billing).toBeNull();
  });

  it.each([
    ['no company name', { company: '   ', taxId: '123' }],
    ['a company name over 200 characters', { company: 'x'.repeat(201) }],
    ['a tax id with other characters', { company: 'Acme', taxId: '12<script>' }],
    ['an address over 6 lines', { company: 'Acme', address: '1\n2\n3\n4\n5\n6\n7' }],
    ['a control character', { company: 'Acme\u0007' }],
    ['a field it does not know', { company: 'Acme', vat: 'x' }],
  ])('refuses %s with a translated 422, and stores nothing', async (_, billing) => {
    const order = await paidOrder();
    const refused = await post(alice, { orderId: order.id, billing }, 'vi');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({
      code: 'billing_invalid',
      message: expect.stringContaining('Kiểm tra lại thông tin công ty'),
    });
    // The limits it states are the code's, passed to the message as arguments.
    const { message } = refused.body.error as { message: string };
    expect(message).toContain(`tối đa ${BILLING_LIMITS.company} ký tự`);
    expect(message).toContain(`không quá ${BILLING_LIMITS.addressLines} dòng`);
    expect((await receipt(order.id))?.billing).toBeNull();
  });

  it('answers another account’s order, and an unknown one, alike with a 404', async () => {
    const order = await paidOrder();
    const other = await post(carol, { orderId: order.id, billing: acme });
    const unknown = await post(alice, { orderId: 'f'.repeat(32), billing: acme });
    expect(other).toEqual(unknown);
    expect(other.status).toBe(404);
    expect((await receipt(order.id))?.billing).toBeNull();
  });

  it('takes company details at checkout, before paying: stored with the order, and a bad one refused before any order', async () => {
    const selection = { plan: 'team_pro', period: 'period1', seats: 25, gateway: 'vnpay', method: 'qr' };
    const cookie = await sessionCookie(alice);
    const refused = await checkout(checkoutPost({ ...selection, billing: { company: '', taxId: '123' } }, { cookie }));
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('billing_invalid');
    expect(await orderCount()).toBe(0);

    const started = await checkout(checkoutPost({ ...selection, billing: acme }, { cookie }));
    expect(started.status).toBe(200);
    const order = (await ordersOf(alice))[0]!;
    expect(order.billing).toEqual({ company: 'Acme Growth JSC', taxId: '0312345678-001', address: acme.address });
  });

  it('stops a session that saves company details over and over (429)', async () => {
    const order = await paidOrder();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await post(alice, { orderId: order.id, billing: acme })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
