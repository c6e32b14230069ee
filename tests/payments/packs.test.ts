import { NextRequest } from 'next/server';
import { GET as payView } from '@/app/api/pay/view/route';
import { queryPack } from '@/lib/pricing/catalogue';
import { findOrder } from '@/lib/server/ledger/orders';
import { resetRateLimits, resetStandIn } from '@/lib/server/testing';
import { refundOrder } from '@/lib/server/payments/refunds/refund-order';
import { decide } from '@/lib/server/payments/momo/sandbox';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import { paymentHistory } from '@/lib/server/pay/history';
import { receiptFor } from '@/lib/server/pay/receipt';
import type { PayPageView } from '@/lib/shared/pay-view';
import {
  alice,
  checkoutAsAlice,
  gatewayRoutes,
  ipnRequest,
  sandbox,
  sessionCookie,
  vnpayCallback,
} from '../support/money';
import { completeSandboxPayment } from '@/lib/server/payments/vnpay/sandbox';
import { momoIpnRequest, momoSandbox } from '../support/momo';
import { storeKinds, useTestStore } from '../support/stores';
import { serveSiteForFile } from '../support/site-server';
import { payment as starsPayment } from '../support/stars';
import { startCheckout } from '@/lib/server/checkout/start-checkout';
import { standInState } from '@/lib/server/payments/telegram_stars/sandbox/store';

/*
 * Query packs, the way a payer buys them: the pay page's checkout call, the gateway's callbacks,
 * the grant through the outbox to the account directory, and a refund taking back what is unused.
 */
// MoMo's create call and the sandboxes' refunds talk HTTP to the site: SITE_URL is this server.
const site = serveSiteForFile();
const packs = (quantity: unknown, gateway = 'vnpay', method = 'qr') => ({
  plan: 'query_pack',
  quantity,
  gateway,
  method,
});
const checkout = (selection: Record<string, unknown>, locale = 'en') =>
  checkoutAsAlice(selection, { locale, origin: site() });

const orderIdOf = (redirectUrl: string) => new URL(redirectUrl).searchParams.get('vnp_TxnRef')!;

async function extraQueries() {
  const response = await payView(
    new NextRequest(`${site()}/api/pay/view`, { headers: { cookie: await sessionCookie(alice) } }),
  );
  const view = (await response.json()) as PayPageView;
  if (view.kind !== 'form') throw new Error(`expected the pay form, got ${view.kind}`);
  return view.context.account.extraQueries ?? [];
}
const balance = async () => (await extraQueries()).reduce((sum, entry) => sum + entry.remaining, 0);

