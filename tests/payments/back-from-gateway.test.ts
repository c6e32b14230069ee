import { findOrder } from '@/lib/server/ledger/orders';
import type { Order } from '@/lib/server/ledger/types';
import { loadPayView } from '@/lib/server/pay/load-pay-view';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import { paymentHistory } from '@/lib/server/pay/history';
import { createPayment } from '@/lib/server/payments/momo/client';
import { decide, type MomoSandboxAction } from '@/lib/server/payments/momo/sandbox';
import { storedOrderResult } from '@/lib/server/payments/stored-result';
import { paymentUrl } from '@/lib/server/payments/vnpay/payment-url';
import { completeSandboxPayment } from '@/lib/server/payments/vnpay/sandbox';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, gatewayRoutes, ipnRequest, pendingTeamOrder, sandbox } from '../support/money';
import { momoIpnRequest, momoSandbox } from '../support/momo';
import { serveSiteForFile } from '../support/site-server';

serveSiteForFile();

/*
 * A payer who comes back to the pay page from a gateway's page without paying (Back, a closed tab)
 * is not blocked for the gateway's payment window: the page asks the gateway at once, closes an
 * attempt it never saw or only waits on the payer for, in words ("left unpaid"), and shows as being
 * confirmed only an attempt the gateway may still be taking money for.
 */
describe.each(storeKinds)('back on the pay page from a gateway, on %s', (kind) => {
  const store = useTestStore(kind);
  const status = async (order: Order) => (await findOrder(store().sql, order.id))!.status;
  /** What the form shows as still under way for Alice: the pending notice's payments. */
  async function underWay(): Promise<string[]> {
    const view = await loadPayView(alice, {}, new Date());
    if (view.kind !== 'form') throw new Error(`expected the form, got ${view.kind}`);
    return view.form.standing.pending.map((p) => p.orderId);
  }
  const historyStatus = async (order: Order) =>
    (await paymentHistory({ platform: alice.platform, userId: alice.userId }, 1)).payments.find(
      (p) => p.orderId === order.id,
    )?.status;

  async function momoAttempt(action?: MomoSandboxAction) {
    const order = await pendingTeamOrder({ gateway: 'momo', method: 'wallet' });
    const created = await createPayment(order, momoSandbox());
    if (!created.ok) throw new Error('the MoMo sandbox refused the create call');
    if (action) {
      await decide(order.id, action, momoSandbox(), async (body) => {
        await gatewayRoutes('momo').ipn(momoIpnRequest(body));
      });
    }
    return order;
  }

  it('VNPay never saw a payment: the attempt is closed as left unpaid, in words, and blocks nothing', async () => {
    const order = await pendingTeamOrder();
    paymentUrl(order, sandbox());
    expect(await underWay()).toEqual([]);
    expect(await status(order)).toBe('failed');
    expect(await storedOrderResult(store().sql, (await findOrder(store().sql, order.id))!)).toEqual({
      status: 'abandoned',
    });
    expect(await historyStatus(order)).toBe('abandoned');
  });

  it('a payment made after all on the closed attempt still pays it', async () => {
    const order = await pendingTeamOrder();
    const url = new URL(paymentUrl(order, sandbox()));
    expect(await underWay()).toEqual([]);
    await completeSandboxPayment(url.search.slice(1), 'approve', sandbox(), async (query) => {
      await gatewayRoutes('vnpay').ipn(ipnRequest(new URLSearchParams(query)));
    });
    expect(await status(order)).toBe('paid');
  });

  it('MoMo only waiting for the payer to confirm: closed as left unpaid when the payer is back', async () => {
    const order = await momoAttempt();
    expect(await underWay()).toEqual([]);
    expect(await status(order)).toBe('failed');
    expect(await historyStatus(order)).toBe('abandoned');
  });

  it('MoMo still processing a payment: shown as being confirmed, and left pending', async () => {
    const order = await momoAttempt('processing');
    expect(await underWay()).toEqual([order.id]);
    expect(await status(order)).toBe('pending');
  });

  it('MoMo took the money but its callback was lost: settled as paid at once, the plan granted, nothing to confirm', async () => {
    const order = await momoAttempt('approve_lost_ipn');
    expect(await underWay()).toEqual([]);
    await backgroundDeliveriesFinished();
    expect(await findOrder(store().sql, order.id)).toMatchObject({ status: 'paid', granted: true });
  });
});
