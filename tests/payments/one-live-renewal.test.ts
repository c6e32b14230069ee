import { NextRequest } from 'next/server';
import { ledgerSql } from '@/lib/server/db';
import { findOrder } from '@/lib/server/ledger/orders';
import type { Order } from '@/lib/server/ledger/types';
import { accountStanding } from '@/lib/server/checkout/standing';
import { eventsFor } from '@/lib/server/payments/review/review';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import { gatewayChoices } from '@/lib/server/payments/registry';
import { resetRateLimits } from '@/lib/server/testing';
import { standingFor } from '@/lib/shared/pending-payment';
import { alice, gatewayRoutes, pendingTeamOrder } from '../support/money';
import { checkout, createSubscription, play, webhook } from '../support/paypal';
import { RENEWING_GATEWAY_ID as renewco } from '../support/renewing-gateway';
import type * as RenewingGateway from '../support/renewing-gateway';
import type * as Registry from '@/lib/server/payments/registry';
import { storeKinds, useTestStore } from '../support/stores';

/*
 * One live renewal per plan and owner is written once, in the gateways' common words: a gateway
 * renews by itself when it has `subscriptions` on the seam, and the rule asks nothing else of it. A
 * second subscription gateway, registered here and nowhere else, is held to the rule by the same
 * lines as PayPal: at checkout, in the form before paying, and when it reports a second subscription.
 */
jest.mock('@/lib/server/payments/registry', () => {
  const actual = jest.requireActual<typeof Registry>('@/lib/server/payments/registry');
  const { renewingGateway } = jest.requireActual<typeof RenewingGateway>('../support/renewing-gateway');
  return { ...actual, ...actual.gatewayRegistry([...actual.allGateways, renewingGateway]) };
});

const teamMonthly = { plan: 'team_pro', period: 'period0' } as const;
const atPaypal = { ...teamMonthly, gateway: 'paypal', method: 'paypal' };
const atRenewco = { ...teamMonthly, gateway: renewco, method: 'card' };

/** What the second gateway's server would send: the subscription it made for `order` took payment `cycle`. */
const reported = (order: Pick<Order, 'id'>, subscription: string, cycle = 1) =>
  gatewayRoutes(renewco).ipn(
    new NextRequest(`http://localhost:3000/api/payments/${renewco}/ipn`, {
      method: 'POST',
      body: JSON.stringify({ subscription, order: order.id, cycle }),
    }),
  );

/** A live PayPal renewal of Alice's team plan, approved at (sandbox) PayPal. */
async function paypalRenewal(): Promise<string> {
  const started = await checkout(alice, atPaypal);
  expect(started.status).toBe(200);
  const id = await createSubscription(started.body.params);
  for (const body of await play(id, 'approve')) expect((await webhook(body)).status).toBe(200);
  return id;
}

/** What the pay form says before paying for Alice's team plan at `gateway`: the view's standing, the form's rule. */
async function form(gateway: string) {
  const standing = await accountStanding(await ledgerSql(), alice, new Date());
  const choice = gatewayChoices().find((offered) => offered.id === gateway)!;
  return standingFor(standing, 'team_pro', choice);
}

describe.each(storeKinds)('one live renewal per plan and owner, for a gateway registered only here (%s)', (kind) => {
  const store = useTestStore(kind);
  beforeEach(resetRateLimits);
  const expiry = async () =>
    (
      await store().sql.query<{ plan_expires_at: Date }>("SELECT plan_expires_at FROM teams WHERE team_id = '-1002001'")
    ).rows[0]!.plan_expires_at.toString();

  it('is a renewing gateway because of its capability, and offered as one', () => {
    expect(gatewayChoices().map((choice) => [choice.id, choice.renews])).toEqual([
      ['vnpay', false],
      ['momo', false],
      ['paypal', true],
      [renewco, true],
    ]);
  });

  it('checkout starts no renewal of a plan another gateway renews, and the form says so before paying', async () => {
    await paypalRenewal();
    const refused = await checkout(alice, atRenewco);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('renewal_running');
    expect(refused.body.error.message).toContain('PayPal');
    expect((await form(renewco)).renewal).toMatchObject({ gateway: 'paypal', gatewayName: 'PayPal' });
    // A one-off payment for more time is another need, and the form offers it.
    expect((await form('vnpay')).renewal).toBeNull();
    expect((await checkout(alice, { ...teamMonthly, gateway: 'vnpay', method: 'qr' })).status).toBe(200);
  });

  it('while its own renewal runs, PayPal starts none, nor does it start a second', async () => {
    const started = await checkout(alice, atRenewco);
    expect(started.status).toBe(200);
    const order = (await findOrder(store().sql, started.body.redirectUrl.split('/').at(-1)!))!;
    expect((await reported(order, 'RC-1')).status).toBe(200);
    expect((await findOrder(store().sql, order.id))?.status).toBe('paid');
    await backgroundDeliveriesFinished();

    for (const selection of [atPaypal, atRenewco]) {
      const refused = await checkout(alice, selection);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('renewal_running');
      expect(refused.body.error.message).toContain('RenewCo');
    }
    expect((await form('paypal')).renewal).toMatchObject({ id: 'RC-1', gatewayName: 'RenewCo' });
  });

  it('holds for a person each payment of a second subscription it reports, and the plan is not extended by them', async () => {
    // Its order was recorded before the PayPal renewal existed (another browser), then subscribed anyway.
    const raced = await pendingTeamOrder({
      gateway: renewco,
      method: 'card',
      currency: 'USD',
      amount: 1_499,
      period: 'period0',
      months: 1,
      seats: 10,
    });
    await paypalRenewal();
    await backgroundDeliveriesFinished();
    const before = await expiry();
    expect((await reported(raced, 'RC-2')).status).toBe(200);
    expect((await reported(raced, 'RC-2', 2)).status).toBe(200);
    await backgroundDeliveriesFinished();

    expect((await findOrder(store().sql, raced.id))?.status).toBe('needs_review');
    expect((await eventsFor(raced.id)).map((event) => event.resultCode)).toEqual(['DUPLICATE_RENEWAL']);
    const second = await store().sql.query<{ status: string }>(
      'SELECT status FROM orders WHERE subscription_id = $1 AND subscription_cycle = 2',
      ['RC-2'],
    );
    expect(second.rows[0]?.status).toBe('needs_review');
    expect(await expiry()).toBe(before);
  });
});
