import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Order } from '@/lib/server/ledger/types';
import { reloadEnv } from '@/lib/server/testing';
import { botApi } from '@/lib/server/payments/telegram_stars/bot-api';
import { starsConfig } from '@/lib/server/payments/telegram_stars/config';
import { starsGateway } from '@/lib/server/payments/telegram_stars/gateway';
import { POST as checkout } from '@/app/api/checkout/route';
import { resetRateLimits } from '@/lib/server/testing';
import { storeKinds, useTestStore } from '../support/stores';
import { checkoutPost } from '../support/money';
import { miniAppAuthorization } from '../support/stars';

/*
 * The Stars gateway's Bot API client against a fake Bot API this test serves on 127.0.0.1: every
 * request is read field by field (method, path with the token, content type, the JSON body exactly),
 * and every documented answer and failure is played back.
 */
const token = '7123456789:AAHfakeTokenForTheStarsBotApiTests_0001';
type Seen = { method: string; path: string; type: string | undefined; body: unknown };
let seen: Seen[] = [];
let answer: (request: Seen, res: ServerResponse) => void = (_, res) => json(res, 200, { ok: true, result: true });
let server: Server;
const saved: Record<string, string | undefined> = {};

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request = {
        method: req.method!,
        path: req.url!,
        type: req.headers['content-type'],
        body: JSON.parse(text),
      };
      seen.push(request);
      answer(request, res);
    });
  });
  // Idle connections stay open past the suites' slow steps (opening a database): the client's reuse of
  // one the server has just closed would otherwise read as an outage.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const vars = {
    TELEGRAM_BOT_TOKEN: token,
    TELEGRAM_WEBHOOK_SECRET: 'a-webhook-secret-of-the-tests_01',
    TELEGRAM_BOT_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
  for (const [name, value] of Object.entries(vars)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  reloadEnv();
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  reloadEnv();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  answer = (_, res) => json(res, 200, { ok: true, result: true });
});

const order = (overrides: Partial<Order> = {}): Order => ({
  id: 'a'.repeat(32),
  platform: 'telegram',
  userId: '1001',
  teamId: null,
  plan: 'individual_pro',
  period: 'period0',
  seats: null,
  quantity: null,
  months: 1,
  gateway: 'telegram_stars',
  method: 'stars',
  currency: 'XTR',
  amount: 100,
  locale: 'en',
  clientIp: '127.0.0.1',
  idempotencyKey: 'k',
  billing: null,
  status: 'pending',
  gatewayRef: null,
  subscriptionId: null,
  subscriptionCycle: null,
  checkoutStart: null,
  granted: false,
  paidTwiceOf: null,
  refundHeldAt: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...overrides,
});

const config = () => {
  const value = starsConfig();
  if (value?.mode !== 'live') throw new Error('the tests configure a live bot');
  return value;
};

