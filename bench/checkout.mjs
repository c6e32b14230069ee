#!/usr/bin/env node
// Checkout and IPN throughput in embedded mode and in webhook mode (the reference chat backend),
// one after the other in one run (127.0.0.1 / localhost only), then the latency a backend call adds.
//   npm run build && npm run bench:checkout        (NEXT_DIST_DIR picks another build)
// Per mode:
// 1. POST /api/checkout (real session, real store, a fresh Idempotency-Key per request so every
//    request creates an order) beside GET /api/ping (an empty route handler), both at c=20.
// 2. VNPay IPNs: every created order gets its signed success IPN three times, 20 at a time;
//    afterwards the replies are counted: exactly one 00 per order (= one grant), the rest 02.
// Finally: 500 signed GET /v1/pay-context and 500 POST /v1/grants straight to the backend, one at a time.
import { createHmac, randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { BENCH_PAYLINK_SECRET, startServer } from './lib/server.mjs';
import { benchPaySession } from './lib/session.mjs';
import { signedVnpayIpn, vnpaySandboxHashSecret } from '../scripts/lib/vnpay-sandbox-ipn.mjs';

const port = Number(process.env.BENCH_PORT ?? 3910);
const backendPort = port + 1;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 20;
const secret = BENCH_PAYLINK_SECRET;
const backendSecret = 'bench-only-chat-backend-secret-0123456789';
const dataDir = '.data-bench';
const backendDataDir = '.data-bench-backend';

/** The reference chat backend, for webhook mode. */
async function startBackend() {
  rmSync(backendDataDir, { recursive: true, force: true });
  const child = spawn(
    'npx',
    [
      'tsx',
      '--conditions=react-server',
      'lib/server/cli/backend.ts',
      '--port',
      String(backendPort),
      '--data',
      backendDataDir,
    ],
    {
      env: { ...process.env, CHAT_BACKEND_SECRET: backendSecret },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    },
  );
  const base = `http://localhost:${backendPort}`;
  for (let i = 0; i < 240; i += 1) {
    if ((await fetch(`${base}/v1/health`).catch(() => null))?.status === 401) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, stop: () => process.kill(-child.pid, 'SIGTERM') };
}

const signed = (method, pathAndQuery, body = '') => {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const mac = createHmac('sha256', backendSecret)
    .update(`${timestamp}.${method}.${pathAndQuery}.${body}`)
    .digest('hex');
  return { 'x-quorum-timestamp': timestamp, 'x-quorum-signature': `v1=${mac}` };
};

const session = await benchPaySession(secret);
const checkoutHeaders = {
  'content-type': 'application/json',
  origin: `http://localhost:${port}`,
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

async function measure(mode, server) {
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
  console.log(`\n== ${mode} mode ==`);
  console.table(rows);
  console.log(`checkout / empty handler throughput: ${(rows[1]['req/s'] / rows[0]['req/s']).toFixed(2)}`);

  // Phase 2: IPNs for (up to) 1000 of the orders just created, each delivered three times.
  const hashSecret = vnpaySandboxHashSecret(secret);
  const orders = redirects.slice(0, 1000);
  const ipnQuery = (url, n) => signedVnpayIpn(url, 10_000_000 + n, hashSecret);
  const queue = orders.flatMap((u, n) => [ipnQuery(u, n), ipnQuery(u, n), ipnQuery(u, n)]);
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
}

async function backendLatency(backend) {
  const timings = { 'GET /v1/pay-context': [], 'POST /v1/grants': [] };
  for (let n = 0; n < 500; n += 1) {
    const query = '/v1/pay-context?platform=telegram&userId=1001&teamId=-1002001';
    let t0 = performance.now();
    await (await fetch(`${backend.base}${query}`, { headers: signed('GET', query) })).text();
    timings['GET /v1/pay-context'].push(performance.now() - t0);
    const grant = JSON.stringify({
      orderId: `bench-${n}`,
      platform: 'telegram',
      userId: '1002',
      teamId: null,
      plan: 'individual_pro',
      months: 1,
      seats: null,
      paidAt: new Date().toISOString(),
    });
    t0 = performance.now();
    await (
      await fetch(`${backend.base}/v1/grants`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': `bench-${n}`,
          ...signed('POST', '/v1/grants', grant),
        },
        body: grant,
      })
    ).text();
    timings['POST /v1/grants'].push(performance.now() - t0);
  }
  console.log('\n== latency a backend call adds (reference backend on loopback, one at a time) ==');
  for (const [name, list] of Object.entries(timings)) {
    list.sort((a, b) => a - b);
    const pct = (p) => list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))].toFixed(1);
    console.log(`${name}: p50 ${pct(50)} ms, p99 ${pct(99)} ms (${list.length} calls)`);
  }
}

const siteEnv = {
  PAYLINK_SECRET: secret,
  SITE_URL: `http://localhost:${port}`,
  CHECKOUT_RATE_LIMITS: '999999/999999',
};
const modes = (process.env.BENCH_MODES ?? 'embedded,webhook').split(',');
for (const mode of modes) {
  rmSync(dataDir, { recursive: true, force: true });
  const backend = mode === 'webhook' ? await startBackend() : null;
  const server = await startServer({
    port,
    env: {
      ...siteEnv,
      DATA_DIR: dataDir,
      ...(backend ? { CHAT_BACKEND_URL: backend.base, CHAT_BACKEND_SECRET: backendSecret } : {}),
    },
  });
  try {
    await measure(mode, server);
    if (backend) await backendLatency(backend);
  } finally {
    server.stop();
    backend?.stop();
    await new Promise((r) => setTimeout(r, 1000));
  }
}
