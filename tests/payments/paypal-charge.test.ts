import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { POST as confirmRoute } from '@/app/api/payments/paypal/confirm/route';
import { POST as webhookRoute } from '@/app/api/payments/paypal/webhook/route';
import { reloadEnv, resetPaypalTokens, resetRateLimits } from '@/lib/server/testing';
import { findOrder } from '@/lib/server/ledger/orders';
import { setSubscriptionStatus } from '@/lib/server/ledger/subscriptions';
import type { Order } from '@/lib/server/ledger/types';
import { paypalConfig } from '@/lib/server/payments/paypal/config';
import { reconcile } from '@/lib/server/payments/reconcile';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, pendingTeamOrder, sessionCookie } from '../support/money';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';

/**
 * PayPal itself, played by a server on 127.0.0.1: the buyer's browser creates the subscription, so
 * what PayPal reports charging (billing_info.last_payment, plan_overridden) is the only money
 * evidence a subscription read carries. Each case reports a subscription whose plan, quantity and
 * custom id are the order's, but whose charge is not.
 */
const subscriptions = new Map<string, Record<string, unknown>>();
let server: Server;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const read = /^\/v1\/billing\/subscriptions\/([^/]+)$/.exec(req.url ?? '');
      if (req.url === '/v1/oauth2/token') send(200, { access_token: 'fake-token', expires_in: 3600 });
      else if (req.url === '/v1/notifications/verify-webhook-signature') send(200, { verification_status: 'SUCCESS' });
      else if (read && subscriptions.has(read[1]!)) send(200, subscriptions.get(read[1]!));
      else send(404, { name: 'RESOURCE_NOT_FOUND' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const vars = {
    NEXT_PUBLIC_PAYPAL_CLIENT_ID: 'fake-client',
    PAYPAL_CLIENT_SECRET: 'fake-secret',
    PAYPAL_WEBHOOK_ID: 'WH-FAKE',
    PAYPAL_PLAN_IDS: 'P-I0/P-I1/P-I2|P-T0/P-T1/P-T2',
    PAYPAL_API_BASE: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
  for (const [name, value] of Object.entries(vars)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  reloadEnv();
  resetPaypalTokens();
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  reloadEnv();
  resetPaypalTokens();
  await new Promise((resolve) => server.close(resolve));
});

/** Alice's team_pro order for 25 seats (3 blocks), six months: 269.82 USD. */
const teamOrder = () =>
  pendingTeamOrder({ gateway: 'paypal', method: 'paypal', currency: 'USD', amount: 26_982, period: 'period1' });

let nextId = 0;
/** Registers the subscription PayPal reports for `order`: ACTIVE, one cycle paid, charged `charge`. */
function reportSubscription(
  order: Order,
  charge: { currency_code: string; value: string } | null,
  extra: Record<string, unknown> = {},
  paidCycles = 1,
  id = `I-CHARGE${String((nextId += 1)).padStart(6, '0')}`,
): string {
  subscriptions.set(id, {
    id,
    status: paidCycles > 0 ? 'ACTIVE' : 'APPROVED',
    plan_id: paypalConfig()!.planIds.team_pro.period1,
    quantity: '3',
    custom_id: order.id,
    billing_info: {
      cycle_executions: [{ tenure_type: 'REGULAR', sequence: 1, cycles_completed: paidCycles }],
      ...(charge ? { last_payment: { amount: charge, time: '2026-11-25T00:00:00Z' } } : {}),
    },
    ...extra,
  });
  return id;
}

const confirm = async (orderId: string, subscriptionId: string) => {
  const response = await confirmRoute(
    new NextRequest('http://localhost:3000/api/payments/paypal/confirm', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        cookie: await sessionCookie(alice),
      },
      body: JSON.stringify({ orderId, subscriptionId }),
    }),
  );
  return { status: response.status, body: (await response.json()) as { redirectUrl?: string } };
};