describe('the Bot API client (a fake Bot API on 127.0.0.1)', () => {
  it('makes a month a 30-day Stars subscription: createInvoiceLink with the order id as payload and the catalogue price', async () => {
    answer = (_, res) => json(res, 200, { ok: true, result: 'https://t.me/$AbCdEf123' });
    const begun = await starsGateway.begin(order(), { now: new Date(), renewalStartsAt: null });
    expect(begun).toEqual({
      ok: true,
      start: {
        kind: 'sdk',
        sdk: 'telegram_stars',
        params: { invoiceUrl: 'https://t.me/$AbCdEf123', orderId: 'a'.repeat(32), renews: true },
      },
    });
    expect(seen).toEqual([
      {
        method: 'POST',
        path: `/bot${token}/createInvoiceLink`,
        type: 'application/json',
        body: {
          title: 'Quorum AI Individual Pro',
          description: 'Quorum AI - Individual Pro, 1 month',
          payload: 'a'.repeat(32),
          currency: 'XTR',
          prices: [{ label: 'Individual Pro', amount: 100 }],
          subscription_period: 2_592_000,
          provider_token: '',
        },
      },
    ]);
  });

  it('makes a longer period one payment: no subscription_period', async () => {
    answer = (_, res) => json(res, 200, { ok: true, result: 'https://t.me/$Once' });
    await starsGateway.begin(order({ period: 'period1', months: 7, amount: 600 }), {
      now: new Date(),
      renewalStartsAt: null,
    });
    expect(seen[0]!.body).not.toHaveProperty('subscription_period');
    expect(seen[0]!.body).toMatchObject({ prices: [{ amount: 600 }], currency: 'XTR' });
  });

  it('answers checkout with a 503 code when the Bot API refuses or fails to make the invoice', async () => {
    answer = (_, res) =>
      json(res, 400, { ok: false, error_code: 400, description: 'Bad Request: CURRENCY_TOTAL_AMOUNT_INVALID' });
    expect(await starsGateway.begin(order(), { now: new Date(), renewalStartsAt: null })).toEqual({
      ok: false,
      code: 'service_unavailable',
    });
    answer = (_, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    };
    expect(await starsGateway.begin(order(), { now: new Date(), renewalStartsAt: null })).toEqual({
      ok: false,
      code: 'service_unavailable',
    });
  });

  it('tells a refusal (4xx, with Telegram’s description) from an outage (5xx, 429, a wrong shape), and never says the token', async () => {
    answer = (_, res) =>
      json(res, 400, { ok: false, error_code: 400, description: 'Bad Request: CHARGE_ALREADY_REFUNDED' });
    expect(await botApi(config()).refundStarPayment(1001, 'stxCharge')).toEqual({
      ok: false,
      kind: 'refused',
      code: 400,
      description: 'Bad Request: CHARGE_ALREADY_REFUNDED',
    });
    answer = (_, res) =>
      json(res, 429, { ok: false, error_code: 429, description: 'Too Many Requests: retry after 3' });
    expect(await botApi(config()).refundStarPayment(1001, 'stxCharge')).toMatchObject({
      ok: false,
      kind: 'unavailable',
    });
    answer = (_, res) => json(res, 200, { ok: true, result: 'not a boolean' });
    const wrong = await botApi(config()).refundStarPayment(1001, 'stxCharge');
    expect(wrong).toMatchObject({ ok: false, kind: 'unavailable' });
    expect(JSON.stringify(wrong)).not.toContain(token.split(':')[1]);
  });

  it('gives up within its time budget when the Bot API does not answer', async () => {
    answer = () => undefined;
    const started = Date.now();
    const result = await botApi(config()).getStarTransactions(0, 100, 300);
    expect(result).toEqual({ ok: false, kind: 'unavailable', reason: 'getStarTransactions: timed out' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('sends a call once more when the connection drops before any answer, and no more than once', async () => {
    let drops = 1;
    answer = (_, res) => {
      if (drops-- > 0) res.socket?.destroy();
      else json(res, 200, { ok: true, result: true });
    };
    expect(await botApi(config()).editUserStarSubscription(1001, 'stxFirst', true)).toEqual({ ok: true, result: true });
    expect(seen).toHaveLength(2);
    seen = [];
    answer = (_, res) => res.socket?.destroy();
    expect(await botApi(config()).editUserStarSubscription(1001, 'stxFirst', true)).toEqual({
      ok: false,
      kind: 'unavailable',
      reason: 'editUserStarSubscription: no answer',
    });
    expect(seen).toHaveLength(2);
  });

  it('reads no more of an answer than its cap', async () => {
    answer = (_, res) => json(res, 200, { ok: true, result: 'x'.repeat(600 * 1024) });
    expect(
      await botApi(config()).createInvoiceLink({
        title: 't',
        description: 'd',
        payload: 'p',
        currency: 'XTR',
        prices: [{ label: 'l', amount: 1 }],
      }),
    ).toMatchObject({ ok: false, kind: 'unavailable' });
  });

  it('sends answerPreCheckoutQuery, refundStarPayment, editUserStarSubscription and getStarTransactions with exactly the documented fields', async () => {
    const api = botApi(config());
    await api.answerPreCheckoutQuery('pcq-1', { ok: true });
    await api.answerPreCheckoutQuery('pcq-2', { ok: false, errorMessage: 'This checkout has expired.' });
    await api.refundStarPayment(1001, 'stxCharge');
    await api.editUserStarSubscription(1001, 'stxFirst', true);
    answer = (_, res) =>
      json(res, 200, {
        ok: true,
        result: {
          transactions: [
            {
              id: 'stxFirst',
              amount: 100,
              date: 1_780_000_000,
              source: {
                type: 'user',
                transaction_type: 'invoice_payment',
                user: { id: 1001 },
                invoice_payload: 'a'.repeat(32),
                subscription_period: 2_592_000,
              },
            },
          ],
        },
      });
    const transactions = await api.getStarTransactions(200, 100);
    expect(transactions).toMatchObject({ ok: true, result: { transactions: [{ id: 'stxFirst', amount: 100 }] } });
    expect(seen.map(({ path, body }) => [path.replace(`/bot${token}/`, ''), body])).toEqual([
      ['answerPreCheckoutQuery', { pre_checkout_query_id: 'pcq-1', ok: true }],
      [
        'answerPreCheckoutQuery',
        { pre_checkout_query_id: 'pcq-2', ok: false, error_message: 'This checkout has expired.' },
      ],
      ['refundStarPayment', { user_id: 1001, telegram_payment_charge_id: 'stxCharge' }],
      ['editUserStarSubscription', { user_id: 1001, telegram_payment_charge_id: 'stxFirst', is_canceled: true }],
      ['getStarTransactions', { offset: 200, limit: 100 }],
    ]);
  });
});

describe.each(storeKinds)('checkout when the Bot API fails, on %s', (kind) => {
  const store = useTestStore(kind);

  it('answers a translated 503 and fails the order at once, so nothing stands in the way of the next try', async () => {
    resetRateLimits();
    answer = (_, res) => json(res, 500, { ok: false, error_code: 500, description: 'Internal Server Error' });
    const response = await checkout(
      checkoutPost(
        { plan: 'individual_pro', period: 'period0', gateway: 'telegram_stars', method: 'stars' },
        { ...miniAppAuthorization({ userId: '1001' }), 'accept-language': 'vi' },
      ),
    );
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('service_unavailable');
    expect(body.error.message).not.toBe('');
    const orders = await store().sql.query<{ status: string }>(
      "SELECT status FROM orders WHERE gateway = 'telegram_stars'",
    );
    expect(orders.rows).toEqual([{ status: 'failed' }]);
    expect(seen.map((request) => request.path)).toEqual([`/bot${token}/createInvoiceLink`]);
  });
});
