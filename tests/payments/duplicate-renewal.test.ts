import { addMonths } from '@/lib/pricing/quote';
import { resetRateLimits } from '@/lib/server/testing';
import { findOrder } from '@/lib/server/ledger/orders';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import { eventsFor } from '@/lib/server/payments/review/review';
import { alice, pendingTeamOrder } from '../support/money';
import { checkout, createSubscription, play, webhook } from '../support/paypal';
import { storeKinds, useTestStore } from '../support/stores';

/*
 * Checkout never starts a second renewal of a running plan, but one can still arrive: two browsers
 * that both got an order before either subscription existed, or a subscription made at PayPal
 * itself. Its payments are money taken for time already being paid: they go to the review queue
 * (refund or keep), and the plan is extended once per payment of the first renewal only.
 */
const teamMonthly = { plan: 'team_pro', period: 'period0', gateway: 'paypal', method: 'paypal' };

describe.each(storeKinds)('a second live renewal of one plan, on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(resetRateLimits);
  const expiry = async () =>
    new Date(
      (
        await store().sql.query<{ plan_expires_at: Date }>(
          "SELECT plan_expires_at FROM teams WHERE team_id = '-1002001'",
        )
      ).rows[0]!.plan_expires_at,
    ).toISOString();

  it('is caught when its payment arrives: the order goes to review, the plan is extended by the first renewal only', async () => {
    await backgroundDeliveriesFinished();
    const before = await expiry();
    const first = (await checkout(alice, teamMonthly)).body.params;
    // The other browser's order, recorded before the first subscription existed.
    const raced = await pendingTeamOrder({
      gateway: 'paypal',
      method: 'paypal',
      currency: 'USD',
      amount: 1_499,
      period: 'period0',
      months: 1,
      seats: 10,
    });
    // Alice's team is paid ahead, so each starts later: its first payment is the one after approval.
    const a = await createSubscription(first);
    for (const action of ['approve', 'renew'] as const) {
      for (const body of await play(a, action)) expect((await webhook(body)).status).toBe(200);
    }
    const b = await createSubscription({ ...first, customId: raced.id });
    for (const action of ['approve', 'renew'] as const) {
      for (const body of await play(b, action)) expect((await webhook(body)).status).toBe(200);
    }
    await backgroundDeliveriesFinished();

    expect((await findOrder(store().sql, first.customId))?.status).toBe('paid');
    expect((await findOrder(store().sql, raced.id))?.status).toBe('needs_review');
    expect(await expiry()).toBe(addMonths(new Date(before), 1).toISOString());
    expect((await eventsFor(raced.id)).map((event) => event.resultCode)).toContain('DUPLICATE_RENEWAL');

    // Its next payment joins the queue too; the first renewal's next payment extends the plan.
    for (const body of await play(b, 'renew')) expect((await webhook(body)).status).toBe(200);
    for (const body of await play(a, 'renew')) expect((await webhook(body)).status).toBe(200);
    await backgroundDeliveriesFinished();
    expect(await expiry()).toBe(addMonths(new Date(before), 2).toISOString());
  });
});
