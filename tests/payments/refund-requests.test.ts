import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Order } from '@/lib/server/ledger/types';
import type { RefundCall } from '@/lib/server/payments/gateway';
import { refundPayment as vnpayRefund } from '@/lib/server/payments/vnpay/refund';
import { refundPayment as momoRefund, refundsOf as momoRefunds } from '@/lib/server/payments/momo/refund';
import { paypalClient } from '@/lib/server/payments/paypal/client';
import type { PaypalConfig } from '@/lib/server/payments/paypal/config';
import { reloadEnv, resetPaypalTokens } from '@/lib/server/testing';
import { REFUND_RESPONSE_FIELDS } from '@/lib/server/payments/vnpay/refund';
import { refundOrder } from '@/lib/server/payments/refunds/refund-order';
import { refundsOfOrder } from '@/lib/server/ledger/refunds';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import { storeKinds, useTestStore } from '../support/stores';
import { gatewayRoutes, ipnRequest, pendingTeamOrder, vnpayCallback } from '../support/money';

/*
 * Each gateway's refund call, checked by a fake gateway on 127.0.0.1 with its own implementation of
 * the gateway's signature (written here from the documented field orders, not the project's
 * signer), answering as the gateway would: yes, no, or nothing readable.
 */

type Handler = (request: { url: string; headers: IncomingMessage['headers']; body: string }) => {
  status?: number;
  json: unknown;
};

function fakeGateway(): { url: () => string; answer: (handler: Handler) => void; seen: () => unknown[] } {
  let server: Server | undefined;
  let handler: Handler = () => ({ json: {} });
  const seen: unknown[] = [];
  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = body;
        try {
          parsed = body ? JSON.parse(body) : null;
        } catch {
          // a form body (PayPal's token call): kept as text
        }
        seen.push({ url: req.url, body: parsed, headers: req.headers });
        const { status = 200, json } = handler({ url: req.url ?? '', headers: req.headers, body });
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server!.close(() => resolve())));
  beforeEach(() => {
    seen.length = 0;
  });
  return {
    url: () => `http://127.0.0.1:${(server!.address() as AddressInfo).port}`,
    answer: (next) => (handler = next),
    seen: () => seen,
  };
}

const order = {
  id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  amount: 6_300_000,
  currency: 'VND',
  createdAt: new Date('2026-11-20T03:04:05Z'),
} as Order;

const call = (overrides: Partial<RefundCall> = {}): RefundCall => ({
  refundId: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  order,
  payment: { transactionId: `${order.id}:14422574`, payload: { vnp_TransactionNo: '14422574', transId: 4088878653 } },
  amount: 2_000_000,
  whole: false,
  reason: 'customer asked',
  by: 'ops',
  ...overrides,
});

const hmac = (algorithm: string, key: string, text: string) =>
  createHmac(algorithm, key).update(text, 'utf8').digest('hex');

