#!/usr/bin/env node
// Per-gateway callback throughput with a count of grants, and reconciliation of 1,000 orders whose
// callbacks were lost — against one `next start` and the local VNPay and MoMo sandboxes.
//   npm run build && BENCH_DATABASE_URL=postgres://… npm run bench:gateways
// It needs PostgreSQL (a fresh database is created and dropped): the bench reads the ledger to
// count grants, and `npm run reconcile` runs beside the server, which PGlite (one owner) forbids.
// 1. Checkout creates N orders per gateway (MoMo's create goes over HTTP to its sandbox).
// 2. Every order's signed success callback is delivered three times, 20 at a time; then the ledger
//    is counted: payment events that paid, grants in the outbox and grants the directory applied.
// 3. 1,000 more orders are paid in the sandboxes with "approve, IPN lost", aged past their payment
//    window, and `npm run reconcile` is timed; it must settle every one of them, once.
import { spawnSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import pg from 'pg';
import { SignJWT } from 'jose';
import { BENCH_PAYLINK_SECRET, startServer } from './lib/server.mjs';
import { signedVnpayIpn } from '../scripts/lib/vnpay-sandbox-ipn.mjs';
import { RESULT_FIELDS } from '../lib/server/payments/momo/fields.mjs';

const port = Number(process.env.BENCH_PORT ?? 3910);
const perGateway = Number(process.env.BENCH_ORDERS ?? 500);
const reconcileOrders = Number(process.env.BENCH_RECONCILE_ORDERS ?? 1000);
const connections = 20;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server');
const secret = BENCH_PAYLINK_SECRET;
const dbName = `bench_gateways_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const env = {
  DATA_DIR: '.data-bench-gateways',
  DATABASE_URL: databaseUrl,
  PAYLINK_SECRET: secret,
  SITE_URL: `http://localhost:${port}`,
  CHECKOUT_RATE_LIMITS: '999999/999999',
  RECONCILE_INTERVAL_SECONDS: '0',
};
const server = await startServer({ port, env });
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();

const derived = (purpose) => createHmac('sha256', Buffer.from(secret)).update(`quorum:${purpose}`).digest('hex');
const vnpaySecret = derived('vnpay-sandbox');
const momoKey = derived('momo-sandbox');
const momo = { partnerCode: 'MOMOQUORUMSB', accessKey: momoKey.slice(0, 16), secretKey: momoKey.slice(16) };

const sessionKey = createHmac('sha256', Buffer.from(secret)).update('quorum:session').digest();
const session = await new SignJWT({ plt: 'slack', jti: 'bench' })
  .setProtectedHeader({ alg: 'HS256' })
  .setSubject('U1003')
  .setAudience('session:pay')
  .setIssuedAt()
  .setExpirationTime('2h')
  .sign(sessionKey);

async function pool(items, work) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (queue.length) await work(queue.shift());
    }),
  );
}

async function checkouts(gateway, method, n) {
  const urls = [];
  await pool(Array.from({ length: n }), async () => {
    const response = await fetch(`${server.base}/api/checkout`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.base,
        cookie: `quorum-pay=${session}`,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ plan: 'individual_pro', period: 'period0', gateway, method }),
    });
    const answer = await response.json();
    if (!answer.redirectUrl) throw new Error(`checkout failed: ${JSON.stringify(answer)}`);
    urls.push(answer.redirectUrl);
  });
  return urls;
}

function vnpayIpn(paymentUrl, n) {
  const query = signedVnpayIpn(paymentUrl, 10_000_000 + n, vnpaySecret);
  return {
    orderId: new URL(paymentUrl).searchParams.get('vnp_TxnRef'),
    send: () => fetch(`${server.base}/api/payments/vnpay/ipn?${query}`),
  };
}

