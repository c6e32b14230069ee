// Scale-out (deploy/README.md): PostgreSQL, two instances of the deploy artifact (the build's
// standalone server, `node server.js`), and nginx with deploy/nginx/quorum.conf. Everything is
// asserted through nginx, as a client would see it.
//   node --test tests/integration/      (npm test runs it after the build; .ci/run installs nginx)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import {
  holdRows,
  ipnQuery,
  missingPrerequisite,
  root,
  sessionCookie,
  startInstance,
  startNginx,
  waitFor,
} from './support/cluster.mjs';

// Beside the e2e server's port, so parallel checkouts of the repo (own E2E_PORT) do not collide.
const NGINX_PORT = Number(process.env.E2E_PORT ?? 3300) + 10;
const PORTS = [NGINX_PORT + 1, NGINX_PORT + 2];
const PER_SESSION = 5;
const STARS_BOT_TOKEN = `7000000099:${'s'.repeat(35)}`;
const STARS_WEBHOOK_SECRET = 'scale-out-webhook-secret';
const skip = missingPrerequisite();
if (skip && process.env.CI) throw new Error(`scale-out test cannot run in CI: ${skip}`);
/** How many notifications a gateway has in flight at once in a burst. */
const SENDERS = 8;

/**
 * A gateway's delivery of one notification: sent again after a pause while it gets no valid answer
 * (`send` answers `{ ok, code }`; a cut connection is no answer), five times at most. Each attempt
 * without one is recorded in `failedAttempts`: when it was sent, and what it got instead.
 * @param {() => Promise<{ ok: boolean, code: string }>} send
 * @param {Array<{ sentAt: number, code: string }>} failedAttempts
 */
async function deliverUntilAnswered(send, failedAttempts) {
  for (let attempt = 1; ; attempt += 1) {
    const sentAt = Date.now();
    let answer;
    try {
      answer = await send();
    } catch (error) {
      answer = { ok: false, code: error.cause?.code ?? error.message };
    }
    if (answer.ok) return answer.code;
    failedAttempts.push({ sentAt, code: answer.code });
    if (attempt === 5) return answer.code;
    await new Promise((r) => setTimeout(r, 200 * attempt));
  }
}

/**
 * A burst through nginx, and `instance` killed with SIGKILL in its middle: SENDERS senders deliver
 * `items` with `deliver` (each until it is answered), and the kill comes once a quarter of them are
 * answered, with deliveries in flight on it. Answers each item's last reply, the attempts that got
 * no valid answer, and when the instance was dead.
 * @template T
 * @param {{ kill: (signal: string) => void, exited: Promise<unknown> }} instance
 * @param {T[]} items
 * @param {(item: T, failedAttempts: Array<{ sentAt: number, code: string }>) => Promise<string>} deliver
 */
async function killMidBurst(instance, items, deliver) {
  const queue = [...items];
  const replies = [];
  const failedAttempts = [];
  let killed = false;
  let deadAt = Infinity;
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (queue.length) {
        const item = queue.shift();
        if (!killed && replies.length >= items.length / 4) {
          killed = true;
          instance.kill('SIGKILL');
          void instance.exited.then(() => {
            deadAt = Date.now();
          });
        }
        replies.push(await deliver(item, failedAttempts));
      }
    }),
  );
  assert.ok(killed);
  await instance.exited;
  return { replies, failedAttempts, deadAt };
}

/**
 * Only a delivery in flight on the instance as it died may have been cut (one per sender at most);
 * nginx moves every one sent once it is dead to the live instance, on the first try.
 * @param {{ failedAttempts: Array<{ sentAt: number, code: string }>, deadAt: number }} burst
 */
function assertOnlyInFlightCut({ failedAttempts, deadAt }) {
  const cut = failedAttempts.filter((a) => a.sentAt < deadAt);
  assert.ok(cut.length <= SENDERS, `attempts cut by the kill: ${JSON.stringify(cut)}`);
  assert.deepEqual(
    failedAttempts.filter((a) => a.sentAt >= deadAt),
    [],
    'a delivery sent after the instance died got no valid answer through nginx',
  );
}