describe('VNPay refund request, against a fake VNPay on 127.0.0.1', () => {
  const vnpay = fakeGateway();
  const secret = 'VNPAYSECRETKEYFORTESTS0123456789';
  const config = () => ({
    mode: 'live' as const,
    tmnCode: 'QUORUM01',
    hashSecret: secret,
    paymentUrl: `${vnpay.url()}/pay`,
    apiUrl: `${vnpay.url()}/merchant_webapi/api/transaction`,
    returnUrl: 'https://quorum.example/return',
  });
  /** VNPay's documented order for a refund request, joined with `|`. */
  const requestData = (f: Record<string, string>) =>
    [
      f.vnp_RequestId,
      f.vnp_Version,
      f.vnp_Command,
      f.vnp_TmnCode,
      f.vnp_TransactionType,
      f.vnp_TxnRef,
      f.vnp_Amount,
      f.vnp_TransactionNo,
      f.vnp_TransactionDate,
      f.vnp_CreateBy,
      f.vnp_CreateDate,
      f.vnp_IpAddr,
      f.vnp_OrderInfo,
    ].join('|');
  const signedAnswer = (fields: Record<string, string>, key = secret) => {
    const data = [
      'vnp_ResponseId',
      'vnp_Command',
      'vnp_ResponseCode',
      'vnp_Message',
      'vnp_TmnCode',
      'vnp_TxnRef',
      'vnp_Amount',
      'vnp_BankCode',
      'vnp_PayDate',
      'vnp_TransactionNo',
      'vnp_TransactionType',
      'vnp_TransactionStatus',
      'vnp_OrderInfo',
    ]
      .map((k) => fields[k] ?? '')
      .join('|');
    return { ...fields, vnp_SecureHash: hmac('sha512', key, data) };
  };
  const answerFor = (request: Record<string, string>, code: string) =>
    signedAnswer({
      vnp_ResponseId: '123456789',
      vnp_Command: 'refund',
      vnp_ResponseCode: code,
      vnp_Message: code === '00' ? 'Refund success' : 'Refund request already pending',
      vnp_TmnCode: request.vnp_TmnCode!,
      vnp_TxnRef: request.vnp_TxnRef!,
      vnp_Amount: request.vnp_Amount!,
      vnp_BankCode: 'NCB',
      vnp_PayDate: '20261126100000',
      vnp_TransactionNo: '14499999',
      vnp_TransactionType: request.vnp_TransactionType!,
      vnp_TransactionStatus: '05',
      vnp_OrderInfo: request.vnp_OrderInfo!,
    });

  it('signs the refund over VNPay’s thirteen fields in order, names the payment by its TransactionNo and the payment date, and believes a signed 00', async () => {
    let valid = false;
    vnpay.answer(({ body }) => {
      const request = JSON.parse(body) as Record<string, string>;
      valid = hmac('sha512', secret, requestData(request)) === request.vnp_SecureHash;
      return { json: answerFor(request, '00') };
    });
    const answer = await vnpayRefund(call(), config(), new Date('2026-11-26T01:00:00Z'));
    expect(valid).toBe(true);
    expect(answer).toEqual({ state: 'succeeded', gatewayRef: '14499999', code: '00' });
    expect(vnpay.seen()[0]).toMatchObject({
      url: '/merchant_webapi/api/transaction',
      body: {
        vnp_RequestId: call().refundId,
        vnp_Command: 'refund',
        vnp_TransactionType: '03',
        vnp_TxnRef: order.id,
        vnp_Amount: '200000000',
        vnp_TransactionNo: '14422574',
        vnp_TransactionDate: '20261120100405',
        vnp_CreateDate: '20261126080000',
      },
    });
  });

  it('names no refund by the payment’s own number when VNPay answers with it', async () => {
    vnpay.answer(({ body }) => {
      const request = JSON.parse(body) as Record<string, string>;
      const { vnp_SecureHash: _signed, ...fields } = answerFor(request, '00');
      return { json: signedAnswer({ ...fields, vnp_TransactionNo: request.vnp_TransactionNo! }) };
    });
    expect(await vnpayRefund(call(), config(), new Date())).toEqual({
      state: 'succeeded',
      gatewayRef: null,
      code: '00',
    });
  });

  it('asks for type 02 when the whole payment goes back', async () => {
    vnpay.answer(({ body }) => ({ json: answerFor(JSON.parse(body) as Record<string, string>, '00') }));
    await vnpayRefund(call({ amount: order.amount, whole: true }), config(), new Date());
    expect(vnpay.seen()[0]).toMatchObject({ body: { vnp_TransactionType: '02', vnp_Amount: '630000000' } });
  });

  it('reads 94 as a no with VNPay’s reason, and an answer signed with another key as no answer at all', async () => {
    vnpay.answer(({ body }) => ({ json: answerFor(JSON.parse(body) as Record<string, string>, '94') }));
    expect(await vnpayRefund(call(), config(), new Date())).toMatchObject({
      state: 'refused',
      code: '94',
      message: expect.stringContaining('already being processed'),
    });
    vnpay.answer(({ body }) => {
      const request = JSON.parse(body) as Record<string, string>;
      const forged = answerFor(request, '00');
      return { json: signedAnswer({ ...forged, vnp_SecureHash: '' }, 'another-secret') };
    });
    expect(await vnpayRefund(call(), config(), new Date())).toMatchObject({ state: 'unknown' });
  });
});

