import { ledgerSql } from '@/lib/server/db';
import { findOrder } from '@/lib/server/ledger/orders';
import { bindSubscription, cycleOrder } from '@/lib/server/ledger/subscriptions';
import type { HandledCallback, PaymentGateway } from '@/lib/server/payments/gateway';
import { settleRenewalCycle } from '@/lib/server/payments/renewal-cycle';

/**
 * A second gateway that renews plans by itself, for tests only (never in the registry): what any
 * subscription gateway after PayPal would do with the seam. Its notification, JSON
 * `{subscription, order, cycle}`, says that the subscription it started for a checkout order took
 * payment `cycle`; it binds the subscription to the order, as live, and settles that payment the way
 * every renewing gateway must (settleRenewalCycle). Its own words stay in here.
 */
export const RENEWING_GATEWAY_ID = 'renewco';

const reply = (status: number, outcome: string): HandledCallback => ({ status, json: { outcome }, outcome });

export const renewingGateway: PaymentGateway = {
  id: RENEWING_GATEWAY_ID,
  offer: {
    id: RENEWING_GATEWAY_ID,
    name: 'RenewCo',
    currency: 'USD',
    methods: ['card'],
    min: 100,
    max: 1_000_000,
    continuation: { kind: 'redirect' },
  },
  paymentWindowMs: 30 * 60_000,
  available: () => true,
  mode: () => 'sandbox',
  // Only once a subscription was made for it: an order nobody subscribed for took nothing.
  mayHaveCharged: (order) => order.subscriptionId !== null,
  begin: (order) =>
    Promise.resolve({
      ok: true,
      start: { kind: 'redirect', redirectUrl: `https://renewco.test/subscribe/${order.id}` },
    }),

  async handleCallback(input) {
    const {
      subscription,
      order: orderId,
      cycle,
    } = JSON.parse(input.rawBody) as {
      subscription: string;
      order: string;
      cycle: number;
    };
    const sql = await ledgerSql();
    const first = await findOrder(sql, orderId);
    if (!first || first.gateway !== RENEWING_GATEWAY_ID) return reply(404, 'unknown_order');
    const now = new Date();
    const bound = await sql.transaction((tx) =>
      bindSubscription(
        tx,
        {
          id: subscription,
          gateway: RENEWING_GATEWAY_ID,
          orderId,
          planId: first.plan,
          quantity: 1,
          status: 'LIVE',
          state: 'active',
        },
        now,
      ),
    );
    if (bound === 'conflict') return reply(409, 'conflict');
    const order = await cycleOrder(sql, first, subscription, cycle, now);
    const outcome = await settleRenewalCycle(first, subscription, {
      gateway: RENEWING_GATEWAY_ID,
      transactionId: `${subscription}/${cycle}`,
      orderId: order.id,
      amount: order.amount,
      currency: order.currency,
      result: 'succeeded',
      resultCode: 'CHARGED',
      payload: { subscription, cycle },
      now,
    });
    return reply(200, outcome);
  },
  tooLarge: reply(413, 'too_large'),

  query: () => Promise.resolve({ state: 'pending' }),
  subscriptions: {
    list: () => Promise.resolve([]),
    stop: () => Promise.resolve('not_found'),
  },
  sandbox: () => null,
};
