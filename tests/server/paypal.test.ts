import fc from 'fast-check';
import { addMonths } from '@/lib/pricing/quote';
import { resetRateLimits } from '@/lib/server/testing';
import { refundOrder } from '@/lib/server/payments/refunds/refund-order';
import { refundsOfOrder } from '@/lib/server/ledger/refunds';
import { findOrder, listOrders } from '@/lib/server/ledger/orders';
import { paypalGateway } from '@/lib/server/payments/paypal/gateway';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, bob, carol, pendingTeamOrder } from '../support/money';
import { checkout, confirm, createSubscription, play, webhook } from '../support/paypal';
import { signedHeaders } from '@/lib/server/payments/paypal/sandbox/player';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import { updateSandboxSubscription } from '@/lib/server/payments/paypal/sandbox/store';

const teamMonthly = { plan: 'team_pro', period: 'period0', gateway: 'paypal', method: 'paypal' };

describe.each(storeKinds)('PayPal subscriptions on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(resetRateLimits);
  const team = async () =>
    (
      await store().sql.query<{ seats: number; plan_expires_at: Date }>(
        "SELECT seats, plan_expires_at FROM teams WHERE team_id = '-1002001'",
      )
    ).rows[0]!;
  const expiry = async () => new Date((await team()).plan_expires_at).toISOString();
  const count = async (sql: string) => Number((await store().sql.query<{ n: number }>(sql)).rows[0]!.n);
  const paidOrders = () => count("SELECT count(*)::int AS n FROM orders WHERE status = 'paid'");
  const grants = () => count('SELECT count(*)::int AS n FROM directory_grants');

  /**
   * Alice's team checkout, created and approved at PayPal, and its first payment taken; the webhooks
   * are returned unsent. The team is paid ahead, so the subscription starts when that time ends: its
   * first payment is the one PayPal takes then (the sandbox's "renewal"), not one on approval.
   */
  async function approvedTeamSubscription(selection = teamMonthly) {
    const answer = await checkout(alice, selection);
    expect(answer.status).toBe(200);
    const params = answer.body.params as { planId: string; quantity: number; customId: string; startTime?: string };
    expect(params.startTime).toBeDefined();
    const id = await createSubscription(params);
    const [activated] = await play(id, 'approve');
    const [sale] = await play(id, 'renew');
    return { id, orderId: params.customId, activated: activated!, sale: sale! };
  }

  it('checkout answers the plan id for (plan, period), quantity = blocks for a team, and our order id as custom id', async () => {
    const answer = await checkout(alice, { ...teamMonthly, period: 'period1', seats: 25 });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      kind: 'sdk',
      sdk: 'paypal',
      params: {
        planId: 'P-SANDBOX-TEAM_PRO-PERIOD1',
        quantity: 3,
        customId: expect.stringMatching(/^[a-f0-9]{32}$/),
        // The team is paid ahead: PayPal starts charging when that time ends.
        startTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    const order = await findOrder(store().sql, answer.body.params.customId);
    // 25 seats asked are 3 blocks: the order holds their 30 seats.
    expect(order).toMatchObject({ gateway: 'paypal', currency: 'USD', amount: 26_982, seats: 30, status: 'pending' });
    const individual = await checkout(carol, {
      plan: 'individual_pro',
      period: 'period2',
      gateway: 'paypal',
      method: 'card',
    });
    expect(individual.body.params).toMatchObject({ planId: 'P-SANDBOX-INDIVIDUAL_PRO-PERIOD2', quantity: 1 });
  });

  it('refuses period3 through PayPal with a translated 422 and creates no order (never a new subscription)', async () => {
    const answer = await checkout(alice, { ...teamMonthly, period: 'period3', seats: 15 });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('period3_not_with_gateway');
    // A gateway-neutral code; the message names the gateway.
    expect(answer.body.error.message).toMatch(/^PayPal cannot .* with another gateway\.$/);
    expect(await count('SELECT count(*)::int AS n FROM orders')).toBe(0);
  });

  it('confirm grants one period once PayPal reports the subscription active and paid; a second confirm changes nothing', async () => {
    await backgroundDeliveriesFinished();
    const before = await team();
    const { id, orderId } = await approvedTeamSubscription();
    const first = await confirm(alice, orderId, id);
    expect(first).toEqual({ status: 200, body: { redirectUrl: `/pay?status=success&order=${orderId}` } });
    await backgroundDeliveriesFinished();
    expect(await expiry()).toBe(addMonths(new Date(before.plan_expires_at), 1).toISOString());
    expect((await confirm(alice, orderId, id)).status).toBe(200);
    await backgroundDeliveriesFinished();
    expect(await expiry()).toBe(addMonths(new Date(before.plan_expires_at), 1).toISOString());
    expect(await paidOrders()).toBe(1);
  });

  it('confirm refuses a subscription whose quantity, plan or custom id is not the order’s, another user’s order, and a reused subscription', async () => {
    const answer = await checkout(alice, teamMonthly);
    const params = answer.body.params;
    const wrongQuantity = await createSubscription({ ...params, quantity: 1 + params.quantity });
    const wrongPlan = await createSubscription({ ...params, planId: 'P-SANDBOX-TEAM_PRO-PERIOD2' });
    const wrongOrder = await createSubscription({ ...params, customId: 'f'.repeat(32) });
    for (const id of [wrongQuantity, wrongPlan, wrongOrder]) {
      await play(id, 'approve');
      const refused = await confirm(alice, params.customId, id);
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('payment_not_confirmed');
      expect(refused.body.error.message).toBe(
        'PayPal did not confirm this subscription for this order. Nothing was granted; please try again or choose another gateway.',
      );
    }
    const good = await createSubscription(params);
    await play(good, 'approve');
    await play(good, 'renew'); // its first payment, due when the team's paid time ends
    expect((await confirm(bob, params.customId, good)).status).toBe(422);
    expect((await confirm(alice, params.customId, 'I-DOESNOTEXIST1')).status).toBe(422);
    expect(await paidOrders()).toBe(0);
    expect((await confirm(alice, params.customId, good)).status).toBe(200);
    // The same subscription cannot pay for a second order (one recorded by hand: checkout itself
    // no longer starts a second renewal of a running plan).
    const second = await pendingTeamOrder({ gateway: 'paypal', method: 'paypal', currency: 'USD', amount: 1_499 });
    expect((await confirm(alice, second.id, good)).status).toBe(422);
    expect(await paidOrders()).toBe(1);
  });

  it('an approved but not yet active subscription leaves the order processing', async () => {
    const answer = await checkout(alice, teamMonthly);
    const id = await createSubscription(answer.body.params);
    const pending = await confirm(alice, answer.body.params.customId, id);
    expect(pending.body.redirectUrl).toContain('status=processing');
    expect(await paidOrders()).toBe(0);
  });

  it('a subscription PayPal suspended before its first charge went through answers confirm with the decline, not failed1', async () => {
    const answer = await checkout(alice, teamMonthly);
    const id = await createSubscription(answer.body.params);
    await updateSandboxSubscription(id, () => ({ status: 'SUSPENDED' }));
    const refused = await confirm(alice, answer.body.params.customId, id);
    expect(refused.body.redirectUrl).toMatch(/\?status=declined&reason=declined&order=[a-f0-9]{32}$/);
    expect((await findOrder(store().sql, answer.body.params.customId))?.status).toBe('failed');
  });

  it('reconciliation (the seam’s query) settles a payment whose webhooks were lost, once, and renewals with it', async () => {
    await backgroundDeliveriesFinished();
    const before = await team();
    const answer = await checkout(alice, teamMonthly);
    const id = await createSubscription(answer.body.params);
    // The page confirmed before PayPal activated it (bound, still processing); every webhook is then lost.
    await confirm(alice, answer.body.params.customId, id);
    await play(id, 'approve');
    await play(id, 'renew'); // the first payment, when the team's paid time ends
    await play(id, 'renew');
    const order = (await findOrder(store().sql, answer.body.params.customId))!;
    expect(order.status).toBe('pending');
    const first = await paypalGateway.query(order, new Date());
    expect(first).toMatchObject({ state: 'final', event: { result: 'succeeded', transactionId: `${id}#1` } });
    expect((await paypalGateway.query(order, new Date())).state).toBe('final');
    await backgroundDeliveriesFinished();
    expect(await expiry()).toBe(addMonths(new Date(before.plan_expires_at), 2).toISOString());
    await backgroundDeliveriesFinished();
    expect(await grants()).toBe(2);
    const unbound = await pendingTeamOrder({ gateway: 'paypal', method: 'paypal', currency: 'USD', amount: 1_499 });
    expect((await paypalGateway.query(unbound, new Date())).state).toBe('not_found');
  });

  it('answers 400 to a bad signature, a tampered body, a foreign cert URL or missing headers, and records nothing', async () => {
    const { sale } = await approvedTeamSubscription();
    const headers = signedHeaders(sale);
    const tampered = sale.replace(/"total":"[\d.]+"/, '"total":"0.01"');
    expect((await webhook(tampered, headers)).status).toBe(400);
    const badSig = new Headers(headers);
    badSig.set('paypal-transmission-sig', Buffer.from('forged').toString('base64'));
    expect((await webhook(sale, badSig)).status).toBe(400);
    const foreignCert = new Headers(headers);
    foreignCert.set('paypal-cert-url', 'https://evil.example/cert.pem');
    expect((await webhook(sale, foreignCert)).status).toBe(400);
    const missing = new Headers(headers);
    missing.delete('paypal-transmission-id');
    expect((await webhook(sale, missing)).status).toBe(400);
    expect((await webhook('not json', signedHeaders('not json'))).status).toBe(400);
    expect(await count('SELECT count(*)::int AS n FROM webhook_events')).toBe(0);
    expect(await paidOrders()).toBe(0);
  });

  it('grants once when 30 identical sale webhooks arrive at the same time', async () => {
    await backgroundDeliveriesFinished();
    const before = await team();
    const { sale } = await approvedTeamSubscription();
    const headers = signedHeaders(sale);
    const replies = await Promise.all(Array.from({ length: 30 }, () => webhook(sale, new Headers(headers))));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    await backgroundDeliveriesFinished();
    expect(await expiry()).toBe(addMonths(new Date(before.plan_expires_at), 1).toISOString());
    expect(await paidOrders()).toBe(1);
    await backgroundDeliveriesFinished();
    expect(await grants()).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM webhook_events')).toBe(1);
  });

  it('confirm racing the activation and sale webhooks grants the first period exactly once', async () => {
    await backgroundDeliveriesFinished();
    const before = await team();
    const { id, orderId, activated, sale } = await approvedTeamSubscription();
    const results = await Promise.all([
      confirm(alice, orderId, id),
      webhook(sale),
      webhook(activated),
      confirm(alice, orderId, id),
      webhook(sale),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await backgroundDeliveriesFinished();
    expect(await expiry()).toBe(addMonths(new Date(before.plan_expires_at), 1).toISOString());
    expect(await paidOrders()).toBe(1);
    await backgroundDeliveriesFinished();
    expect(await grants()).toBe(1);
  });

  it('each renewal payment extends one period once: a redelivered renewal changes nothing, the next one extends again', async () => {
    await backgroundDeliveriesFinished();
    const before = await team();
    const { id, orderId, sale } = await approvedTeamSubscription();
    await webhook(sale);
    const [renewal] = await play(id, 'renew');
    expect((await webhook(renewal!)).body.outcome).toMatch(/cycles=2:paid_now=1/);
    await backgroundDeliveriesFinished();
    expect(await expiry()).toBe(addMonths(new Date(before.plan_expires_at), 2).toISOString());
    expect((await webhook(renewal!)).body.outcome).toBe('duplicate');
    await backgroundDeliveriesFinished();
    expect(await expiry()).toBe(addMonths(new Date(before.plan_expires_at), 2).toISOString());
    const [next] = await play(id, 'renew');
    await Promise.all([webhook(next!), webhook(next!), confirm(alice, orderId, id)]);
    await backgroundDeliveriesFinished();
    expect(await expiry()).toBe(addMonths(new Date(before.plan_expires_at), 3).toISOString());
    const orders = await store().sql.query<{ subscription_cycle: number; status: string }>(
      'SELECT subscription_cycle, status FROM orders WHERE subscription_id = $1 ORDER BY subscription_cycle',
      [id],
    );
    expect(orders.rows).toEqual([
      { subscription_cycle: 1, status: 'paid' },
      { subscription_cycle: 2, status: 'paid' },
      { subscription_cycle: 3, status: 'paid' },
    ]);
    await backgroundDeliveriesFinished();
    expect(await grants()).toBe(3);
  });

  it('whatever the order of confirm, activation, sales, duplicates and cancellation, each payment is granted once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.boolean(), async (seed, concurrent) => {
        resetRateLimits();
        await store().sql.query("UPDATE teams SET plan_expires_at = now() + interval '15 days', seats = 10");
        await backgroundDeliveriesFinished();
        const before = await team();
        const { id, orderId, activated, sale } = await approvedTeamSubscription();
        const [renewal] = await play(id, 'renew');
        const [cancelled] = await play(id, 'cancel');
        const steps: Array<() => Promise<unknown>> = [
          () => confirm(alice, orderId, id),
          () => webhook(activated),
          () => webhook(sale),
          () => webhook(sale),
          () => webhook(renewal!),
          () => webhook(renewal!),
          () => webhook(cancelled!),
        ];
        const shuffled = fc.sample(fc.shuffledSubarray(steps, { minLength: steps.length }), { seed, numRuns: 1 })[0]!;
        if (concurrent) await Promise.all(shuffled.map((step) => step()));
        else for (const step of shuffled) await step();
        const subscription = await store().sql.query<{ status: string }>(
          'SELECT status FROM subscriptions WHERE id = $1',
          [id],
        );
        // Both payments PayPal took, each once; the cancellation only stops future renewals.
        return (
          (await expiry()) === addMonths(new Date(before.plan_expires_at), 2).toISOString() &&
          (await count(`SELECT count(*)::int AS n FROM orders WHERE subscription_id = '${id}' AND status = 'paid'`)) ===
            2 &&
          subscription.rows[0]?.status === 'CANCELLED'
        );
      }),
      { numRuns: 12 },
    );
  });

  it('a failed first payment fails the order; a failed renewal and a cancellation leave the plan to run to its expiry', async () => {
    const answer = await checkout(alice, teamMonthly);
    const id = await createSubscription(answer.body.params);
    await play(id, 'approve');
    await play(id, 'renew');
    // Cycle 1 is paid; a later failed renewal and a cancel grant nothing more and take nothing back.
    await backgroundDeliveriesFinished();
    const before = await team();
    const [failed] = await play(id, 'fail');
    expect((await webhook(failed!)).status).toBe(200);
    const [cancelled] = await play(id, 'cancel');
    expect((await webhook(cancelled!)).status).toBe(200);
    await backgroundDeliveriesFinished();
    expect(await expiry()).toBe(addMonths(new Date(before.plan_expires_at), 1).toISOString());
    expect((await findOrder(store().sql, answer.body.params.customId))?.status).toBe('paid');

    // A subscription cancelled before its first payment: the checkout failed.
    const other = (await checkout(alice, { ...teamMonthly, period: 'period2' })).body.params;
    const never = await createSubscription(other);
    await store().sql.query("UPDATE paypal_sandbox_subscriptions SET status = 'ACTIVE' WHERE id = $1", [never]);
    const [stopped] = await play(never, 'cancel');
    expect((await webhook(stopped!)).status).toBe(200);
    expect((await findOrder(store().sql, other.customId))?.status).toBe('failed');
  });

  it('a refund made at PayPal is recorded once as a refund of its payment, and the team loses the month it bought', async () => {
    await backgroundDeliveriesFinished();
    const before = await team();
    const { orderId, sale } = await approvedTeamSubscription();
    await webhook(sale);
    await backgroundDeliveriesFinished();
    const granted = await expiry();
    const saleId = (JSON.parse(sale) as { resource: { id: string } }).resource.id;
    const refund = (eventId: string) =>
      JSON.stringify({
        id: eventId,
        event_type: 'PAYMENT.SALE.REFUNDED',
        resource_type: 'refund',
        resource: { id: 'REFUND123', sale_id: saleId, amount: { total: '14.99', currency: 'USD' } },
      });
    expect((await webhook(refund('WH-REFUND0000000001'))).body.outcome).toBe(`refund_recorded:order=${orderId}`);
    expect((await webhook(refund('WH-REFUND0000000001'))).body.outcome).toBe('duplicate');
    // The same refund in another delivery (PayPal resends with a new event id): still one refund.
    expect((await webhook(refund('WH-REFUND0000000002'))).body.outcome).toBe(`refund_known:order=${orderId}`);
    await backgroundDeliveriesFinished();
    expect(await count(`SELECT count(*)::int AS n FROM refunds WHERE order_id = '${orderId}'`)).toBe(1);
    expect((await findOrder(store().sql, orderId))?.status).toBe('paid');
    const after = new Date(await expiry()).getTime();
    expect(after).toBeLessThan(new Date(granted).getTime());
    expect(Math.abs(after - new Date(before.plan_expires_at).getTime())).toBeLessThanOrEqual(86_400_000);
  });

  it('an operator’s refund of a PayPal payment is one refund, although PayPal’s refund webhook arrives before its answer', async () => {
    const { orderId, activated, sale } = await approvedTeamSubscription();
    await webhook(activated);
    await webhook(sale);
    await backgroundDeliveriesFinished();
    const granted = await expiry();
    const result = await refundOrder({ orderId, amount: 500, reason: 'goodwill', by: 'ops' });
    expect(result).toMatchObject({ ok: true, answer: { state: 'succeeded' } });
    const refunds = await refundsOfOrder(store().sql, orderId);
    expect(refunds).toEqual([expect.objectContaining({ status: 'succeeded', origin: 'site', amount: 500 })]);
    // The webhook PayPal sent for it named the same refund: recorded under its id, not a second time.
    expect(refunds[0]!.gatewayRef).toMatch(/^[A-Z0-9]{17}$/);
    expect(
      await count("SELECT count(*)::int AS n FROM webhook_events WHERE event_type = 'PAYMENT.SALE.REFUNDED'"),
    ).toBe(1);
    await backgroundDeliveriesFinished();
    expect(new Date(await expiry()).getTime()).toBeLessThan(new Date(granted).getTime());
    // The rest, then nothing more: PayPal's own answer for a fully refunded sale is a no.
    expect(await refundOrder({ orderId, reason: 'the rest', by: 'ops' })).toMatchObject({
      ok: true,
      answer: { state: 'succeeded' },
    });
    expect(await refundOrder({ orderId, reason: 'again', by: 'ops' })).toMatchObject({
      ok: false,
      reason: 'nothing_left',
    });
  });

  it('a reversal in another currency than the order’s goes to the review queue, once', async () => {
    const { orderId, sale } = await approvedTeamSubscription();
    await webhook(sale);
    const saleId = (JSON.parse(sale) as { resource: { id: string } }).resource.id;
    const reversal = JSON.stringify({
      id: 'WH-REVERSAL000000001',
      event_type: 'PAYMENT.SALE.REVERSED',
      resource_type: 'sale',
      resource: { id: saleId, amount: { total: '14.99', currency: 'EUR' } },
    });
    expect((await webhook(reversal)).body.outcome).toBe(`refund_review:order=${orderId}`);
    expect((await webhook(reversal)).body.outcome).toBe('duplicate');
    // The payment stands: the order stays paid, and the review queue lists its refund report.
    const held = await findOrder(store().sql, orderId);
    expect(held).toMatchObject({ status: 'paid', refundHeldAt: expect.any(Date) });
    expect((await listOrders(store().sql, 'needs_review', 50)).map((o) => o.id)).toContain(orderId);
  });

  it('a sale whose amount is not the order’s price goes to review instead of granting', async () => {
    await backgroundDeliveriesFinished();
    const before = await team();
    const { sale } = await approvedTeamSubscription();
    const wrong = sale.replace(/"total":"[\d.]+"/, '"total":"1.00"');
    expect((await webhook(wrong)).status).toBe(200);
    await backgroundDeliveriesFinished();
    expect(await expiry()).toBe(new Date(before.plan_expires_at).toISOString());
    expect(await count("SELECT count(*)::int AS n FROM orders WHERE status = 'needs_review'")).toBe(1);
  });
});
