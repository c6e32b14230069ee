import { NextRequest } from 'next/server';
import { GET as payView } from '@/app/api/pay/view/route';
import { POST as stopRoute } from '@/app/api/pay/renewals/stop/route';
import { resetRateLimits } from '@/lib/server/testing';
import { findSubscription } from '@/lib/server/ledger/subscriptions';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import { reconcile } from '@/lib/server/payments/reconcile';
import { findSandboxSubscription } from '@/lib/server/payments/paypal/sandbox/store';
import type { PayPageView } from '@/lib/shared/pay-view';
import type { Renewal } from '@/lib/shared/renewals';
import { alice, bob, sessionCookie } from '../support/money';
import { checkout, createSubscription, play, webhook } from '../support/paypal';
import { storeKinds, useTestStore } from '../support/stores';

const origin = 'http://localhost:3000';
type Who = typeof alice | typeof bob;

/** The renewals the pay view shows its payer (under the form). */
async function renewals(who: Who) {
  const response = await payView(
    new NextRequest(`${origin}/api/pay/view`, { headers: { cookie: await sessionCookie(who), origin } }),
  );
  const view = (await response.json()) as PayPageView;
  return { status: response.status, body: { renewals: view.kind === 'form' ? view.renewals : ([] as Renewal[]) } };
}

async function stop(who: Who, body: unknown, locale = 'en') {
  const response = await stopRoute(
    new NextRequest(`${origin}/api/pay/renewals/stop`, {
      method: 'POST',
      headers: {
        cookie: await sessionCookie(who),
        origin,
        'content-type': 'application/json',
        'accept-language': locale,
      },
      body: JSON.stringify(body),
    }),
  );
  return {
    status: response.status,
    body: (await response.json()) as { stopped?: true; error?: { code: string; message: string } },
  };
}

describe.each(storeKinds)('stopping a PayPal renewal on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(resetRateLimits);
  const teamExpiry = async () =>
    (await store().sql.query<{ plan_expires_at: Date }>("SELECT plan_expires_at FROM teams WHERE team_id = '-1002001'"))
      .rows[0]!.plan_expires_at;

  /**
   * Alice's monthly Team Pro through PayPal: approved, then its first payment (due when the team's
   * paid time ends: it starts then) settled by the webhook.
   */
  async function paidSubscription() {
    const answer = await checkout(alice, { plan: 'team_pro', period: 'period0', gateway: 'paypal', method: 'paypal' });
    const params = answer.body.params;
    const id = await createSubscription(params);
    for (const body of await play(id, 'approve')) expect((await webhook(body)).status).toBe(200);
    for (const body of await play(id, 'renew')) expect((await webhook(body)).status).toBe(200);
    await backgroundDeliveriesFinished();
    return { id, orderId: params.customId };
  }

  it('lists the payer’s subscription with what it renews, its price and the next charge PayPal reports', async () => {
    const { id } = await paidSubscription();
    const { status, body } = await renewals(alice);
    expect(status).toBe(200);
    expect(body.renewals).toEqual([
      {
        id,
        gateway: 'paypal',
        gatewayName: 'PayPal',
        plan: 'team_pro',
        months: 1,
        seats: 10,
        amount: expect.any(Number),
        currency: 'USD',
        status: 'active',
        nextBillingAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    expect(new Date(body.renewals[0]!.nextBillingAt!).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect((await renewals(bob)).body.renewals).toEqual([]);
  });

  it('stops it at PayPal: no next charge, the plan keeps its paid-through date, and the webhook and reconciliation that follow change nothing', async () => {
    const { id } = await paidSubscription();
    const paidThrough = (await teamExpiry()).toISOString();
    expect(await stop(alice, { gateway: 'paypal', id })).toEqual({ status: 200, body: { stopped: true } });

    expect((await findSandboxSubscription(id))?.status).toBe('CANCELLED');
    expect((await findSubscription(store().sql, id))?.status).toBe('CANCELLED');
    expect((await renewals(alice)).body.renewals[0]).toMatchObject({ id, status: 'stopped', nextBillingAt: null });
    expect((await teamExpiry()).toISOString()).toBe(paidThrough);

    // PayPal's BILLING.SUBSCRIPTION.CANCELLED, delivered again, and a reconciliation round agree.
    const [cancelled] = await play(id, 'resend');
    expect((await webhook(cancelled!)).status).toBe(200);
    await reconcile({ now: new Date(Date.now() + 40 * 86_400_000) });
    await backgroundDeliveriesFinished();
    expect((await findSubscription(store().sql, id))?.status).toBe('CANCELLED');
    expect((await teamExpiry()).toISOString()).toBe(paidThrough);
    // A second stop is not an error: renewals are stopped either way.
    expect(await stop(alice, { gateway: 'paypal', id })).toEqual({ status: 200, body: { stopped: true } });
  });

  it('refuses to stop another payer’s subscription, an unknown one or a gateway without renewals, with a translated 404', async () => {
    const { id } = await paidSubscription();
    for (const [who, body] of [
      [bob, { gateway: 'paypal', id }],
      [alice, { gateway: 'paypal', id: 'I-UNKNOWN0000' }],
      [alice, { gateway: 'vnpay', id }],
    ] as const) {
      const answer = await stop(who, body, 'vi');
      expect(answer.status).toBe(404);
      expect(answer.body.error).toEqual({ code: 'renewal_not_found', message: expect.stringMatching(/gia hạn/) });
    }
    expect((await findSandboxSubscription(id))?.status).toBe('ACTIVE');
    expect((await stop(alice, { gateway: 'paypal' })).status).toBe(422);
  });
});
