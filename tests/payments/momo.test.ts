import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { POST as checkout } from '@/app/api/checkout/route';
import { installDatabase, resetRateLimits } from '@/lib/server/testing';
import { findOrder } from '@/lib/server/ledger/orders';
import { createPayment, createRequest, queryRequest, requestTypes } from '@/lib/server/payments/momo/client';
import type { MomoConfig } from '@/lib/server/payments/momo/config';
import { decide } from '@/lib/server/payments/momo/sandbox';
import { CREATE_FIELDS, QUERY_FIELDS, RESULT_FIELDS, rawSignature, sign } from '@/lib/server/payments/momo/signature';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, gatewayRoutes, pendingTeamOrder, sessionCookie } from '../support/money';
import { momoIpnRequest, momoResultFields, momoReturnRequest, momoSandbox } from '../support/momo';
import { serveSiteForFile } from '../support/site-server';
import { log } from '@/lib/server/observability/log';
import { env } from '@/lib/server/env';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';

// MoMo's public sample credentials (github.com/momo-wallet/payment, nodejs/MoMo.js); the expected
// digests were computed independently (Python hmac/hashlib) from the documented field orders.
const sample = { partnerCode: 'MOMO', accessKey: 'F8BBA842ECF85', secretKey: 'K951B6PE1waDMi640xX08PD3vg6EkVlz' };

describe('MoMo signatures (golden vectors)', () => {
  it('signs a create request over the ten documented fields in alphabetical order, raw values', () => {
    const values = {
      ...sample,
      amount: 50000,
      extraData: '',
      ipnUrl: 'https://callback.url/notify',
      orderId: 'MOMO1540456472575',
      orderInfo: 'pay with MoMo',
      redirectUrl: 'https://momo.vn/return',
      requestId: 'MOMO1540456472575',
      requestType: 'captureWallet',
    };
    expect(rawSignature(CREATE_FIELDS, values)).toBe(
      'accessKey=F8BBA842ECF85&amount=50000&extraData=&ipnUrl=https://callback.url/notify&orderId=MOMO1540456472575&orderInfo=pay with MoMo&partnerCode=MOMO&redirectUrl=https://momo.vn/return&requestId=MOMO1540456472575&requestType=captureWallet',
    );
    expect(sign(CREATE_FIELDS, values, sample.secretKey)).toBe(
      '66ce74174353c8e6f7a2e998c36e4f505627f2f00f21ca3b5d0eb05e4e21d8fe',
    );
  });

  it('signs an IPN / redirect result over its thirteen fields, numbers as plain decimals', () => {
    const values = {
      accessKey: sample.accessKey,
      amount: 50000,
      extraData: '',
      message: 'Successful.',
      orderId: 'MOMO1540456472575',
      orderInfo: 'pay with MoMo',
      orderType: 'momo_wallet',
      partnerCode: 'MOMO',
      payType: 'qr',
      requestId: 'MOMO1540456472575',
      responseTime: 1700000000000,
      resultCode: 0,
      transId: 4088878653,
    };
    expect(sign(RESULT_FIELDS, values, sample.secretKey)).toBe(
      '060f55de75ba30f98e571eb2c901df5c9c34be09a7413b529a92241e56833089',
    );
    // The same values as strings (the redirect's query) sign identically.
    const asStrings = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
    expect(sign(RESULT_FIELDS, asStrings, sample.secretKey)).toBe(sign(RESULT_FIELDS, values, sample.secretKey));
  });

  it('signs a query over accessKey, orderId, partnerCode, requestId', () => {
    const config = { ...sample, mode: 'live', endpoint: '', redirectUrl: '', ipnUrl: '' } satisfies MomoConfig;
    const body = queryRequest('MOMO1540456472575', config, 'MOMO1540456472576');
    expect(body.signature).toBe('a3364987721fc96ccb456a22ef6bdc1d00b60e739935499740e3cfba8f2e06ab');
    expect(rawSignature(QUERY_FIELDS, body)).toBe(
      'accessKey=F8BBA842ECF85&orderId=MOMO1540456472575&partnerCode=MOMO&requestId=MOMO1540456472576',
    );
  });

  it('maps the pay page’s methods to MoMo request types', () => {
    expect(requestTypes).toEqual({ wallet: 'captureWallet', atm_card: 'payWithATM', credit_card: 'payWithCC' });
  });
});

