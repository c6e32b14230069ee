import { addMonths } from '@/lib/pricing/quote';
import { findOrder } from '@/lib/server/ledger/orders';
import { isPlanOrder, type Order } from '@/lib/server/ledger/types';
import { createPayment } from '@/lib/server/payments/momo/client';
import { decide } from '@/lib/server/payments/momo/sandbox';
import { reconcile, reconciliationLagSeconds } from '@/lib/server/payments/reconcile';
import { paypalConfig } from '@/lib/server/payments/paypal/config';
import { confirmPaypalSubscription } from '@/lib/server/payments/paypal/confirm';
import { paypalCheckout } from '@/lib/server/payments/paypal/subscription';
import { sandboxTransport } from '@/lib/server/payments/paypal/sandbox/api';
import { playSandboxAction } from '@/lib/server/payments/paypal/sandbox/player';
import { findGateway } from '@/lib/server/payments/registry';
import { paymentUrl } from '@/lib/server/payments/vnpay/payment-url';
import { completeSandboxPayment } from '@/lib/server/payments/vnpay/sandbox';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, gatewayRoutes, ipnRequest, pendingTeamOrder, sandbox, vnpayCallback } from '../support/money';
import { momoIpnRequest, momoSandbox } from '../support/momo';
import { noWebhookExpected } from '../support/paypal';
import { serveSiteForFile } from '../support/site-server';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';

const HOUR = 3_600_000;
/** Reconciliation only asks about orders older than their payment window: run it from an hour on. */
const later = () => new Date(Date.now() + HOUR);

// One server for the whole file: the configuration (and so SITE_URL) is read once per file.
serveSiteForFile();

