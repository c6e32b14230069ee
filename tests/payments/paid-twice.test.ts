import { findOrder } from '@/lib/server/ledger/orders';
import { refundsOfOrder } from '@/lib/server/ledger/refunds';
import type { Order } from '@/lib/server/ledger/types';
import { addMonths } from '@/lib/pricing/quote';
import { daysBought } from '@/lib/pricing/grant';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import { paymentHistory } from '@/lib/server/pay/history';
import { PAID_TWICE_REASON } from '@/lib/server/payments/refunds/paid-twice';
import { reconcile } from '@/lib/server/payments/reconcile';
import { paymentUrl } from '@/lib/server/payments/vnpay/payment-url';
import { completeSandboxPayment } from '@/lib/server/payments/vnpay/sandbox';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, gatewayRoutes, ipnRequest, pendingTeamOrder, sandbox } from '../support/money';
import { serveSiteForFile } from '../support/site-server';

serveSiteForFile();

/*
 * Paid twice for one need: two payments of the same selection for one owner, started within one
 * payment window, that both took money. The one that settled later is refunded through its gateway,
 * by itself and exactly once; the account keeps what one payment bought; the payer is told.
 */
describe.each(storeKinds)('paid twice for one need, on %s', (kind) => {
  const store = useTestStore(kind);
  const teamExpiry = async () =>
    new Date(
      (
        await store().sql.query<{ plan_expires_at: Date }>(
          "SELECT plan_expires_at FROM teams WHERE team_id = '-1002001'",
        )
      ).rows[0]!.plan_expires_at,
    ).getTime();
  const refundsOf = (order: Order) => refundsOfOrder(store().sql, order.id);

  /** VNPay's callback for an approved payment of `order`, as the sandbox sends it (not yet delivered). */
  async function approvedCallback(order: Order): Promise<URLSearchParams> {
    let callback: URLSearchParams | undefined;
    const url = new URL(paymentUrl(order, sandbox()));
    await completeSandboxPayment(url.search.slice(1), 'approve', sandbox(), async (query) => {
      callback = new URLSearchParams(query);
    });
    return callback!;
  }
  const deliver = (callback: URLSearchParams) => gatewayRoutes('vnpay').ipn(ipnRequest(callback));

  it('refunds the payment that settled second, in full and once, and the team keeps what one payment bought', async () => {
    await backgroundDeliveriesFinished();
    const before = await teamExpiry();
    const first = await pendingTeamOrder();
    const second = await pendingTeamOrder({ idempotencyKey: 'pay-again-anyway' });
    const [a, b] = [await approvedCallback(first), await approvedCallback(second)];
    await deliver(a);
    await deliver(b);
    await backgroundDeliveriesFinished();

    expect(await refundsOf(first)).toEqual([]);
    expect(await refundsOf(second)).toMatchObject([
      { amount: second.amount, status: 'succeeded', reason: PAID_TWICE_REASON, origin: 'site' },
    ]);
    expect((await findOrder(store().sql, second.id))?.paidTwiceOf).toBe(first.id);
    // Both grants, then the refund's revocation by the rule of docs/payments.md: the days the second bought.
    const kept = addMonths(new Date(before), 14).getTime() - daysBought(new Date(), 7) * 86_400_000;
    expect(Math.abs((await teamExpiry()) - kept)).toBeLessThanOrEqual(86_400_000);

    // Told in the history: the second payment says it was paid twice and refunded.
    const history = await paymentHistory({ platform: alice.platform, userId: alice.userId }, 1);
    expect(history.payments.find((p) => p.orderId === second.id)).toMatchObject({
      status: 'refunded',
      paidTwice: true,
    });
    expect(history.payments.find((p) => p.orderId === first.id)).toMatchObject({ status: 'paid' });
    expect(history.payments.find((p) => p.orderId === first.id)).not.toHaveProperty('paidTwice');

    // The gateway's callbacks again, and reconciliation: nothing more goes back.
    await deliver(a);
    await deliver(b);
    await backgroundDeliveriesFinished();
    await reconcile({ now: new Date(Date.now() + 3_600_000) });
    expect(await refundsOf(second)).toHaveLength(1);
    expect(await refundsOf(first)).toEqual([]);
  });

  it('refunds exactly one of two payments for one need that settle at the same moment', async () => {
    const first = await pendingTeamOrder();
    const second = await pendingTeamOrder({ idempotencyKey: 'pay-again-anyway' });
    const callbacks = [await approvedCallback(first), await approvedCallback(second)];
    await Promise.all(callbacks.map(deliver));
    await backgroundDeliveriesFinished();
    const refunds = [...(await refundsOf(first)), ...(await refundsOf(second))];
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ status: 'succeeded', reason: PAID_TWICE_REASON });
  });

  it('refunds nothing when the second payment was started after the first was paid: that is a new purchase', async () => {
    const first = await pendingTeamOrder();
    await deliver(await approvedCallback(first));
    await backgroundDeliveriesFinished();
    const second = await pendingTeamOrder({ idempotencyKey: 'seven-more-months' });
    await deliver(await approvedCallback(second));
    await backgroundDeliveriesFinished();
    expect([...(await refundsOf(first)), ...(await refundsOf(second))]).toEqual([]);
  });

  it('refunds nothing when the two payments are for different needs (another period)', async () => {
    const monthly = await pendingTeamOrder({ period: 'period0', months: 1, amount: 1_050_000 });
    const longer = await pendingTeamOrder({ idempotencyKey: 'another-need' });
    await deliver(await approvedCallback(monthly));
    await deliver(await approvedCallback(longer));
    await backgroundDeliveriesFinished();
    expect([...(await refundsOf(monthly)), ...(await refundsOf(longer))]).toEqual([]);
  });
});
