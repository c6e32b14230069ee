#!/usr/bin/env node
// Checkout and IPN throughput, in one run against one `next start` (127.0.0.1 / localhost only).
//   npm run build && npm run bench:checkout        (NEXT_DIST_DIR picks another build)
// 1. POST /api/checkout (real session, real store, a fresh Idempotency-Key per request so every
//    request creates an order) beside GET /api/ping (an empty route handler), both at c=20.
// 2. VNPay IPNs: every created order gets its signed success IPN three times, 20 at a time;
//    afterwards the replies are counted: exactly one 00 per order (= one grant), the rest 02.
import { createHmac, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { startServer } from './lib/server.mjs';

const port = Number(process.env.BENCH_PORT ?? 3910);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 20;
const secret = 'bench-only-paylink-secret-0123456789abcdef';
const dataDir = '.data-bench';
rmSync(dataDir, { recursive: true, force: true });
const server = await startServer({
  port,
  env: {
    DATA_DIR: dataDir,
    PAYLINK_SECRET: secret,
    SITE_URL: `http://localhost:${port}`,
    CHECKOUT_RATE_LIMITS: '999999/999999',
  },
});

// The session cookie the link exchange would set (same derivation as lib/server/session).
const sessionKey = createHmac('sha256', Buffer.from(secret)).update('quorum:session').digest();
const session = await new SignJWT({ plt: 'telegram', team: '-1002001', jti: 'bench' })
  .setProtectedHeader({ alg: 'HS256' })
  .setSubject('1001')
  .setAudience('session:pay')
  .setIssuedAt()
  .setExpirationTime('2h')
  .sign(sessionKey);
const checkoutHeaders = {
  'content-type': 'application/json',
  origin: server.base,
  cookie: `quorum-pay=${session}`,
};
const body = JSON.stringify({ plan: 'individual_pro', period: 'period0', gateway: 'vnpay', method: 'qr' });

const run = (opts) => autocannon({ connections, duration, ...opts });
const summary = (name, r) => ({
  name,
  'req/s': Math.round(r.requests.average),
  'p50 ms': r.latency.p50,
  'p99 ms': r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
});

try {
  const rows = [];
  await run({ url: `${server.base}/api/ping`, duration: 2 });
  rows.push(summary('GET /api/ping (empty handler)', await run({ url: `${server.base}/api/ping` })));
  const redirects = [];
  const checkoutRequest = {
    method: 'POST',
    path: '/api/checkout',
    headers: checkoutHeaders,
    body,
    setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } }),
    onResponse: (status, responseBody) => {
      if (status === 200) redirects.push(JSON.parse(responseBody).redirectUrl);
    },
  };
  await run({ url: server.base, duration: 2, requests: [checkoutRequest] });
  rows.push(summary('POST /api/checkout', await run({ url: server.base, requests: [checkoutRequest] })));
  console.table(rows);
  console.log(`checkout / empty handler throughput: ${(rows[1]['req/s'] / rows[0]['req/s']).toFixed(2)}`);

  // Phase 2: IPNs for (up to) 1000 of the orders just created, each delivered three times.
  const hashSecret = createHmac('sha256', Buffer.from(secret)).update('quorum:vnpay-sandbox').digest('hex');
  const orders = redirects.slice(0, 1000).map((u) => Object.fromEntries(new URL(u).searchParams));
  const ipnQuery = (o, n) => {
    const fields = {
      vnp_Amount: o.vnp_Amount,
      vnp_BankCode: 'NCB',
      vnp_OrderInfo: o.vnp_OrderInfo,
      vnp_PayDate: o.vnp_CreateDate,
      vnp_ResponseCode: '00',
      vnp_TmnCode: o.vnp_TmnCode,
      vnp_TransactionNo: String(10_000_000 + n),
      vnp_TransactionStatus: '00',
      vnp_TxnRef: o.vnp_TxnRef,
    };
    const data = Object.keys(fields)
      .sort()
      .map((k) => `${k}=${encodeURIComponent(fields[k]).replace(/%20/g, '+')}`)
      .join('&');
    return `${data}&vnp_SecureHash=${createHmac('sha512', hashSecret).update(data).digest('hex')}`;
  };
  const queue = orders.flatMap((o, n) => [ipnQuery(o, n), ipnQuery(o, n), ipnQuery(o, n)]);
  const latencies = [];
  const codes = {};
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (queue.length) {
        const query = queue.shift();
        const t0 = performance.now();
        const reply = await (await fetch(`${server.base}/api/payments/vnpay/ipn?${query}`)).json();
        latencies.push(performance.now() - t0);
        codes[reply.RspCode] = (codes[reply.RspCode] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  console.log(
    `IPN: ${latencies.length} callbacks for ${orders.length} orders in ${seconds.toFixed(1)} s = ${Math.round(latencies.length / seconds)}/s, p50 ${pct(50)} ms, p99 ${pct(99)} ms; replies ${JSON.stringify(codes)}`,
  );
  console.log(
    `grants (00 replies) ${codes['00'] ?? 0} for ${orders.length} orders: double grants ${(codes['00'] ?? 0) - orders.length}`,
  );
  console.log(`server RSS ${await server.rssMb()} MB`);
} finally {
  server.stop();
}