describe.each(storeKinds)('reconciliation against the local sandboxes on %s', (kind) => {
  const store = useTestStore(kind);
  const orderStatus = async (id: string) => (await findOrder(store().sql, id))?.status;
  const seats = async () =>
    (await store().sql.query<{ seats: number }>("SELECT seats FROM teams WHERE team_id = '-1002001'")).rows[0]!.seats;
  const expiry = async () =>
    new Date(
      (
        await store().sql.query<{ plan_expires_at: Date }>(
          "SELECT plan_expires_at FROM teams WHERE team_id = '-1002001'",
        )
      ).rows[0]!.plan_expires_at,
    ).toISOString();
  const grants = async () =>
    Number((await store().sql.query<{ n: number }>('SELECT count(*)::int AS n FROM directory_grants')).rows[0]!.n);

  /** Each gateway's way to have the payer pay in its sandbox while the IPN is lost on the way. */
  const payWithLostIpn: Record<string, (order: Order) => Promise<string>> = {
    vnpay: async (order) => {
      const url = new URL(paymentUrl(order, sandbox()));
      const returnUrl = await completeSandboxPayment(url.search.slice(1), 'approve_lost_ipn', sandbox(), () => {
        throw new Error('the IPN must be lost');
      });
      // What VNPay would have sent: the same signed fields the return carries.
      return new URL(returnUrl!).search.slice(1);
    },
    momo: async (order) => {
      const created = await createPayment(order, momoSandbox());
      if (!created.ok) throw new Error('the MoMo sandbox refused the create call');
      const returnUrl = await decide(order.id, 'approve_lost_ipn', momoSandbox(), () => {
        throw new Error('the IPN must be lost');
      });
      return JSON.stringify(Object.fromEntries(new URL(returnUrl!).searchParams));
    },
  };
  const lateIpn: Record<string, (payload: string) => Promise<Response>> = {
    vnpay: (query) => gatewayRoutes('vnpay').ipn(ipnRequest(new URLSearchParams(query))),
    momo: (body) => gatewayRoutes('momo').ipn(momoIpnRequest(body)),
  };
  const methods: Record<string, string> = { vnpay: 'qr', momo: 'wallet' };

  it.each(['vnpay', 'momo'])(
    '%s: an approved payment whose IPN was lost is granted once by reconciliation; the late IPN and a second run change nothing',
    async (gateway) => {
      await backgroundDeliveriesFinished();
      const before = await expiry();
      const order = await pendingTeamOrder({ gateway, method: methods[gateway]! });
      const lostIpn = await payWithLostIpn[gateway]!(order);
      expect(await orderStatus(order.id)).toBe('pending');

      // Within the payment window nobody asks the gateway.
      expect((await reconcile()).gateways.find((g) => g.gateway === gateway)?.asked).toBe(0);

      const report = await reconcile({ now: later() });
      expect(report.gateways.find((g) => g.gateway === gateway)).toMatchObject({ asked: 1, settled: { paid: 1 } });
      expect(await orderStatus(order.id)).toBe('paid');
      await backgroundDeliveriesFinished();
      expect(await seats()).toBe(30);
      await backgroundDeliveriesFinished();
      const granted = await expiry();
      expect(granted).not.toBe(before);
      await backgroundDeliveriesFinished();
      expect(await grants()).toBe(1);

      const late = await lateIpn[gateway]!(lostIpn);
      expect(late.status).toBeLessThan(300);
      expect((await reconcile({ now: later() })).gateways.find((g) => g.gateway === gateway)?.asked).toBe(0);
      await backgroundDeliveriesFinished();
      expect(await expiry()).toBe(granted);
      await backgroundDeliveriesFinished();
      expect(await grants()).toBe(1);
    },
  );

  /** A PayPal team checkout (10 seats, one block of US$14.99 a month) subscribed and confirmed in the sandbox, not yet paid. */
  async function confirmedPaypalSubscription() {
    const order = await pendingTeamOrder({
      gateway: 'paypal',
      method: 'paypal',
      period: 'period0',
      months: 1,
      seats: 10,
      currency: 'USD',
      amount: 1_499,
    });
    if (!isPlanOrder(order)) throw new Error('a team order is an order for a plan');
    const params = paypalCheckout(order, paypalConfig()!);
    const created = await sandboxTransport(
      'http://localhost/api/payments/paypal/sandbox/api/v1/billing/subscriptions',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'paypal-client-id': paypalConfig()!.clientId },
        body: JSON.stringify({ plan_id: params.planId, quantity: String(params.quantity), custom_id: params.customId }),
      },
      noWebhookExpected,
    );
    const id = ((await created.json()) as { id: string }).id;
    // The page confirmed before PayPal activated it: bound to the order, still pending.
    const confirmed = await confirmPaypalSubscription(alice, { orderId: order.id, subscriptionId: id }, new Date());
    expect(confirmed).toMatchObject({ ok: true });
    return { order, id };
  }
  /** Plays a PayPal sandbox action whose webhooks are all lost on the way. */
  const playLost = async (id: string, action: 'approve' | 'renew') =>
    expect(await playSandboxAction(id, action, new Date(), () => Promise.resolve([]))).not.toBeNull();
  const paypalReport = (report: Awaited<ReturnType<typeof reconcile>>) =>
    report.gateways.find((g) => g.gateway === 'paypal');

  it('paypal: a subscription whose webhooks were all lost is granted once by reconciliation (the subscription read), its renewal with it; a second run changes nothing', async () => {
    await backgroundDeliveriesFinished();
    const before = await expiry();
    const { order, id } = await confirmedPaypalSubscription();
    await playLost(id, 'approve');
    await playLost(id, 'renew');
    expect(await orderStatus(order.id)).toBe('pending');

    expect(paypalReport(await reconcile())?.asked).toBe(0);
    expect(paypalReport(await reconcile({ now: later() }))).toMatchObject({ asked: 1, unavailable: 0 });
    expect(await orderStatus(order.id)).toBe('paid');
    // Both payments PayPal took (the first and the renewal), each once.
    await backgroundDeliveriesFinished();
    expect(await grants()).toBe(2);
    await backgroundDeliveriesFinished();
    const granted = await expiry();
    expect(granted).not.toBe(before);

    expect(paypalReport(await reconcile({ now: later() }))).toMatchObject({ asked: 0, followedUp: 0 });
    await backgroundDeliveriesFinished();
    expect(await expiry()).toBe(granted);
    await backgroundDeliveriesFinished();
    expect(await grants()).toBe(2);
  });

  it('paypal: a renewal whose webhook was lost is granted once by reconciliation a day after it fell due; rounds within hours do not ask again', async () => {
    const { order, id } = await confirmedPaypalSubscription();
    await playLost(id, 'approve');
    await reconcile({ now: later() });
    expect(await orderStatus(order.id)).toBe('paid');
    await backgroundDeliveriesFinished();
    const firstPeriod = await expiry();
    await backgroundDeliveriesFinished();
    expect(await grants()).toBe(1);

    await playLost(id, 'renew');
    // Not due yet (paid for a month): nobody asks PayPal.
    expect(paypalReport(await reconcile({ now: new Date(Date.now() + 20 * 24 * HOUR) }))?.followedUp).toBe(0);

    const overdue = new Date(addMonths(new Date(), 1).getTime() + 2 * 24 * HOUR);
    expect(paypalReport(await reconcile({ now: overdue }))).toMatchObject({ asked: 0, followedUp: 1, unavailable: 0 });
    await backgroundDeliveriesFinished();
    expect(await grants()).toBe(2);
    await backgroundDeliveriesFinished();
    const renewed = await expiry();
    expect(renewed).toBe(addMonths(new Date(firstPeriod), 1).toISOString());
    const cycles = await store().sql.query<{ subscription_cycle: number; status: string }>(
      'SELECT subscription_cycle, status FROM orders WHERE subscription_id = $1 ORDER BY subscription_cycle',
      [id],
    );
    expect(cycles.rows).toEqual([
      { subscription_cycle: 1, status: 'paid' },
      { subscription_cycle: 2, status: 'paid' },
    ]);

    // Paid through the renewal now, and just re-read: the next rounds leave it alone.
    expect(paypalReport(await reconcile({ now: new Date(overdue.getTime() + HOUR) }))?.followedUp).toBe(0);
    await backgroundDeliveriesFinished();
    expect(await grants()).toBe(2);
    await backgroundDeliveriesFinished();
    expect(await expiry()).toBe(renewed);
  });

  it('closes as failed an order the gateway has no payment for, and leaves one the payer is still on (MoMo 1000) pending', async () => {
    const abandonedVnpay = await pendingTeamOrder({ gateway: 'vnpay', method: 'qr' });
    const abandonedMomo = await pendingTeamOrder({ gateway: 'momo', method: 'wallet' });
    const undecided = await pendingTeamOrder({ gateway: 'momo', method: 'wallet' });
    expect((await createPayment(undecided, momoSandbox())).ok).toBe(true);

    const report = await reconcile({ now: later() });
    expect(report.gateways.find((g) => g.gateway === 'vnpay')).toMatchObject({ asked: 1, expired: 1 });
    expect(report.gateways.find((g) => g.gateway === 'momo')).toMatchObject({ asked: 2, expired: 1, stillPending: 1 });
    expect(await orderStatus(abandonedVnpay.id)).toBe('failed');
    expect(await orderStatus(abandonedMomo.id)).toBe('failed');
    expect(await orderStatus(undecided.id)).toBe('pending');
    await backgroundDeliveriesFinished();
    expect(await seats()).toBe(10);

    // A verified payment arriving after the order was closed still pays it (money was taken).
    const late = await gatewayRoutes('vnpay').ipn(ipnRequest(vnpayCallback(abandonedVnpay)));
    expect(await late.json()).toMatchObject({ RspCode: '00' });
    expect(await orderStatus(abandonedVnpay.id)).toBe('paid');
  });

  it("the reconciliation lag is 0 within a gateway's payment window, the time the oldest pending order has outlived it, and 0 again once a round has closed it", async () => {
    const order = await pendingTeamOrder({ gateway: 'vnpay', method: 'qr' });
    const window = findGateway('vnpay')!.paymentWindowMs;
    expect((await reconciliationLagSeconds(new Date(order.createdAt.getTime() + 1_000))).vnpay).toBe(0);
    const pastWindow = new Date(order.createdAt.getTime() + window + 90_000);
    expect((await reconciliationLagSeconds(pastWindow)).vnpay).toBe(90);
    expect((await reconciliationLagSeconds(pastWindow)).momo).toBe(0); // no order of MoMo's waits

    await reconcile({ now: pastWindow });
    expect(await orderStatus(order.id)).toBe('failed');
    expect((await reconciliationLagSeconds(pastWindow)).vnpay).toBe(0);
  });

  it('a declined payment whose IPN was lost is failed by reconciliation, granting nothing', async () => {
    const declined = await pendingTeamOrder({ gateway: 'momo', method: 'wallet' });
    await createPayment(declined, momoSandbox());
    await decide(declined.id, 'decline', momoSandbox(), () => Promise.resolve()); // IPN dropped by the no-op
    await reconcile({ now: later() });
    expect(await orderStatus(declined.id)).toBe('failed');
  });

  it('an answer it cannot trust (querydr signed with another key) settles nothing', async () => {
    const order = await pendingTeamOrder({ gateway: 'vnpay', method: 'qr' });
    const vnpay = findGateway('vnpay')!;
    const realFetch = globalThis.fetch;
    const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (...args) => {
      const answer = (await (await realFetch(...args)).json()) as Record<string, string>;
      return Response.json({ ...answer, vnp_ResponseCode: '00', vnp_TransactionStatus: '00' });
    });
    const result = await vnpay.query(order, later());
    spy.mockRestore();
    expect(result).toMatchObject({ state: 'unavailable' });
    expect(await orderStatus(order.id)).toBe('pending');
  });
});