describe('MoMo refund request, against a fake MoMo on 127.0.0.1', () => {
  const momo = fakeGateway();
  const config = () => ({
    mode: 'live' as const,
    partnerCode: 'MOMO',
    accessKey: 'F8BBA842ECF85',
    secretKey: 'K951B6PE1waDMi640xX08PD3vg6EkVlz',
    endpoint: momo.url(),
    redirectUrl: 'https://quorum.example/return',
    ipnUrl: 'https://quorum.example/ipn',
  });

  it('signs the refund over accessKey, amount, description, orderId, partnerCode, requestId, transId — our refund id as its order and request id', async () => {
    let valid = false;
    momo.answer(({ body }) => {
      const r = JSON.parse(body) as Record<string, string | number>;
      const raw = `accessKey=${config().accessKey}&amount=${r.amount}&description=${r.description}&orderId=${r.orderId}&partnerCode=${r.partnerCode}&requestId=${r.requestId}&transId=${r.transId}`;
      valid = hmac('sha256', config().secretKey, raw) === r.signature;
      return {
        json: {
          partnerCode: 'MOMO',
          orderId: r.orderId,
          requestId: r.requestId,
          amount: r.amount,
          transId: 2600000001,
          resultCode: 0,
          message: 'Successful.',
        },
      };
    });
    expect(await momoRefund(call(), config())).toEqual({ state: 'succeeded', gatewayRef: '2600000001', code: '0' });
    expect(valid).toBe(true);
    expect(momo.seen()[0]).toMatchObject({
      url: '/v2/gateway/api/refund',
      body: { orderId: call().refundId, requestId: call().refundId, amount: 2_000_000, transId: '4088878653' },
    });
  });

  it('reads 1081 as a no, 7000 (processing) as not known yet, and lists the payment’s refunds from its query with our request id', async () => {
    momo.answer(({ body }) => {
      const r = JSON.parse(body) as Record<string, string>;
      return {
        json: {
          partnerCode: 'MOMO',
          orderId: r.orderId,
          requestId: r.requestId,
          resultCode: 1081,
          message: 'Refund rejected.',
        },
      };
    });
    expect(await momoRefund(call(), config())).toMatchObject({ state: 'refused', code: '1081' });
    momo.answer(({ body }) => {
      const r = JSON.parse(body) as Record<string, string>;
      return { json: { partnerCode: 'MOMO', orderId: r.orderId, requestId: r.requestId, resultCode: 7000 } };
    });
    expect(await momoRefund(call(), config())).toMatchObject({ state: 'unknown' });
    momo.answer(({ body }) => {
      const r = JSON.parse(body) as Record<string, string>;
      return {
        json: {
          partnerCode: 'MOMO',
          orderId: r.orderId,
          resultCode: 0,
          amount: order.amount,
          transId: 4088878653,
          refundTrans: [
            { orderId: call().refundId, amount: 2_000_000, resultCode: 0, transId: 2600000001 },
            { orderId: 'portal-1', amount: 1_000_000, resultCode: 0, transId: 2600000002 },
            { orderId: 'portal-2', amount: 500_000, resultCode: 1080, transId: 2600000003 },
          ],
        },
      };
    });
    expect(await momoRefunds(order, call().payment, config())).toEqual({
      state: 'listed',
      refunds: [
        { gatewayRef: '2600000001', amount: 2_000_000, requestId: call().refundId },
        { gatewayRef: '2600000002', amount: 1_000_000, requestId: 'portal-1' },
      ],
    });
  });
});

describe('PayPal sale refund, against a fake PayPal on 127.0.0.1', () => {
  const paypal = fakeGateway();
  const config = (): PaypalConfig =>
    ({
      mode: 'live',
      clientId: 'client-id',
      clientSecret: 'client-secret',
      apiBase: paypal.url(),
      webhookId: 'WH-ID',
      planIds: {},
      environment: 'sandbox',
      transport: (url: string, init: RequestInit) => fetch(url, init),
    }) as unknown as PaypalConfig;
  beforeEach(resetPaypalTokens);

  it('posts the amount to the sale’s refund with our refund id as PayPal-Request-Id, after a client-credentials token', async () => {
    paypal.answer(({ url, headers }) => {
      if (url === '/v1/oauth2/token') {
        const basic = `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`;
        return headers.authorization === basic
          ? { json: { access_token: 'T0KEN', token_type: 'Bearer', expires_in: 3600 } }
          : { status: 401, json: { error: 'invalid_client' } };
      }
      if (headers.authorization !== 'Bearer T0KEN') return { status: 401, json: { name: 'AUTHENTICATION_FAILURE' } };
      return {
        status: 201,
        json: { id: '1JU08902781691411', state: 'completed', amount: { total: '1.50', currency: 'USD' } },
      };
    });
    const answer = await paypalClient(config()).refundSale(
      '2GG279541U471931P',
      { total: '1.50', currency: 'USD' },
      'our-refund-id',
    );
    expect(answer).toMatchObject({ ok: true, refund: { id: '1JU08902781691411', state: 'completed' } });
    const refund = paypal.seen().find((r) => (r as { url: string }).url !== '/v1/oauth2/token') as {
      url: string;
      body: unknown;
      headers: Record<string, string>;
    };
    expect(refund.url).toBe('/v1/payments/sale/2GG279541U471931P/refund');
    expect(refund.body).toEqual({ amount: { total: '1.50', currency: 'USD' } });
    expect(refund.headers['paypal-request-id']).toBe('our-refund-id');
  });

  it('reads PayPal’s 422 as a no with its error name, and a 500 as no answer', async () => {
    paypal.answer(({ url }) =>
      url === '/v1/oauth2/token'
        ? { json: { access_token: 'T0KEN', token_type: 'Bearer', expires_in: 3600 } }
        : { status: 422, json: { name: 'TRANSACTION_REFUSED', message: 'The request was refused.' } },
    );
    expect(await paypalClient(config()).refundSale('2GG279541U471931P', null, 'id')).toEqual({
      ok: false,
      name: 'TRANSACTION_REFUSED',
      message: 'The request was refused.',
    });
    paypal.answer(({ url }) =>
      url === '/v1/oauth2/token'
        ? { json: { access_token: 'T0KEN', token_type: 'Bearer', expires_in: 3600 } }
        : { status: 500, json: { name: 'INTERNAL_SERVICE_ERROR' } },
    );
    await expect(paypalClient(config()).refundSale('2GG279541U471931P', null, 'id')).rejects.toThrow(/500/);
  });
});

