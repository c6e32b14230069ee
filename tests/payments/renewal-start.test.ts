import { addMonths } from '@/lib/pricing/quote';
import { resetRateLimits } from '@/lib/server/testing';
import { findOrder } from '@/lib/server/ledger/orders';
import { loadPayView } from '@/lib/server/pay/load-pay-view';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import { paymentHistory } from '@/lib/server/pay/history';
import { paypalClient } from '@/lib/server/payments/paypal/client';
import { paypalConfig } from '@/lib/server/payments/paypal/config';
import { alice, carol } from '../support/money';
import { checkout, confirm, createSubscription, play, webhook } from '../support/paypal';
import { storeKinds, useTestStore } from '../support/stores';

/*
 * A renewal of a plan already paid ahead starts charging when the paid time ends (PayPal's
 * `start_time`), never today: the subscription the buttons create carries the start the server chose,
 * PayPal takes nothing on approval, the payer is told so, and the first charge extends the plan from
 * the end of the paid time.
 */
const teamMonthly = { plan: 'team_pro', period: 'period0', gateway: 'paypal', method: 'paypal' };

describe.each(storeKinds)('a PayPal renewal of a plan paid ahead, on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(resetRateLimits);
  const teamExpiry = async () =>
    new Date(
      (
        await store().sql.query<{ plan_expires_at: Date }>(
          "SELECT plan_expires_at FROM teams WHERE team_id = '-1002001'",
        )
      ).rows[0]!.plan_expires_at,
    );
  const readAtPaypal = async (id: string) => (await paypalClient(paypalConfig()!).getSubscription(id))!;

  it('asks PayPal to start it when the team’s paid time ends, charges nothing on approval, and extends the plan from that day with the first charge', async () => {
    const paidUntil = await teamExpiry();
    expect(paidUntil.getTime()).toBeGreaterThan(Date.now());
    const { status, body } = await checkout(alice, teamMonthly);
    expect(status).toBe(200);
    expect(body.params.startTime).toBe(paidUntil.toISOString());

    const id = await createSubscription(body.params);
    expect((await readAtPaypal(id)).start_time).toBe(paidUntil.toISOString());
    for (const event of await play(id, 'approve')) expect((await webhook(event)).status).toBe(200);
    const confirmed = await confirm(alice, body.params.customId, id);
    await backgroundDeliveriesFinished();

    // Approved: nothing taken, nothing granted, and the payer reads when the first charge comes.
    expect((await readAtPaypal(id)).billing_info?.last_payment).toBeUndefined();
    expect((await findOrder(store().sql, body.params.customId))?.status).toBe('pending');
    expect(await teamExpiry()).toEqual(paidUntil);
    expect(confirmed.body.redirectUrl).toContain('status=scheduled');
    expect(await loadPayView(alice, { status: 'scheduled', order: body.params.customId }, new Date())).toMatchObject({
      kind: 'result',
      result: { status: 'scheduled', startsAt: paidUntil.toISOString(), amount: 1_499, currency: 'USD' },
    });
    const history = await paymentHistory({ platform: alice.platform, userId: alice.userId }, 1);
    expect(history.payments.find((p) => p.orderId === body.params.customId)?.status).toBe('scheduled');

    // The start is due: PayPal's first charge pays the order and adds a month after the paid time.
    for (const event of await play(id, 'renew')) expect((await webhook(event)).status).toBe(200);
    await backgroundDeliveriesFinished();
    expect((await findOrder(store().sql, body.params.customId))?.status).toBe('paid');
    expect(await teamExpiry()).toEqual(addMonths(paidUntil, 1));
  });

  it('starts it at once, charging on approval, for an account with nothing paid ahead', async () => {
    const { status, body } = await checkout(carol, {
      plan: 'individual_pro',
      period: 'period0',
      gateway: 'paypal',
      method: 'paypal',
    });
    expect(status).toBe(200);
    expect(body.params.startTime).toBeUndefined();
    const id = await createSubscription(body.params);
    for (const event of await play(id, 'approve')) expect((await webhook(event)).status).toBe(200);
    await backgroundDeliveriesFinished();
    expect((await findOrder(store().sql, body.params.customId))?.status).toBe('paid');
  });
});
