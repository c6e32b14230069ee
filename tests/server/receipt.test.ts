import { NextRequest } from 'next/server';
import { GET as payView } from '@/app/api/pay/view/route';
import { site } from '@/lib/config/site';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import type { PayPageView } from '@/lib/shared/pay-view';
import { paymentReference } from '@/lib/shared/payment-history';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, bob, ipnRequest, pendingTeamOrder, sessionCookie, vnpayCallback, vnpayRoutes } from '../support/money';

type Who = Parameters<typeof sessionCookie>[0];

async function receiptView(orderId: string, who?: Who) {
  const response = await payView(
    new NextRequest(`http://localhost/api/pay/view?receipt=${orderId}`, {
      headers: who ? { cookie: await sessionCookie(who) } : {},
    }),
  );
  return {
    status: response.status,
    cache: response.headers.get('cache-control'),
    view: (await response.json()) as PayPageView,
  };
}

const pay = async (order: { id: string; amount: number }, overrides: Record<string, string> = {}) => {
  await vnpayRoutes.ipn(ipnRequest(vnpayCallback(order, overrides)));
  await backgroundDeliveriesFinished();
};

describe.each(storeKinds)('receipts on %s', (kind) => {
  useTestStore(kind);

  it('gives the buyer of a paid order its receipt: seller, buyer, item, amount, payment date, the gateway’s and the order’s references', async () => {
    const order = await pendingTeamOrder();
    await pay(order, { vnp_TransactionNo: '14226112' });
    const { status, cache, view } = await receiptView(order.id, alice);
    expect(status).toBe(200);
    expect(cache).toBe('private, no-store');
    expect(view.kind).toBe('receipt');
    const receipt = view.kind === 'receipt' ? view.receipt! : undefined;
    expect(receipt).toMatchObject({
      orderId: order.id,
      reference: paymentReference(order.id),
      seller: { legalName: site.seller.legalName, address: site.seller.address, taxId: site.seller.taxId },
      buyer: { platform: 'telegram', username: 'alice', fullName: 'Alice Nguyen' },
      item: { plan: 'team_pro', months: 7, seats: 30, renewalCycle: null },
      amount: 6_300_000,
      currency: 'VND',
      gatewayName: 'VNPay',
      method: 'qr',
      gatewayReference: '14226112',
    });
    expect(receipt!.buyer.team).toEqual(expect.any(String));
    expect(Date.now() - new Date(receipt!.paidAt).getTime()).toBeLessThan(60_000);
  });

  it('gives no receipt for another account’s order, an unpaid, failed or unknown order, or a malformed id — all alike', async () => {
    const paid = await pendingTeamOrder();
    await pay(paid);
    const pending = await pendingTeamOrder();
    const failed = await pendingTeamOrder();
    await pay(failed, { vnp_ResponseCode: '51', vnp_TransactionStatus: '02' });
    const answers = [
      await receiptView(paid.id, bob),
      await receiptView(pending.id, alice),
      await receiptView(failed.id, alice),
      await receiptView('f'.repeat(32), alice),
      await receiptView('not-an-order', alice),
    ];
    for (const answer of answers)
      expect(answer).toMatchObject({ status: 200, view: { kind: 'receipt', receipt: null } });
    expect(JSON.stringify(answers)).not.toContain(paid.id);
  });

  it('without a session shows why the link did not open one, never a receipt', async () => {
    const order = await pendingTeamOrder();
    await pay(order);
    const { view } = await receiptView(order.id);
    expect(view).toMatchObject({ kind: 'result', result: { status: 'failed', code: 'failed0', link: 'missing' } });
  });
});