describe('the MoMo create call, against a misbehaving MoMo', () => {
  const config = (endpoint: string): MomoConfig => ({
    ...sample,
    mode: 'live',
    endpoint,
    redirectUrl: 'http://localhost:3000/api/payments/momo/return',
    ipnUrl: 'http://localhost:3000/api/payments/momo/ipn',
  });
  const order = {
    id: 'a'.repeat(32),
    amount: 50_000,
    plan: 'individual_pro',
    period: 'period0',
    method: 'atm_card',
    locale: 'vi',
  } as Parameters<typeof createPayment>[0];

  async function withServer(handler: (body: string) => { status: number; body?: unknown; delayMs?: number }) {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push(body);
        const answer = handler(body);
        setTimeout(() => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer.body ?? {}));
        }, answer.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { url, seen, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('sends the signed create body and takes payUrl on resultCode 0', async () => {
    const momo = await withServer(() => ({ status: 200, body: { resultCode: 0, payUrl: 'https://pay.example/x' } }));
    const result = await createPayment(order, config(momo.url));
    await momo.close();
    expect(result).toMatchObject({ ok: true, payUrl: 'https://pay.example/x' });
    const sent = JSON.parse(momo.seen[0]!);
    expect(sent).toMatchObject({ requestType: 'payWithATM', amount: 50_000, orderId: order.id, lang: 'vi' });
    expect(sent.signature).toBe(sign(CREATE_FIELDS, sent, sample.secretKey));
  });

  it('reports a non-zero resultCode as refused, and silence past the timeout as a timeout', async () => {
    const refusing = await withServer(() => ({ status: 200, body: { resultCode: 22, message: 'out of range' } }));
    expect(await createPayment(order, config(refusing.url))).toMatchObject({
      ok: false,
      failure: 'refused',
      resultCode: 22,
    });
    await refusing.close();
    const slow = await withServer(() => ({ status: 200, body: { resultCode: 0, payUrl: 'https://x' }, delayMs: 500 }));
    expect(await createPayment(order, config(slow.url), 100)).toMatchObject({ ok: false, failure: 'timeout' });
    await slow.close();
    expect(await createPayment(order, config('http://127.0.0.1:1'))).toMatchObject({
      ok: false,
      failure: 'unreachable',
    });
  });

  it('builds the request the sample documents: partner, keys, urls, empty extraData', () => {
    const body = createRequest(order, config('http://x'), 'req-1');
    expect(Object.keys(body).sort()).toEqual([...CREATE_FIELDS, 'lang', 'signature'].sort());
    expect(body.extraData).toBe('');
  });
});

// One server for the whole file: the configuration (and so SITE_URL) is read once per file.
serveSiteForFile();

