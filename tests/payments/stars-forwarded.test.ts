import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findOrder } from '@/lib/server/ledger/orders';
import { signRequest } from '@/lib/server/directory/remote/signature';
import { siteWebhooks } from '@/lib/server/directory/remote/contract';
import { reloadEnv, resetStandIn } from '@/lib/server/testing';
import { storeKinds, useTestStore } from '../support/stores';
import { BACKEND_SECRET, startTestBackend, type TestBackend } from '../support/reference-backend';
import { serveSiteForFile } from '../support/site-server';
import { paymentUpdate, pendingStarsOrder, preCheckoutAnswer } from '../support/stars';
import { standInState } from '@/lib/server/payments/telegram_stars/sandbox/store';

/*
 * Telegram Stars when the assistant's backend keeps the bot's one webhook (TELEGRAM_UPDATES_FROM=
 * backend): the test plays Telegram and posts updates to the reference backend's webhook, which
 * forwards the payment ones to the site over HTTP, signed as the chat-backend contract signs. The
 * site is a real HTTP server in front of its routes; its account directory is the same reference
 * backend (webhook mode), and its Bot API the local stand-in, which records pre-checkout answers.
 */
const site = serveSiteForFile();
const TELEGRAM_SECRET = 'telegram-webhook-secret-for-the-backend';
const UPDATES_PATH = siteWebhooks.telegramPaymentUpdate.path;
const saved = { ...process.env };

describe.each(storeKinds)('Telegram Stars updates forwarded by the backend, on %s', (kind) => {
  const store = useTestStore(kind);
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(store().sql, { siteUrl: site(), webhookSecret: TELEGRAM_SECRET });
    Object.assign(process.env, {
      TELEGRAM_UPDATES_FROM: 'backend',
      CHAT_BACKEND_URL: backend.url,
      CHAT_BACKEND_SECRET: BACKEND_SECRET,
    });
    reloadEnv();
  });
  afterAll(async () => {
    await backend.close();
    for (const name of ['TELEGRAM_UPDATES_FROM', 'CHAT_BACKEND_URL', 'CHAT_BACKEND_SECRET'] as const) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    reloadEnv();
  });
  beforeEach(() => resetStandIn());

  let updateId = 1;
  /** Telegram delivering one update to a bot's webhook at `origin`. */
  const deliver = (origin: string, update: Record<string, unknown>, secret = TELEGRAM_SECRET) =>
    fetch(`${origin}/telegram/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
      body: JSON.stringify({ update_id: updateId++, ...update }),
    });
  const eventsOf = async (charge: string) =>
    (
      await store().sql.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM payment_events WHERE transaction_id = $1',
        [charge],
      )
    ).rows[0]!.n;

  it('answers the pre-checkout the backend forwards, and settles a payment once however often Telegram redelivers it', async () => {
    const order = await pendingStarsOrder();
    standInState().answers.set('pcq-forwarded', null);
    const asked = await deliver(backend.url, {
      pre_checkout_query: {
        id: 'pcq-forwarded',
        from: { id: 1001 },
        currency: 'XTR',
        total_amount: order.amount,
        invoice_payload: order.id,
      },
    });
    expect(asked.status).toBe(200);
    expect(preCheckoutAnswer('pcq-forwarded')).toEqual({ ok: true });

    const replies = await Promise.all([1, 2, 3].map(() => deliver(backend.url, paymentUpdate(order, 'stx-forwarded'))));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await findOrder(store().sql, order.id))!.status).toBe('paid');
    expect(await eventsOf('stx-forwarded')).toBe(1);
  });

  it('refuses, at the site, a payment update the backend did not sign: Telegram’s own secret header, another key, a stale or replayed-elsewhere signature (401, nothing changes)', async () => {
    const order = await pendingStarsOrder();
    const body = JSON.stringify({ update_id: 9, ...paymentUpdate(order, 'stx-unsigned') });
    const signed = (secret: string, path: string, now = new Date()) =>
      signRequest(secret, { method: 'POST', pathAndQuery: path, body }, now);
    const attempts: Record<string, string>[] = [
      { 'x-telegram-bot-api-secret-token': TELEGRAM_SECRET },
      signed('another-secret-another-secret-another-secret', UPDATES_PATH),
      signed(BACKEND_SECRET, UPDATES_PATH, new Date(Date.now() - 10 * 60_000)),
      signed(BACKEND_SECRET, '/api/payments/paypal/webhook'),
      {},
    ];
    for (const headers of attempts) {
      const response = await fetch(`${site()}${UPDATES_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      expect({ headers, status: response.status }).toEqual({ headers, status: 401 });
    }
    expect(await eventsOf('stx-unsigned')).toBe(0);
    expect((await findOrder(store().sql, order.id))!.status).toBe('pending');
  });

  it('accepts a forward signed as the contract documents it, by an implementation of its own (not the site’s signer)', async () => {
    const order = await pendingStarsOrder();
    const body = JSON.stringify({ update_id: 10, ...paymentUpdate(order, 'stx-documented') });
    // docs/chat-backend.openapi.yaml, "Signatures": v1= + hex HMAC-SHA256 of {timestamp}.{METHOD}.{path and query}.{body}.
    const timestamp = String(Math.floor(Date.now() / 1000));
    const mac = createHmac('sha256', BACKEND_SECRET).update(`${timestamp}.POST.${UPDATES_PATH}.${body}`).digest('hex');
    const response = await fetch(`${site()}${UPDATES_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'X-Quorum-Timestamp': timestamp,
        'X-Quorum-Signature': `v1=${mac}`,
      },
      body,
    });
    expect(response.status).toBe(200);
    expect(await eventsOf('stx-documented')).toBe(1);
  });

  it('forwards nothing of an update without Telegram’s secret token, and keeps chat messages to itself', async () => {
    const order = await pendingStarsOrder();
    expect((await deliver(backend.url, paymentUpdate(order, 'stx-forged'), 'not-the-secret')).status).toBe(401);
    expect((await deliver(backend.url, { message: { message_id: 8, text: '/start' } })).status).toBe(200);
    expect(await eventsOf('stx-forged')).toBe(0);
    expect((await findOrder(store().sql, order.id))!.status).toBe('pending');
  });

  describe('when the site does not answer', () => {
    let silent: Server;
    let stalled: TestBackend;
    beforeAll(async () => {
      // A site that takes the connection and never answers.
      silent = createServer(() => undefined);
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const siteUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      stalled = await startTestBackend(store().sql, { siteUrl, webhookSecret: TELEGRAM_SECRET, budgetMs: 300 });
    });
    afterAll(async () => {
      await stalled.close();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    });

    it('tells Telegram to deliver again (502) within its budget, and the redelivery settles the payment', async () => {
      const order = await pendingStarsOrder();
      const started = Date.now();
      expect((await deliver(stalled.url, paymentUpdate(order, 'stx-late'))).status).toBe(502);
      // The budget, plus room for a loaded machine: well inside Telegram's 10 s.
      expect(Date.now() - started).toBeLessThan(300 + 2_000);
      expect(await eventsOf('stx-late')).toBe(0);

      expect((await deliver(backend.url, paymentUpdate(order, 'stx-late'))).status).toBe(200);
      expect(await eventsOf('stx-late')).toBe(1);
      expect((await findOrder(store().sql, order.id))!.status).toBe('paid');
    });
  });
});