describe.each(storeKinds)('query packs on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(resetRateLimits);

  async function paidPacks(quantity: number, payAgain = false) {
    const started = await checkout({ ...packs(quantity), ...(payAgain ? { payAgain: true } : {}) });
    expect(started.status).toBe(200);
    return pay(started);
  }

  async function pay(started: Awaited<ReturnType<typeof checkout>>) {
    const url = new URL(started.body.redirectUrl!);
    // The payer approves on VNPay's page; VNPay calls the IPN.
    await completeSandboxPayment(url.search.slice(1), 'approve', sandbox(), async (query) => {
      await gatewayRoutes('vnpay').ipn(ipnRequest(new URLSearchParams(query)));
    });
    await backgroundDeliveriesFinished();
    const order = (await findOrder(store().sql, orderIdOf(started.body.redirectUrl!)))!;
    expect(order.status).toBe('paid');
    return order;
  }

  it('prices packs from the catalogue in the gateway’s currency, whatever amount the body carries', async () => {
    const started = await checkout({ ...packs(3), amount: 1 });
    expect(started.status).toBe(200);
    const order = (await findOrder(store().sql, orderIdOf(started.body.redirectUrl!)))!;
    expect(order).toMatchObject({
      plan: 'query_pack',
      period: 'once',
      quantity: 3,
      seats: null,
      teamId: null,
      currency: 'VND',
      amount: 3 * queryPack.price.VND,
      months: queryPack.validMonths,
      status: 'pending',
    });
  });

  it.each([0, queryPack.maxQuantity + 1, -1])(
    'refuses %p packs with a translated 422 and records nothing',
    async (quantity) => {
      const refused = await checkout(packs(quantity), 'vi');
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({ code: 'quantity_invalid' });
      expect(refused.body.error!.message).toContain(String(queryPack.maxQuantity));
      expect(refused.body.error!.message).toMatch(/gói/);
      expect((await store().sql.query('SELECT 1 FROM orders')).rows).toHaveLength(0);
    },
  );

  it.each([['2'], [1.5], [null]])(
    'refuses a quantity that is not a JSON integer (%p) as an invalid request',
    async (quantity) => {
      const refused = await checkout(packs(quantity));
      expect(refused.status).toBe(422);
      expect(refused.body.error?.code).toBe('invalid_request');
    },
  );

  it('refuses a second pack payment while the first awaits its gateway, unless the payer chooses to pay again', async () => {
    expect((await checkout(packs(1))).status).toBe(200);
    const second = await checkout(packs(2));
    expect(second.status).toBe(409);
    expect(second.body.error?.code).toBe('payment_pending');
    expect((await checkout({ ...packs(2), payAgain: true })).status).toBe(200);
  });

  it('a pending pack payment does not stand in the way of a plan, nor a plan’s in the way of packs', async () => {
    expect((await checkout(packs(1))).status).toBe(200);
    expect((await checkout({ plan: 'individual_pro', period: 'period0', gateway: 'vnpay', method: 'qr' })).status).toBe(
      200,
    );
    expect((await checkout({ ...packs(1), payAgain: true })).status).toBe(200);
  });

  it('grants a paid order’s queries once when 20 identical callbacks arrive at the same time, and shows them on the pay page', async () => {
    const started = await checkout(packs(2));
    const order = (await findOrder(store().sql, orderIdOf(started.body.redirectUrl!)))!;
    const callback = vnpayCallback(order);
    await Promise.all(
      Array.from({ length: 20 }, () => gatewayRoutes('vnpay').ipn(ipnRequest(new URLSearchParams(callback)))),
    );
    await backgroundDeliveriesFinished();
    expect((await findOrder(store().sql, order.id))?.status).toBe('paid');
    expect(await balance()).toBe(2 * queryPack.queries);
    const [entry] = await extraQueries();
    // Usable for the catalogue's months from the payment.
    const months = (new Date(entry!.expiresAt).getTime() - Date.now()) / (30.44 * 86_400_000);
    expect(Math.round(months)).toBe(queryPack.validMonths);
    const outbox = await store().sql.query("SELECT 1 FROM outbox WHERE kind = 'grant'");
    expect(outbox.rows).toHaveLength(1);
  });

  it('does not grant packs for an amount other than the one priced: the payment waits for a person', async () => {
    const started = await checkout(packs(2));
    const order = (await findOrder(store().sql, orderIdOf(started.body.redirectUrl!)))!;
    await gatewayRoutes('vnpay').ipn(ipnRequest(vnpayCallback({ ...order, amount: queryPack.price.VND })));
    await backgroundDeliveriesFinished();
    expect((await findOrder(store().sql, order.id))?.status).toBe('needs_review');
    expect(await balance()).toBe(0);
  });

  it('pays packs with MoMo in its sandbox and grants them', async () => {
    const started = await checkout(packs(1, 'momo', 'wallet'));
    expect(started.status).toBe(200);
    const [row] = (await store().sql.query<{ id: string }>("SELECT id FROM orders WHERE plan = 'query_pack'")).rows;
    const order = (await findOrder(store().sql, row!.id))!;
    expect(order.amount).toBe(queryPack.price.VND);
    // Checkout made MoMo's payment request; the payer approves it in MoMo's app.
    await decide(order.id, 'approve', momoSandbox(), async (body) => {
      await gatewayRoutes('momo').ipn(momoIpnRequest(body));
    });
    await backgroundDeliveriesFinished();
    expect(await balance()).toBe(queryPack.queries);
  });

  it('inside Telegram, packs are one Stars invoice (no subscription period), granted on successful_payment once', async () => {
    resetStandIn();
    const started = await startCheckout({
      subject: { platform: 'telegram', userId: '1001' },
      selection: { plan: 'query_pack', quantity: 2, gateway: 'telegram_stars', method: 'stars' },
      idempotencyKey: crypto.randomUUID(),
      locale: 'en',
      clientIp: '127.0.0.1',
      now: new Date(),
      surface: 'miniapp',
    });
    expect(started.ok).toBe(true);
    const [invoice] = [...standInState().invoices.values()];
    expect(invoice).toMatchObject({ amount: 2 * queryPack.price.XTR });
    expect(invoice!.subscriptionPeriod).toBeUndefined();
    const order = (await findOrder(store().sql, String(invoice!.payload)))!;
    expect(order).toMatchObject({ plan: 'query_pack', quantity: 2, currency: 'XTR' });
    await Promise.all(Array.from({ length: 5 }, () => starsPayment(order, 'stx-pack-1')));
    await backgroundDeliveriesFinished();
    expect(await balance()).toBe(2 * queryPack.queries);
  });

  it('a refund takes back the share of the queries its money bought, once; the whole refund takes back the rest', async () => {
    const order = await paidPacks(2);
    expect(await balance()).toBe(200);
    const half = await refundOrder({ orderId: order.id, amount: order.amount / 2, reason: 'asked', by: 'ops' });
    expect(half).toMatchObject({ ok: true });
    await backgroundDeliveriesFinished();
    expect(await balance()).toBe(100);
    expect(await refundOrder({ orderId: order.id, reason: 'the rest', by: 'ops' })).toMatchObject({ ok: true });
    await backgroundDeliveriesFinished();
    expect(await balance()).toBe(0);
    expect(await refundOrder({ orderId: order.id, reason: 'again', by: 'ops' })).toMatchObject({
      ok: false,
      reason: 'nothing_left',
    });
  });

  it('a refund never takes back queries already spent: only the unused part goes', async () => {
    const order = await paidPacks(1);
    // The assistant spent 70 of the 100 queries meanwhile.
    await store().sql.query('UPDATE account_query_packs SET remaining = 30 WHERE order_id = $1', [order.id]);
    expect(await refundOrder({ orderId: order.id, reason: 'asked', by: 'ops' })).toMatchObject({ ok: true });
    await backgroundDeliveriesFinished();
    expect(await balance()).toBe(0);
    const [pack] = (
      await store().sql.query<{ remaining: number }>('SELECT remaining FROM account_query_packs WHERE order_id = $1', [
        order.id,
      ])
    ).rows;
    expect(pack?.remaining).toBe(0);
  });

  it('"pay again" that ends with both payments taken refunds the repeat by itself; a different quantity is a new purchase', async () => {
    const first = await checkout(packs(1));
    const again = await checkout({ ...packs(1), payAgain: true });
    await pay(first);
    await pay(again);
    await backgroundDeliveriesFinished();
    const repeated = (await findOrder(store().sql, orderIdOf(again.body.redirectUrl!)))!;
    expect(repeated.paidTwiceOf).toBe(orderIdOf(first.body.redirectUrl!));
    expect(await balance()).toBe(queryPack.queries);

    const more = await checkout({ ...packs(2), payAgain: true });
    const other = await checkout({ ...packs(3), payAgain: true });
    await pay(more);
    await pay(other);
    await backgroundDeliveriesFinished();
    expect(await balance()).toBe(6 * queryPack.queries);
  });

  it('the history and the receipt name the packs bought, and a refund’s credit note follows', async () => {
    const order = await paidPacks(2);
    await refundOrder({ orderId: order.id, reason: 'asked', by: 'ops' });
    await backgroundDeliveriesFinished();
    const history = await paymentHistory({ platform: alice.platform, userId: alice.userId }, 1);
    expect(history.payments[0]).toMatchObject({ plan: 'query_pack', quantity: 2, status: 'refunded' });
    const receipt = await receiptFor({ platform: alice.platform, userId: alice.userId }, order.id);
    expect(receipt?.item).toMatchObject({ plan: 'query_pack', quantity: 2 });
    expect(receipt?.creditNotes).toHaveLength(1);
  });
});
