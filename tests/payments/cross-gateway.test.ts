import { findOrder } from '@/lib/server/ledger/orders';
import type { Order } from '@/lib/server/ledger/types';
import { settlePayment } from '@/lib/server/payments/settle';
import { metrics } from '@/lib/server/observability/metrics';
import { storeKinds, useTestStore } from '../support/stores';
import { gatewayRoutes, ipnRequest, pendingTeamOrder, vnpayCallback, vnpayRoutes } from '../support/money';
import { momoIpnRequest, momoResultFields } from '../support/momo';

/*
 * A callback is the word of the gateway that sent it, about its own payments. Only this server
 * chooses order ids, but nothing may rest on another system never naming one of ours: a shared
 * merchant account, a test terminal reused in production, a replay tool.
 */
const vnpayOrder = () => pendingTeamOrder();
const momoOrder = () => pendingTeamOrder({ gateway: 'momo', method: 'wallet' });
// 1.99 USD is 199 cents — the same number as 199 VND.
const paypalOrder = () =>
  pendingTeamOrder({ gateway: 'paypal', method: 'paypal', currency: 'USD', amount: 199, plan: 'individual_pro' });

const vnpayIpn = async (order: Pick<Order, 'id' | 'amount'>) =>
  ((await (await vnpayRoutes.ipn(ipnRequest(vnpayCallback(order)))).json()) as { RspCode: string }).RspCode;
const momoIpn = async (order: Pick<Order, 'id' | 'amount'>) =>
  (await gatewayRoutes('momo').ipn(momoIpnRequest(JSON.stringify(momoResultFields(order))))).status;

const foreignCount = async (gateway: string) =>
  (await metrics().callbacks.get()).values.find(
    (value) => value.labels.gateway === gateway && value.labels.outcome === 'foreign_order',
  )?.value ?? 0;

describe.each(storeKinds)('a callback settles only an order of its own gateway, on %s', (kind) => {
  const store = useTestStore(kind);
  const eventsOf = async (orderId: string) =>
    Number(
      (
        await store().sql.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_events WHERE order_id = $1', [
          orderId,
        ])
      ).rows[0]!.n,
    );
  const untouched = async (order: Order) => {
    expect((await findOrder(store().sql, order.id))?.status).toBe('pending');
    expect(await eventsOf(order.id)).toBe(0);
  };

  it('a VNPay IPN naming a MoMo order of the same amount is answered 01 (not ours), records nothing and pays nothing', async () => {
    const order = await momoOrder();
    const before = await foreignCount('vnpay');
    expect(await vnpayIpn(order)).toBe('01');
    await untouched(order);
    expect(await foreignCount('vnpay')).toBe(before + 1);
  });

  it('a VNPay IPN of 199 VND naming a PayPal order of 1.99 USD is answered 01 and pays nothing', async () => {
    const order = await paypalOrder();
    expect(await vnpayIpn(order)).toBe('01');
    await untouched(order);
  });

  it('a MoMo IPN naming a VNPay order is acknowledged as unknown (204, logged) and pays nothing', async () => {
    const order = await vnpayOrder();
    const before = await foreignCount('momo');
    expect(await momoIpn(order)).toBe(204);
    await untouched(order);
    expect(await foreignCount('momo')).toBe(before + 1);
  });

  it('a MoMo IPN of 199 VND naming a PayPal order of 1.99 USD pays nothing', async () => {
    const order = await paypalOrder();
    expect(await momoIpn(order)).toBe(204);
    await untouched(order);
  });

  it.each([
    ['paypal', 'vnpay'],
    ['paypal', 'momo'],
    ['vnpay', 'paypal'],
    ['momo', 'paypal'],
    ['vnpay', 'momo'],
    ['momo', 'vnpay'],
  ] as const)(
    'settlement refuses a %s payment for a %s order, whichever path reports it (callback or reconciliation)',
    async (sender, owner) => {
      const order = owner === 'vnpay' ? await vnpayOrder() : owner === 'momo' ? await momoOrder() : await paypalOrder();
      const outcome = await settlePayment({
        gateway: sender,
        transactionId: `${order.id}:cross`,
        orderId: order.id,
        amount: order.amount,
        currency: order.currency,
        result: 'succeeded',
        resultCode: '00',
        payload: { source: 'query' },
        now: new Date(),
      });
      expect(outcome).toBe('foreign_order');
      await untouched(order);
    },
  );

  it('its own gateway reporting the right number in another currency puts the order to review, never paid', async () => {
    const order = await paypalOrder();
    const outcome = await settlePayment({
      gateway: 'paypal',
      transactionId: 'I-CURRENCY#1',
      orderId: order.id,
      amount: order.amount,
      currency: 'VND',
      result: 'succeeded',
      resultCode: 'ACTIVE',
      payload: {},
      now: new Date(),
    });
    expect(outcome).toBe('amount_mismatch');
    expect((await findOrder(store().sql, order.id))?.status).toBe('needs_review');
  });
});