describe.each(storeKinds)('MoMo through its local sandbox on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(resetRateLimits);
  const routes = gatewayRoutes('momo');
  const ipn = (fields: Record<string, string | number> | string) =>
    routes.ipn(momoIpnRequest(typeof fields === 'string' ? fields : JSON.stringify(fields)));
  const momoOrder = () => pendingTeamOrder({ gateway: 'momo', method: 'wallet' });
  const orderStatus = async (id: string) => (await findOrder(store().sql, id))?.status;
  const seats = async () =>
    (await store().sql.query<{ seats: number }>("SELECT seats FROM teams WHERE team_id = '-1002001'")).rows[0]!.seats;
  const count = async (table: string) =>
    Number((await store().sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);

  async function post(body: unknown, locale = 'vi', key = `momo-key-${Math.random().toString(36).slice(2)}`) {
    // The page's Origin is the configured site's (SITE_URL), whatever address the request reached.
    const origin = new URL(env().SITE_URL).origin;
    return checkout(
      new NextRequest(`${origin}/api/checkout`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin,
          'accept-language': locale,
          'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          cookie: await sessionCookie(alice),
          'idempotency-key': key,
        },
        body: JSON.stringify(body),
      }),
    );
  }

  it('checkout asks MoMo (the sandbox, over HTTP) for a payment and answers its payUrl; a repeat replays it', async () => {
    const selection = { plan: 'team_pro', period: 'period1', seats: 25, gateway: 'momo', method: 'atm_card' };
    const response = await post(selection, 'vi', 'momo-checkout-key-0001');
    expect(response.status).toBe(200);
    const { redirectUrl } = (await response.json()) as { redirectUrl: string };
    expect(redirectUrl).toMatch(/\/api\/payments\/momo\/sandbox\/pay\?orderId=[a-f0-9]{32}$/);
    const orderId = new URL(redirectUrl).searchParams.get('orderId')!;
    const order = await findOrder(store().sql, orderId);
    expect(order).toMatchObject({ gateway: 'momo', method: 'atm_card', amount: 6_300_000, status: 'pending' });
    expect(order?.gatewayRef).toMatch(new RegExp(`^${orderId}-[a-f0-9]{12}$`));
    // The same checkout again (same key): the same payUrl, without a second create (MoMo would say 41).
    const again = await post(selection, 'vi', 'momo-checkout-key-0001');
    expect(((await again.json()) as { redirectUrl: string }).redirectUrl).toBe(redirectUrl);
    expect(await count('gateway_sandbox')).toBe(1);
  });

  it('the sandbox approves: a signed IPN settles the order once, and the return shows success', async () => {
    const order = await momoOrder();
    const { createPayment: create } = await import('@/lib/server/payments/momo/client');
    const created = await create(order, momoSandbox());
    expect(created.ok).toBe(true);
    const notified: string[] = [];
    const returnUrl = await decide(order.id, 'approve', momoSandbox(), async (body) => {
      notified.push(body);
      expect((await ipn(body)).status).toBe(204);
    });
    expect(notified).toHaveLength(1);
    expect(await orderStatus(order.id)).toBe('paid');
    await backgroundDeliveriesFinished();
    expect(await seats()).toBe(30);
    const shown = await routes.return(new NextRequest(returnUrl!));
    expect(shown.headers.get('location')).toMatch(new RegExp(`/vi/pay\\?status=success&order=${order.id}$`));
    // MoMo delivering the same IPN again changes nothing.
    expect((await ipn(notified[0]!)).status).toBe(204);
    expect(await count('outbox')).toBe(1);
    expect(await count('payment_events')).toBe(1);
  });

  it('the sandbox’s decline choice sends MoMo’s own code: 1004 fails the order and the return reads the limit, not failed1', async () => {
    const order = await momoOrder();
    expect((await createPayment(order, momoSandbox())).ok).toBe(true);
    const notified: string[] = [];
    const returnUrl = await decide(
      order.id,
      'decline',
      momoSandbox(),
      async (body) => {
        notified.push(body);
        expect((await ipn(body)).status).toBe(204);
      },
      { decline: '1004' },
    );
    expect(JSON.parse(notified[0]!)).toMatchObject({ resultCode: 1004 });
    expect(await orderStatus(order.id)).toBe('failed');
    const shown = await routes.return(new NextRequest(returnUrl!));
    expect(shown.headers.get('location')).toMatch(
      new RegExp(`/vi/pay\\?status=declined&reason=limit_exceeded&order=${order.id}$`),
    );
  });

  it('answers 401 to a bad signature and 400 to a signed body of the wrong shape, changing nothing', async () => {
    const order = await momoOrder();
    const tampered = { ...momoResultFields(order), amount: 1_000 };
    expect((await ipn(tampered)).status).toBe(401);
    expect((await ipn(momoResultFields(order, {}, 'not-the-secret-key'))).status).toBe(401);
    expect((await ipn('{"not json')).status).toBe(401);
    expect((await ipn({ ...momoResultFields(order), signature: 'A'.repeat(63) })).status).toBe(401);
    const wrongShape = momoResultFields(order, { amount: 'lots' });
    expect((await ipn(wrongShape)).status).toBe(400);
    expect(await orderStatus(order.id)).toBe('pending');
    expect(await count('payment_events')).toBe(0);
  });

  it('verifies numbers sent as strings too, and accepts an upper-case signature', async () => {
    const order = await momoOrder();
    const fields = momoResultFields(order);
    const asStrings = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    asStrings.signature = asStrings.signature!.toUpperCase();
    expect((await ipn(asStrings)).status).toBe(204);
    expect(await orderStatus(order.id)).toBe('paid');
  });

  it('a wrong amount goes to review with no plan; an unknown order is acknowledged and logged', async () => {
    const order = await momoOrder();
    expect((await ipn(momoResultFields({ id: order.id, amount: order.amount - 1 }))).status).toBe(204);
    expect(await orderStatus(order.id)).toBe('needs_review');
    await backgroundDeliveriesFinished();
    expect(await seats()).toBe(10);
    const error = jest.spyOn(log(), 'error').mockImplementation(() => undefined);
    expect((await ipn(momoResultFields({ id: 'f'.repeat(32), amount: 1000 }))).status).toBe(204);
    expect(error).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('unknown order'));
    error.mockRestore();
  });

  it('a final failure (1006, cancelled) fails the order; a non-final code (1000, 7000) leaves it pending', async () => {
    const waiting = await momoOrder();
    expect((await ipn(momoResultFields(waiting, { resultCode: 1000, transId: 0 }))).status).toBe(204);
    expect((await ipn(momoResultFields(waiting, { resultCode: 7000 }))).status).toBe(204);
    expect(await orderStatus(waiting.id)).toBe('pending');
    const cancelled = await momoOrder();
    expect((await ipn(momoResultFields(cancelled, { resultCode: 1006, message: 'Denied' }))).status).toBe(204);
    expect(await orderStatus(cancelled.id)).toBe('failed');
    await backgroundDeliveriesFinished();
    expect(await seats()).toBe(10);
  });

  it('answers 500 when the ledger is down, so MoMo retries; the retry settles', async () => {
    const order = await momoOrder();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    installDatabase(Promise.reject(new Error('database is down')));
    expect((await ipn(momoResultFields(order))).status).toBe(500);
    installDatabase(Promise.resolve(store()));
    expect((await ipn(momoResultFields(order))).status).toBe(204);
    expect(await orderStatus(order.id)).toBe('paid');
  });

  it('the return shows the stored state only: pending before the IPN, failed1 when forged', async () => {
    const order = await momoOrder();
    const before = await routes.return(momoReturnRequest(momoResultFields(order)));
    expect(before.headers.get('location')).toMatch(new RegExp(`/vi/pay\\?status=processing&order=${order.id}$`));
    expect(await orderStatus(order.id)).toBe('pending');
    const forged = await routes.return(momoReturnRequest({ ...momoResultFields(order), signature: 'a'.repeat(64) }));
    expect(forged.headers.get('location')).toMatch(/\/pay\?status=failed&code=failed1$/);
  });

  it('a create call that times out is a translated 504, one MoMo refuses a translated 502 — never a 500', async () => {
    const selection = { plan: 'individual_pro', period: 'period0', gateway: 'momo', method: 'wallet' };
    const timeout = Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockRejectedValueOnce(timeout);
    const timedOut = await post(selection);
    expect(timedOut.status).toBe(504);
    const body = (await timedOut.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('gateway_timeout');
    expect(body.error.message).toMatch(/Cổng thanh toán/);

    fetchSpy.mockResolvedValueOnce(Response.json({ resultCode: 99, message: 'Unknown error' }));
    const refused = await post(selection, 'en');
    fetchSpy.mockRestore();
    expect(refused.status).toBe(502);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('gateway_error');
  });
});
