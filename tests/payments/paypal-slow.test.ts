import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { GET as payView } from '@/app/api/pay/view/route';
import { POST as stopRoute } from '@/app/api/pay/renewals/stop/route';
import { ledgerSql } from '@/lib/server/db';
import { rateLimit } from '@/lib/server/http/rate-limit';
import { bindSubscription, findSubscription } from '@/lib/server/ledger/subscriptions';
import { DISPLAY_READ_MS } from '@/lib/server/payments/paypal/client';
import { settlePayment } from '@/lib/server/payments/settle';
import type { PayPageView } from '@/lib/shared/pay-view';
import { alice, pendingTeamOrder, sessionCookie } from '../support/money';
import { storeKinds, useTestStore } from '../support/stores';
import { useEnv } from '../support/env';
import { resetPaypalTokens, resetRateLimits } from '@/lib/server/testing';

/*
 * PayPal played by a server on 127.0.0.1 that can hang on a subscription read, and that cancels a
 * subscription but never answers the cancel call (the connection drops): what a subscriber's pay
 * page does when PayPal is slow, and what "stop" looks like when PayPal did it but we never heard.
 */
const origin = 'http://localhost:3000';
const subscriptions = new Map<string, { status: string; hang: boolean }>();
let server: Server;
const savedApiBase = process.env.PAYPAL_API_BASE;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const read = /^\/v1\/billing\/subscriptions\/([^/]+)$/.exec(req.url ?? '');
      const cancel = /^\/v1\/billing\/subscriptions\/([^/]+)\/cancel$/.exec(req.url ?? '');
      if (req.url === '/v1/oauth2/token') return send(200, { access_token: 'fake-token', expires_in: 3600 });
      const known = subscriptions.get((read ?? cancel)?.[1] ?? '');
      if (!known) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      if (cancel) {
        known.status = 'CANCELLED';
        return req.socket.destroy();
      }
      if (known.hang) return; // never answers
      send(200, {
        id: read![1],
        status: known.status,
        plan_id: 'P-T0',
        billing_info: { next_billing_time: '2027-01-01T00:00:00Z' },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.PAYPAL_API_BASE = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (savedApiBase === undefined) delete process.env.PAYPAL_API_BASE;
  else process.env.PAYPAL_API_BASE = savedApiBase;
  resetPaypalTokens();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function view() {
  const response = await payView(
    new NextRequest(`${origin}/api/pay/view`, { headers: { cookie: await sessionCookie(alice), origin } }),
  );
  const body = (await response.json()) as PayPageView;
  return body.kind === 'form' ? body.renewals : [];
}

async function stop(id: string) {
  const response = await stopRoute(
    new NextRequest(`${origin}/api/pay/renewals/stop`, {
      method: 'POST',
      headers: { cookie: await sessionCookie(alice), origin, 'content-type': 'application/json' },
      body: JSON.stringify({ gateway: 'paypal', id }),
    }),
  );
  return response.status;
}

let next = 0;
/** Alice's monthly Team Pro at PayPal, its first payment settled: a running renewal. */
async function runningRenewal(hang = false): Promise<string> {
  const id = `I-SLOW${String((next += 1)).padStart(6, '0')}`;
  const order = await pendingTeamOrder({ gateway: 'paypal', method: 'paypal', currency: 'USD', amount: 3_798 });
  const sql = await ledgerSql();
  await bindSubscription(
    sql,
    { id, gateway: 'paypal', orderId: order.id, planId: 'P-T0', quantity: 3, status: 'ACTIVE', state: 'active' },
    new Date(),
  );
  await settlePayment({
    gateway: 'paypal',
    transactionId: `${id}#1`,
    orderId: order.id,
    amount: order.amount,
    currency: 'USD',
    result: 'succeeded',
    resultCode: 'ACTIVE',
    payload: {},
    now: new Date(),
  });
  subscriptions.set(id, { status: 'ACTIVE', hang });
  return id;
}

describe.each(storeKinds)('a subscriber’s pay page while PayPal is slow, on %s', (kind) => {
  useEnv({
    NEXT_PUBLIC_PAYPAL_CLIENT_ID: 'fake-client',
    PAYPAL_CLIENT_SECRET: 'fake-secret',
    PAYPAL_WEBHOOK_ID: 'WH-FAKE',
    PAYPAL_PLAN_IDS: 'P-I0/P-I1/P-I2|P-T0/P-T1/P-T2',
  });
  const store = useTestStore(kind);
  beforeEach(resetRateLimits);

  it('opens within the display budget while PayPal hangs, showing the renewal as the ledger knows it', async () => {
    const id = await runningRenewal(true);
    const started = performance.now();
    const renewals = await view();
    expect(performance.now() - started).toBeLessThan(DISPLAY_READ_MS + 1_000);
    expect(renewals.find((renewal) => renewal.id === id)).toMatchObject({ status: 'active', nextBillingAt: null });
  });

  it('a cancel PayPal completed while we heard nothing is "try again" at once and "stopped" on the next view', async () => {
    const id = await runningRenewal();
    expect((await view()).find((renewal) => renewal.id === id)).toMatchObject({ status: 'active' });
    expect(await stop(id)).toBe(503);
    expect((await view()).find((renewal) => renewal.id === id)).toMatchObject({ status: 'stopped' });
    expect((await findSubscription(store().sql, id))?.status).toBe('CANCELLED');
  });

  it('stopping a renewal has its own rate limit: a payer who used up checkout’s can still stop one', async () => {
    const id = await runningRenewal();
    const key = `${alice.platform}:${alice.userId}`;
    while (!(await rateLimit([['checkoutPerSession', key]]))) {
      // use up the checkout bucket
    }
    expect(await stop(id)).toBe(503); // PayPal drops the call, but the request was not refused with 429
    subscriptions.get(id)!.status = 'ACTIVE';
    let refused = 0;
    for (let i = 0; i < 12; i += 1) if ((await stop(id)) === 429) refused += 1;
    expect(refused).toBeGreaterThan(0);
  });
});