describe.each(storeKinds)('VNPay refunds answered with one number twice, on %s', (kind) => {
  const vnpay = fakeGateway();
  const store = useTestStore(kind);
  const secret = 'VNPAYSECRETKEYFORTESTS0123456789';
  const saved = { ...process.env };
  beforeEach(() => {
    // VNPay itself (not the site's sandbox): its transaction API is the fake on 127.0.0.1.
    process.env.VNPAY_TMN_CODE = 'QUORUM01';
    process.env.VNPAY_HASH_SECRET = secret;
    process.env.VNPAY_API_URL = `${vnpay.url()}/merchant_webapi/api/transaction`;
    reloadEnv();
  });
  afterAll(() => {
    process.env = saved;
    reloadEnv();
  });

  it('records both refunds, each with its own revocation, when VNPay repeats the refund number', async () => {
    vnpay.answer(({ body }) => {
      const request = JSON.parse(body) as Record<string, string>;
      if (request.vnp_Command !== 'refund') return { json: { vnp_ResponseCode: '99' } };
      const fields: Record<string, string> = {
        vnp_ResponseId: '123456789',
        vnp_Command: 'refund',
        vnp_ResponseCode: '00',
        vnp_Message: 'Refund success',
        vnp_TmnCode: request.vnp_TmnCode!,
        vnp_TxnRef: request.vnp_TxnRef!,
        vnp_Amount: request.vnp_Amount!,
        vnp_BankCode: 'NCB',
        vnp_PayDate: '20261126100000',
        vnp_TransactionNo: '14499999',
        vnp_TransactionType: request.vnp_TransactionType!,
        vnp_TransactionStatus: '05',
        vnp_OrderInfo: request.vnp_OrderInfo!,
      };
      const data = REFUND_RESPONSE_FIELDS.map((k) => fields[k] ?? '').join('|');
      return { json: { ...fields, vnp_SecureHash: hmac('sha512', secret, data) } };
    });
    const order = await pendingTeamOrder();
    const ipn = await gatewayRoutes('vnpay').ipn(ipnRequest(vnpayCallback(order, {}, secret)));
    expect(await ipn.json()).toEqual({ RspCode: '00', Message: 'Confirm Success' });
    await backgroundDeliveriesFinished();

    const first = await refundOrder({ orderId: order.id, amount: 1_000_000, reason: 'first', by: 'ops' });
    const second = await refundOrder({ orderId: order.id, amount: 2_000_000, reason: 'second', by: 'ops' });
    expect([first, second]).toMatchObject([
      { ok: true, answer: { state: 'succeeded' } },
      { ok: true, answer: { state: 'succeeded' } },
    ]);
    await backgroundDeliveriesFinished();
    const recorded = await refundsOfOrder(store().sql, order.id);
    expect(recorded.map((r) => [r.amount, r.status, r.gatewayRef])).toEqual([
      [1_000_000, 'succeeded', '14499999'],
      [2_000_000, 'succeeded', null],
    ]);
    const revocations = await store().sql.query<{ id: string }>(
      `SELECT id FROM outbox WHERE order_id = $1 AND kind = 'revocation'`,
      [order.id],
    );
    expect(revocations.rows).toHaveLength(2);
  });
});