/** What a payer buys with Stars: seven months in one payment, or a month that renews (a subscription). */
const SEVEN_MONTHS = { period: 'period1', months: 7, stars: 600, renews: false };
const A_MONTH = { period: 'period0', months: 1, stars: 100, renews: true };

/**
 * A pending Stars order of `userId`'s for `purchase`, as checkout in the Mini App records it (Telegram
 * is not asked for the invoice here).
 * @param {pg.Pool} db
 * @param {string} userId
 * @param {typeof SEVEN_MONTHS} purchase
 */
async function pendingStarsOrder(db, userId, purchase) {
  const id = randomUUID().replace(/-/g, '');
  await db.query(
    `INSERT INTO orders (id, platform, user_id, team_id, plan, period, seats, months, gateway, method, currency,
                         amount, locale, client_ip, idempotency_key, created_at, updated_at)
     VALUES ($1, 'telegram', $2, NULL, 'individual_pro', $3, NULL, $4, 'telegram_stars', 'stars', 'XTR',
             $5, 'en', '127.0.0.1', $1, now(), now())`,
    [id, userId, purchase.period, purchase.months, purchase.stars],
  );
  return { id, userId, ...purchase };
}

/**
 * The update Telegram posts to the webhook when `order` is paid, its charge id `stx-<order id>`; a
 * month's payment is its subscription's first.
 * @param {number} updateId
 * @param {Awaited<ReturnType<typeof pendingStarsOrder>>} order
 */
const successfulPayment = (updateId, order) =>
  JSON.stringify({
    update_id: updateId,
    message: {
      message_id: 1,
      from: { id: Number(order.userId) },
      successful_payment: {
        currency: 'XTR',
        total_amount: order.stars,
        invoice_payload: order.id,
        telegram_payment_charge_id: `stx-${order.id}`,
        provider_payment_charge_id: '',
        ...(order.renews
          ? {
              is_recurring: true,
              is_first_recurring: true,
              subscription_expiration_date: Math.floor(Date.now() / 1000) + 2_592_000,
            }
          : {}),
      },
    },
  });