async function momoIpn(payUrl, n) {
  const orderId = new URL(payUrl).searchParams.get('orderId');
  const { rows } = await db.query('SELECT amount, gateway_ref FROM orders WHERE id = $1', [orderId]);
  const fields = {
    partnerCode: momo.partnerCode,
    orderId,
    requestId: rows[0].gateway_ref,
    amount: Number(rows[0].amount),
    orderInfo: 'bench',
    orderType: 'momo_wallet',
    transId: 3_000_000_000 + n,
    resultCode: 0,
    message: 'Successful.',
    payType: 'qr',
    responseTime: Date.now(),
    extraData: '',
  };
  const raw = RESULT_FIELDS.map((k) => `${k}=${k === 'accessKey' ? momo.accessKey : fields[k]}`).join('&');
  const body = JSON.stringify({ ...fields, signature: createHmac('sha256', momo.secretKey).update(raw).digest('hex') });
  return {
    orderId,
    send: () =>
      fetch(`${server.base}/api/payments/momo/ipn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }),
  };
}

async function ipnPhase(gateway, callbacks) {
  const queue = callbacks.flatMap((c) => [c, c, c]);
  const latencies = [];
  const statuses = {};
  const started = performance.now();
  await pool(queue, async (callback) => {
    const t0 = performance.now();
    const response = await callback.send();
    const text = await response.text();
    latencies.push(performance.now() - t0);
    const key = gateway === 'vnpay' ? JSON.parse(text).RspCode : String(response.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
  });
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  const ids = callbacks.map((c) => c.orderId);
  const count = async (/** @type {string} */ sql) => Number((await db.query(sql, [ids])).rows[0].n);
  const paidEvents = await count(
    "SELECT count(*) AS n FROM payment_events WHERE order_id = ANY($1) AND outcome = 'paid'",
  );
  const grants = await count('SELECT count(*) AS n FROM outbox WHERE order_id = ANY($1)');
  const applied = await count('SELECT count(*) AS n FROM directory_grants WHERE order_id = ANY($1)');
  const paid = await count("SELECT count(*) AS n FROM orders WHERE id = ANY($1) AND status = 'paid'");
  return {
    gateway,
    orders: ids.length,
    callbacks: latencies.length,
    'callbacks/s': Math.round(latencies.length / seconds),
    'p50 ms': Number(pct(50)),
    'p99 ms': Number(pct(99)),
    replies: JSON.stringify(statuses),
    'paid orders': paid,
    grants,
    'grants applied': applied,
    'double grants': paidEvents - ids.length,
  };
}

try {
  // Phase 1–2: callback throughput per gateway.
  const vnpayUrls = await checkouts('vnpay', 'qr', perGateway);
  const momoUrls = await checkouts('momo', 'wallet', perGateway);
  const rows = [
    await ipnPhase('vnpay', vnpayUrls.map(vnpayIpn)),
    await ipnPhase('momo', await Promise.all(momoUrls.map(momoIpn))),
  ];
  console.table(rows);

  // Phase 3: 1,000 orders paid in the sandboxes with their IPN lost, then reconciled.
  const half = Math.floor(reconcileOrders / 2);
  const lostVnpay = await checkouts('vnpay', 'qr', half);
  const lostMomo = await checkouts('momo', 'wallet', reconcileOrders - half);
  const sandboxForm = (url, form) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.base },
      body: new URLSearchParams(form),
      redirect: 'manual',
    });
  await pool(lostVnpay, (url) =>
    sandboxForm(url, { payment: new URL(url).search.slice(1), action: 'approve_lost_ipn' }),
  );
  await pool(lostMomo, (url) =>
    sandboxForm(`${server.base}/api/payments/momo/sandbox/pay`, {
      orderId: new URL(url).searchParams.get('orderId'),
      action: 'approve_lost_ipn',
    }),
  );
  const lostIds = [
    ...lostVnpay.map((u) => new URL(u).searchParams.get('vnp_TxnRef')),
    ...lostMomo.map((u) => new URL(u).searchParams.get('orderId')),
  ];
  // Past every payment window, as if the IPNs had been lost an hour ago.
  await db.query("UPDATE orders SET created_at = created_at - interval '2 hours' WHERE id = ANY($1)", [lostIds]);
  const pendingBefore = Number(
    (await db.query("SELECT count(*) AS n FROM orders WHERE id = ANY($1) AND status = 'pending'", [lostIds])).rows[0].n,
  );
  const t0 = performance.now();
  const run = spawnSync('npm', ['run', '--silent', 'reconcile'], { env: { ...process.env, ...env }, encoding: 'utf8' });
  const seconds = (performance.now() - t0) / 1000;
  process.stdout.write(run.stdout);
  if (run.status !== 0) console.error(run.stderr);
  const after = await db.query(
    `SELECT count(*) FILTER (WHERE o.status = 'paid') AS paid,
            count(g.order_id) AS applied,
            (SELECT count(*) FROM payment_events e WHERE e.order_id = ANY($1) AND e.outcome = 'paid') AS paid_events
       FROM orders o LEFT JOIN directory_grants g ON g.order_id = o.id WHERE o.id = ANY($1)`,
    [lostIds],
  );
  const { paid, applied, paid_events: paidEvents } = after.rows[0];
  console.log(
    `reconcile: ${pendingBefore} pending orders with lost IPNs → ${paid} paid, ${applied} grants applied, ` +
      `${Number(paidEvents) - lostIds.length} double grants; npm run reconcile took ${seconds.toFixed(1)} s ` +
      `(process start included; the job itself reports its own time above)`,
  );
} finally {
  server.stop();
  await db.end();
  await new Promise((r) => setTimeout(r, 1000));
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e) => console.error(e.message));
  await admin.end();
}