const webhook = async (subscriptionId: string) => {
  nextId += 1;
  const response = await webhookRoute(
    new NextRequest('http://localhost:3000/api/payments/paypal/webhook', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1',
        'paypal-transmission-id': `t-${nextId}`,
        'paypal-transmission-sig': 'c2ln',
        'paypal-transmission-time': new Date().toISOString(),
      },
      body: JSON.stringify({
        id: `WH-CHARGE-${nextId}`,
        event_type: 'BILLING.SUBSCRIPTION.ACTIVATED',
        resource: { id: subscriptionId },
      }),
    }),
  );
  return response.status;
};

/** An order bound to its subscription while it was only approved; then PayPal charged `charge`. */
async function boundThenCharged(charge: { currency_code: string; value: string } | null, extra = {}) {
  const order = await teamOrder();
  const id = reportSubscription(order, null, {}, 0);
  expect((await confirm(order.id, id)).body.redirectUrl).toContain('status=processing');
  reportSubscription(order, charge, extra, 1, id);
  return order;
}

const rightPrice = { currency_code: 'USD', value: '269.82' };
const wrongCharges: Array<[string, { currency_code: string; value: string } | null, Record<string, unknown>]> = [
  ['another price (0.01 USD)', { currency_code: 'USD', value: '0.01' }, {}],
  ['another currency (269.82 EUR)', { currency_code: 'EUR', value: '269.82' }, {}],
  ['plan_overridden: true (even at the right price)', rightPrice, { plan_overridden: true }],
  ['no last_payment at all', null, {}],
];

describe.each(storeKinds)('PayPal grants only what PayPal charged the order’s price, on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(resetRateLimits);
  const grants = async () =>
    Number((await store().sql.query<{ n: number }>('SELECT count(*)::int AS n FROM directory_grants')).rows[0]!.n);
  const status = async (id: string) => (await findOrder(store().sql, id))?.status;

  it('confirm, the webhook and reconciliation grant a subscription that reports the order’s amount and currency', async () => {
    // One renewal of the team's plan at a time (a second live one goes to review): each is stopped
    // before the next one starts.
    const stop = async (id: string) => {
      subscriptions.get(id)!.status = 'CANCELLED';
      await setSubscriptionStatus(store().sql, id, { status: 'CANCELLED', state: 'stopped' }, new Date());
    };
    const confirmed = await teamOrder();
    const first = reportSubscription(confirmed, rightPrice);
    expect((await confirm(confirmed.id, first)).body.redirectUrl).toContain('status=success');
    await stop(first);
    const webhooked = await teamOrder();
    const second = reportSubscription(webhooked, rightPrice);
    expect(await webhook(second)).toBe(200);
    await stop(second);
    const reconciled = await boundThenCharged(rightPrice);
    await reconcile({ now: new Date(Date.now() + 3_600_000) });
    for (const order of [confirmed, webhooked, reconciled]) expect(await status(order.id)).toBe('paid');
    await backgroundDeliveriesFinished();
    expect(await grants()).toBe(3);
  });

  it.each(wrongCharges)(
    'confirm puts a subscription charged %s to review and answers failed2, granting nothing',
    async (_case, charge, extra) => {
      const order = await teamOrder();
      const answer = await confirm(order.id, reportSubscription(order, charge, extra));
      expect(answer).toEqual({
        status: 200,
        body: { redirectUrl: `/vi/pay?status=failed&code=failed2&order=${order.id}` },
      });
      expect(await status(order.id)).toBe('needs_review');
      await backgroundDeliveriesFinished();
      expect(await grants()).toBe(0);
    },
  );

  it.each(wrongCharges)(
    'a BILLING.SUBSCRIPTION webhook puts a subscription charged %s to review, granting nothing',
    async (_case, charge, extra) => {
      const order = await teamOrder();
      expect(await webhook(reportSubscription(order, charge, extra))).toBe(200);
      expect(await status(order.id)).toBe('needs_review');
      await backgroundDeliveriesFinished();
      expect(await grants()).toBe(0);
    },
  );

  it.each(wrongCharges)(
    'reconciliation puts a subscription charged %s to review, granting nothing',
    async (_case, charge, extra) => {
      const order = await boundThenCharged(charge, extra);
      await reconcile({ now: new Date(Date.now() + 3_600_000) });
      expect(await status(order.id)).toBe('needs_review');
      await backgroundDeliveriesFinished();
      expect(await grants()).toBe(0);
    },
  );
});