describe('scale-out behind nginx', { skip: skip ?? false, timeout: 240_000 }, () => {
  const database = `quorum_it_${randomUUID().slice(0, 8)}`;
  let admin;
  let db;
  let instances = [];
  let nginx;
  let env;
  const site = `http://localhost:${NGINX_PORT}`;
  /** The application_name of an instance's connections: pg_stat_activity then says which instance a waiting query is from. */
  const nameOf = (port) => `quorum-it-${port}`;
  const launch = (port) => {
    const url = new URL(env.DATABASE_URL);
    url.searchParams.set('application_name', nameOf(port));
    return startInstance({ port, env: { ...env, DATABASE_URL: url.href }, standalone: true });
  };

  before(async () => {
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${database}`;
    db = new pg.Pool({ connectionString: url.href, max: 8 });
    env = {
      DATABASE_URL: url.href,
      SITE_URL: site,
      TRUSTED_PROXY_HOPS: '1',
      CHECKOUT_RATE_LIMITS: `${PER_SESSION}/1000`,
      DATA_DIR: join(root, `.data-it-${database}`),
      // A bot of the test's own: Telegram itself is never called by what is asserted here (updates
      // arrive; settling one asks Telegram nothing).
      TELEGRAM_BOT_TOKEN: STARS_BOT_TOKEN,
      TELEGRAM_WEBHOOK_SECRET: STARS_WEBHOOK_SECRET,
    };
    // One after the other: the first migrates and seeds, the second finds the schema ready.
    instances.push(await launch(PORTS[0]));
    instances.push(await launch(PORTS[1]));
    nginx = await startNginx({ port: NGINX_PORT, upstreams: PORTS });
  });

  after(async () => {
    nginx?.stop();
    for (const i of instances) i.kill();
    await db?.end();
    await new Promise((r) => setTimeout(r, 500));
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin?.end();
  });

  // Tests that need many orders for one account pay again by choice (payAgain), as the form allows.
  const checkout = (
    /** @type {string} */ cookie,
    /** @type {{ payAgain?: boolean, period?: string, plan?: string, quantity?: number }} */ choice = {
      payAgain: true,
    },
  ) =>
    fetch(`${nginx.base}/api/checkout`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: site,
        cookie,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ plan: 'individual_pro', period: 'period0', gateway: 'vnpay', method: 'qr', ...choice }),
    });
  const upstreamsOf = (path) =>
    new Set(
      nginx
        .accessLog()
        .filter((l) => l.path === path)
        .map((l) => l.upstream),
    );
  /** How many of these orders are in each status: `[{ status: 'paid', n }]` when every one is paid. */
  const statusesOf = async (ids) =>
    (await db.query('SELECT status, count(*)::int AS n FROM orders WHERE id = ANY($1) GROUP BY status', [ids])).rows;
  /** Until every grant of these orders is delivered: one a killed instance held waits for its lease to run out (30 s). */
  const outboxDrained = (ids) =>
    waitFor(
      async () =>
        (
          await db.query('SELECT count(*)::int AS n FROM outbox WHERE order_id = ANY($1) AND delivered_at IS NULL', [
            ids,
          ])
        ).rows[0].n === 0,
      'the outbox to drain',
      60_000,
    );
  /** One POST of an update to the bot's webhook through nginx, as Telegram sends it. */
  const postStarsUpdate = (body) =>
    fetch(`${nginx.base}/api/payments/telegram_stars/ipn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': STARS_WEBHOOK_SECRET },
      body,
    });
  /** Telegram's delivery of an update: posted again while the webhook answers anything but 2xx; the outcome it got. */
  const telegramDelivers = (body, failedAttempts) =>
    deliverUntilAnswered(async () => {
      const response = await postStarsUpdate(body);
      return response.ok
        ? { ok: true, code: (await response.json()).outcome }
        : { ok: false, code: `HTTP ${response.status}` };
    }, failedAttempts);

  it('serves a prerendered page from nginx’s cache (X-Cache-Status: HIT), and never /pay or /api', async () => {
    const first = await fetch(`${nginx.base}/vi/terms`);
    assert.equal(first.status, 200);
    await first.text();
    const second = await fetch(`${nginx.base}/vi/terms`);
    assert.equal(second.headers.get('x-cache-status'), 'HIT');
    assert.match(await second.text(), /<html lang="vi"/);
    for (const path of ['/pay', '/vi/pay', '/api/health']) {
      await (await fetch(`${nginx.base}${path}`)).text();
      const again = await fetch(`${nginx.base}${path}`);
      assert.notEqual(again.headers.get('x-cache-status'), 'HIT', path);
      await again.text();
    }
  });

  it('answers 405 with Allow: GET, HEAD to any other method on a static file, at nginx', async () => {
    for (const [method, path] of [
      ['POST', '/og/vi-pay.png'],
      ['PUT', '/fonts/OFL.txt'],
      ['OPTIONS', '/%6Fg/vi-pay.png'],
      ['DELETE', '/x/../og/vi-pay.png'],
    ]) {
      const response = await fetch(`${nginx.base}${path}`, { method });
      assert.equal(response.status, 405, `${method} ${path}`);
      assert.equal(response.headers.get('allow'), 'GET, HEAD', `${method} ${path}`);
    }
    assert.equal((await fetch(`${nginx.base}/og/vi-pay.png`)).status, 200);
  });

  it('holds the per-session checkout limit across both instances', async () => {
    const cookie = await sessionCookie({ sub: '1001', team: '-1002001' });
    const statuses = [];
    for (let i = 0; i < PER_SESSION + 3; i += 1) statuses.push((await checkout(cookie)).status);
    assert.deepEqual(statuses, [...Array(PER_SESSION).fill(200), 429, 429, 429]);
    assert.equal(upstreamsOf('/api/checkout').size, 2, 'the checkouts were spread over both instances');
  });

  it('refuses a second payment for a plan still being confirmed, whichever instance each browser reaches', async () => {
    const cookie = await sessionCookie({ sub: '1006' });
    const answers = await Promise.all(Array.from({ length: PER_SESSION }, () => checkout(cookie, {})));
    const statuses = answers.map((response) => response.status).sort();
    assert.deepEqual(statuses, [200, ...Array(PER_SESSION - 1).fill(409)]);
    assert.equal(upstreamsOf('/api/checkout').size, 2, 'the checkouts were spread over both instances');
  });

  it('grants once for a burst of identical IPNs split across both instances', async () => {
    const before = (await db.query('SELECT now() AS now')).rows[0].now;
    const response = await checkout(await sessionCookie({ plt: 'slack', sub: 'U1003' }));
    const { redirectUrl } = await response.json();
    const query = ipnQuery(redirectUrl, 20_000_001);
    const replies = await Promise.all(
      Array.from(
        { length: 40 },
        async () => (await (await fetch(`${nginx.base}/api/payments/vnpay/ipn?${query}`)).json()).RspCode,
      ),
    );
    const count = (code) => replies.filter((c) => c === code).length;
    assert.equal(count('00'), 1, `replies ${replies.join(',')}`);
    assert.equal(count('02'), 39);
    assert.equal(upstreamsOf('/api/payments/vnpay/ipn').size, 2, 'the IPNs were spread over both instances');
    // One month granted, not two or forty.
    const { rows } = await db.query(
      "SELECT plan, plan_expires_at FROM accounts WHERE platform = 'slack' AND user_id = 'U1003'",
    );
    assert.equal(rows[0].plan, 'individual_pro');
    const days = (rows[0].plan_expires_at - before) / 86_400_000;
    assert.ok(days > 27 && days < 32, `expiry ${days.toFixed(1)} days ahead`);
  });

  it('grants a pack’s queries once for a burst of identical IPNs split across both instances', async () => {
    const cookie = await sessionCookie({ plt: 'discord', sub: 'D2002' });
    const response = await checkout(cookie, { plan: 'query_pack', quantity: 2 });
    assert.equal(response.status, 200);
    const { redirectUrl } = await response.json();
    const query = ipnQuery(redirectUrl, 20_000_003);
    const replies = await Promise.all(
      Array.from(
        { length: 30 },
        async () => (await (await fetch(`${nginx.base}/api/payments/vnpay/ipn?${query}`)).json()).RspCode,
      ),
    );
    assert.equal(replies.filter((code) => code === '00').length, 1, `replies ${replies.join(',')}`);
    assert.equal(upstreamsOf('/api/payments/vnpay/ipn').size, 2, 'the IPNs were spread over both instances');
    // The grant is delivered by the instance that took the IPN, in the background.
    let rows = [];
    for (const started = Date.now(); Date.now() - started < 15_000;) {
      ({ rows } = await db.query(
        "SELECT queries, remaining FROM account_query_packs WHERE platform = 'discord' AND user_id = 'D2002'",
      ));
      if (rows.length) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.deepEqual(rows, [{ queries: 200, remaining: 200 }]);
  });

  it('settles a Stars payment once for a burst of identical successful_payment updates split across both instances', async () => {
    // hana (1008) has a pending Stars order for seven months (600 stars, one payment), as checkout in
    // the Mini App records it; Telegram then redelivers its successful_payment, spread by the balancer.
    const order = await pendingStarsOrder(db, '1008', SEVEN_MONTHS);
    const replies = await Promise.all(
      Array.from({ length: 30 }, async (_, n) => (await postStarsUpdate(successfulPayment(900_000 + n, order))).status),
    );
    assert.deepEqual([...new Set(replies)], [200], `statuses ${replies.join(',')}`);
    assert.equal(
      upstreamsOf('/api/payments/telegram_stars/ipn').size,
      2,
      'the updates were spread over both instances',
    );
    const events = await db.query('SELECT count(*)::int AS n FROM payment_events WHERE order_id = $1', [order.id]);
    assert.equal(events.rows[0].n, 1);
    let rows = [];
    for (const started = Date.now(); Date.now() - started < 15_000;) {
      ({ rows } = await db.query(
        "SELECT plan, plan_expires_at FROM accounts WHERE platform = 'telegram' AND user_id = '1008'",
      ));
      if (rows[0]?.plan === 'individual_pro') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Seven months granted once, not thirty times.
    const days = (rows[0].plan_expires_at - Date.now()) / 86_400_000;
    assert.ok(days > 200 && days < 220, `expiry ${days.toFixed(1)} days ahead`);
  });

  it('sends a payer back from VNPay to SITE_URL through nginx, and that page shows the stored result', async () => {
    const response = await checkout(await sessionCookie({ plt: 'telegram', sub: '1002' }));
    const { redirectUrl } = await response.json();
    const query = ipnQuery(redirectUrl, 20_000_002);
    assert.equal((await (await fetch(`${nginx.base}/api/payments/vnpay/ipn?${query}`)).json()).RspCode, '00');
    // The browser comes back with the same signed fields; the instances listen on other ports.
    const back = await fetch(`${nginx.base}/api/payments/vnpay/return?${query}`, { redirect: 'manual' });
    assert.equal(back.status, 303);
    const location = new URL(back.headers.get('location') ?? '', 'http://relative.invalid');
    assert.ok(
      location.origin === site || location.origin === 'http://relative.invalid',
      `Location ${back.headers.get('location')} is neither relative nor on ${site}`,
    );
    const result = await fetch(`${nginx.base}${location.pathname}${location.search}`);
    assert.equal(result.status, 200);
    // The IPN's grant is delivered by the instance that took it; the other instance answers
    // "processing" until it is, and the page asks again by itself — as it does here.
    let shown;
    for (const started = Date.now(); ;) {
      shown = (await (await fetch(`${nginx.base}/api/pay/view${location.search}`)).json()).result;
      assert.ok(['processing', 'success'].includes(shown.status), `result ${shown.status}`);
      if (shown.status === 'success' || Date.now() - started > 15_000) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // No session here, as when the bank's app returns elsewhere: what was bought, no account's expiry.
    assert.equal(shown.status, 'success');
    assert.equal(shown.purchase.plan, 'individual_pro');
    assert.equal(shown.purchase.expiresAt, null);
    assert.equal(shown.purchase.receipt, 'in_chat');
  });

  it('settles a successful_payment exactly once when the instance it reached is killed with kill -9 before the commit and Telegram delivers it again, losing no payment or grant', async (t) => {
    // Payers of the test's own, each with one pending Stars order: seven months, or a month that renews.
    const payers = Array.from({ length: 16 }, (_, n) => String(7100 + n));
    await db.query(
      `INSERT INTO accounts (platform, user_id, username, full_name, referral_code)
       SELECT 'telegram', id, 'payer' || id, 'Payer ' || id, 'PAYER-' || id FROM unnest($1::text[]) AS id`,
      [payers],
    );
    const orders = [];
    for (const [n, userId] of payers.entries()) {
      const order = await pendingStarsOrder(db, userId, n % 2 ? A_MONTH : SEVEN_MONTHS);
      orders.push({ ...order, update: successfulPayment(800_000 + n, order) });
    }
    const [cutOff, ...others] = orders;
    /** Rows the test holds; let go after the kill, or at the end whatever happened. */
    const held = (rows) => {
      t.after(() => rows.release());
      return rows;
    };

    // The update killed between its arrival and its commit: its settlement waits inside its one
    // transaction for the order's row, which the test holds. The instance it reached is the one killed.
    const atCommit = held(await holdRows(db, 'SELECT 1 FROM orders WHERE id = $1 FOR UPDATE', [cutOff.id]));
    const cutOffAttempts = [];
    const cutOffDelivered = telegramDelivers(cutOff.update, cutOffAttempts);
    await waitFor(async () => (await atCommit.waiters()).length === 1, 'the update to wait before its commit');
    const [doomedName] = await atCommit.waiters();
    const doomed = instances.find((i) => nameOf(i.port) === doomedName);
    assert.ok(doomed, `no instance is named ${doomedName}`);

    // Grants being applied, each held at its account's row, until the doomed instance holds one: it
    // dies holding that grant's outbox lease, which the other instance takes over once it expires.
    const grantsHeld = [];
    for (const order of others.slice(0, 4)) {
      const atAccount = held(
        await holdRows(db, `SELECT 1 FROM accounts WHERE platform = 'telegram' AND user_id = $1 FOR UPDATE`, [
          order.userId,
        ]),
      );
      assert.equal(await telegramDelivers(order.update, []), 'paid');
      await waitFor(async () => (await atAccount.waiters()).length === 1, 'the grant to wait at its account');
      const [holder] = await atAccount.waiters();
      grantsHeld.push({ order, atAccount, holder });
      if (holder === doomedName) break;
    }
    const deadLease = grantsHeld.find((g) => g.holder === doomedName)?.order;
    assert.ok(deadLease, 'the doomed instance holds none of the grants');

    // The rest in a burst the doomed instance dies in the middle of; each update twice, as Telegram
    // sends one again whose answer it did not see.
    const updates = others.filter((o) => !grantsHeld.some((g) => g.order === o)).flatMap((o) => [o.update, o.update]);
    const burst = killMidBurst(doomed, updates, telegramDelivers);
    await doomed.exited;
    // The operator's restart, at the end: the tests after this one run on two instances again.
    t.after(async () => {
      instances[instances.indexOf(doomed)] = await launch(doomed.port);
    });
    const lease = (await db.query('SELECT leased_until, delivered_at FROM outbox WHERE order_id = $1', [deadLease.id]))
      .rows[0];
    assert.equal(lease.delivered_at, null);
    assert.ok(lease.leased_until > new Date(), 'the dead instance’s lease on its grant has run out already');
    await Promise.all([atCommit, ...grantsHeld.map((g) => g.atAccount)].map((rows) => rows.release()));
    const delivered = await burst;

    // The delivery cut by the kill got no 2xx and committed nothing: Telegram's next one settled it.
    assert.equal(await cutOffDelivered, 'paid');
    assert.equal(cutOffAttempts.length, 1, JSON.stringify(cutOffAttempts));
    assert.doesNotMatch(cutOffAttempts[0].code, /^HTTP 2/);
    // Nothing lost: every update of the burst was answered 200 in the end.
    assert.deepEqual(
      delivered.replies.filter((r) => r !== 'paid' && r !== 'already_confirmed'),
      [],
      `replies ${delivered.replies.join(',')}; failed attempts ${JSON.stringify(delivered.failedAttempts)}`,
    );
    assertOnlyInFlightCut(delivered);

    // One payment per telegram_payment_charge_id, and each order paid once.
    const ids = orders.map((o) => o.id);
    const events = await db.query(
      `SELECT order_id, transaction_id FROM payment_events WHERE gateway = 'telegram_stars' AND order_id = ANY($1)`,
      [ids],
    );
    assert.deepEqual(
      events.rows.map((e) => [e.order_id, e.transaction_id]).sort(),
      ids.map((id) => [id, `stx-${id}`]).sort(),
    );
    assert.deepEqual(await statusesOf(ids), [{ status: 'paid', n: orders.length }]);

    // Every grant delivered, the one the dead instance held only once its lease had run out…
    await outboxDrained(ids);
    const taken = (await db.query('SELECT delivered_at FROM outbox WHERE order_id = $1', [deadLease.id])).rows[0];
    assert.ok(taken.delivered_at >= lease.leased_until, 'the grant was delivered while the dead instance’s lease ran');
    // …and applied once: seven months or one, not twice that.
    const plans = await db.query(
      `SELECT user_id, plan, plan_expires_at FROM accounts WHERE platform = 'telegram' AND user_id = ANY($1)`,
      [payers],
    );
    for (const { user_id: userId, plan, plan_expires_at: expires } of plans.rows) {
      const { months } = orders.find((o) => o.userId === userId);
      const days = (expires - Date.now()) / 86_400_000;
      assert.equal(plan, 'individual_pro', userId);
      assert.ok(Math.abs(days - months * 30.4) < 4, `payer ${userId} bought ${months} months: ${days.toFixed(1)} days`);
    }
  });

  it('loses nothing when an instance is killed in the middle of an IPN burst', async () => {
    // Free payers, each buying one month and seven months: two needs each, so none is a payment of
    // a need already paid (which would be refunded by itself), and each grant must land exactly once.
    const redirects = [];
    for (const sub of ['1004', '1005', '1007', '1008', '1009', '1010']) {
      const cookie = await sessionCookie({ sub });
      for (const period of ['period0', 'period1']) {
        const response = await checkout(cookie, { payAgain: true, period });
        if (response.status === 200) redirects.push((await response.json()).redirectUrl);
      }
    }
    assert.ok(redirects.length >= 10, `only ${redirects.length} orders`);
    const ipns = redirects.flatMap((u, n) => [ipnQuery(u, 30_000_000 + n), ipnQuery(u, 30_000_000 + n)]);
    // Like VNPay: a callback that got no valid answer (connection cut, 5xx, 99) is sent again.
    const vnpayDelivers = (query, failedAttempts) =>
      deliverUntilAnswered(async () => {
        const response = await fetch(`${nginx.base}/api/payments/vnpay/ipn?${query}`);
        const code = response.ok ? (await response.json()).RspCode : `HTTP ${response.status}`;
        return { ok: code === '00' || code === '02', code };
      }, failedAttempts);
    const burst = await killMidBurst(instances[1], ipns, vnpayDelivers);
    const { replies } = burst;
    // Nothing lost: every callback got a valid answer. An instance killed after its commit but
    // before its reply turns that order's 00 into 02 on the other instance, so count grants, not 00s.
    assert.equal(replies.length, ipns.length);
    assert.deepEqual(
      replies.filter((c) => c !== '00' && c !== '02'),
      [],
      `replies ${replies.join(',')}; failed attempts ${JSON.stringify(burst.failedAttempts)}`,
    );
    assert.ok(replies.filter((c) => c === '00').length <= redirects.length);
    assertOnlyInFlightCut(burst);
    const ids = redirects.map((u) => new URL(u).searchParams.get('vnp_TxnRef'));
    assert.deepEqual(await statusesOf(ids), [{ status: 'paid', n: redirects.length }]);
    // A grant the killed instance left leased is delivered by the survivor once the lease expires.
    await outboxDrained(ids);
    // Each payer (free before) bought one month and seven months: eight months, not nine or more.
    const expiry = await db.query(
      "SELECT user_id, plan_expires_at FROM accounts WHERE platform = 'telegram' AND user_id IN ('1004', '1005')",
    );
    for (const { user_id: user, plan_expires_at: expires } of expiry.rows) {
      const days = (expires - Date.now()) / 86_400_000;
      assert.ok(days > 238 && days < 250, `user ${user}: plan runs ${days.toFixed(1)} days`);
    }
    const paidTwice = await db.query(
      'SELECT count(*)::int AS n FROM orders WHERE id = ANY($1) AND paid_twice_of IS NOT NULL',
      [ids],
    );
    assert.equal(paidTwice.rows[0].n, 0);
  });
});
