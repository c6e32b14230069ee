import { findOrder } from '@/lib/server/ledger/orders';
import { resetRateLimits } from '@/lib/server/testing';
import { storableJson, storableText } from '@/lib/server/db/storable';
import { signedHeaders } from '@/lib/server/payments/paypal/sandbox/player';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, gatewayRoutes, ipnRequest, pendingTeamOrder, vnpayCallback, vnpayRoutes } from '../support/money';
import { momoIpnRequest, momoResultFields } from '../support/momo';
import { checkout, createSubscription, play, webhook } from '../support/paypal';

/*
 * PostgreSQL's text and jsonb refuse U+0000 (and jsonb a lone surrogate). A signed callback that
 * carries one must still get a final answer: otherwise the gateway retries for days and the order
 * stays "processing".
 */
describe('what the ledger stores from outside', () => {
  it('replaces NUL and lone surrogates by U+FFFD and leaves every other character as it was', () => {
    expect(storableText('a\u0000b\ud800c\udc00d😀e')).toBe('a\ufffdb\ufffdc\ufffdd😀e');
    expect(storableText('Thanh toán đơn hàng')).toBe('Thanh toán đơn hàng');
  });

  it('writes JSON without the escapes jsonb refuses, keys included, and keeps an escaped backslash as text', () => {
    const json = storableJson({ 'k\u0000': 'x\u0000y', lone: '\udfff', literal: '\\u0000', pair: '😀' });
    expect(JSON.parse(json)).toEqual({ 'k\ufffd': 'x\ufffdy', lone: '\ufffd', literal: '\\u0000', pair: '😀' });
  });
});

describe.each(storeKinds)('a signed callback carrying characters the database cannot store, on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(resetRateLimits);
  const status = async (id: string) => (await findOrder(store().sql, id))?.status;
  const vnpay = async (params: URLSearchParams) =>
    ((await (await vnpayRoutes.ipn(ipnRequest(params))).json()) as { RspCode: string }).RspCode;

  it('VNPay: NUL in vnp_OrderInfo settles the order with 00, and the redelivery is answered 02', async () => {
    const order = await pendingTeamOrder();
    const params = vnpayCallback(order, { vnp_OrderInfo: 'x\u0000y' });
    expect(await vnpay(params)).toBe('00');
    expect(await status(order.id)).toBe('paid');
    expect(await vnpay(params)).toBe('02');
  });

  it('VNPay: a vnp_TxnRef that cannot be an order id (NUL inside) gets the final 01, not 99', async () => {
    const order = await pendingTeamOrder();
    expect(await vnpay(vnpayCallback(order, { vnp_TxnRef: `${order.id}\u0000` }))).toBe('01');
    expect(await vnpay(vnpayCallback(order, { vnp_TxnRef: order.id.toUpperCase() }))).toBe('01');
    expect(await status(order.id)).toBe('pending');
  });

  it('MoMo: NUL and a lone surrogate in orderInfo settle the order (204), once', async () => {
    const order = await pendingTeamOrder({ gateway: 'momo', method: 'wallet' });
    const body = JSON.stringify(momoResultFields(order, { orderInfo: 'x\u0000\ud800y' }));
    const routes = gatewayRoutes('momo');
    expect((await routes.ipn(momoIpnRequest(body))).status).toBe(204);
    expect(await status(order.id)).toBe('paid');
    expect((await routes.ipn(momoIpnRequest(body))).status).toBe(204);
  });

  it('PayPal: a verified event with NUL in its id and type is handled (200) and a redelivery is a duplicate', async () => {
    const answer = await checkout(alice, { plan: 'team_pro', period: 'period0', gateway: 'paypal', method: 'paypal' });
    const id = await createSubscription(answer.body.params);
    await play(id, 'approve');
    // Alice's team is paid ahead: the subscription's first charge comes when its start is due.
    const [sale] = await play(id, 'renew');
    const event = JSON.parse(sale!) as { id: string; event_type: string };
    const raw = JSON.stringify({ ...event, id: `${event.id}\u0000`, event_type: `${event.event_type}\u0000` });
    expect((await webhook(raw, signedHeaders(raw))).status).toBe(200);
    expect((await webhook(raw, signedHeaders(raw))).body.outcome).toBe('duplicate');
  });
});
