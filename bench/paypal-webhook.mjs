#!/usr/bin/env node
// PayPal webhook throughput and a count of grants, against one `next start` with the local PayPal
// sandbox (127.0.0.1 / localhost only).
//   npm run build && npm run bench:paypal           (NEXT_DIST_DIR picks another build)
// 1. N PayPal checkouts (real session, real store), each subscription created and approved in the
//    sandbox with its webhooks dropped (the sandbox's "deliver=no"), so nothing is settled yet.
// 2. Each subscription's first sale (PAYMENT.SALE.COMPLETED, signed with the sandbox key as PayPal
//    signs) is POSTed to /api/payments/paypal/webhook three times, 20 at a time. Each reply says how
//    many payments it moved to paid; their sum is the number of grants, which must equal N.
import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { BENCH_PAYLINK_SECRET, startServer } from './lib/server.mjs';
import { benchPaySession } from './lib/session.mjs';

const port = Number(process.env.BENCH_PORT ?? 3911);
const count = Number(process.env.BENCH_SUBSCRIPTIONS ?? 300);
const connections = 20;
const secret = BENCH_PAYLINK_SECRET;
const dataDir = process.env.BENCH_DATA_DIR ?? '.data-bench-paypal';
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

const session = await benchPaySession(secret);
const sameOrigin = { origin: server.base, 'sec-fetch-site': 'same-origin' };

async function paidSubscription() {
  const checkout = await fetch(`${server.base}/api/checkout`, {
    method: 'POST',
    headers: {
      ...sameOrigin,
      'content-type': 'application/json',
      cookie: `quorum-pay=${session}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ plan: 'individual_pro', period: 'period0', gateway: 'paypal', method: 'paypal' }),
  });
  const { paypal } = await checkout.json();
  const created = await fetch(`${server.base}/api/payments/paypal/sandbox/api/v1/billing/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'paypal-client-id': 'quorum-sandbox-client' },
    body: JSON.stringify({ plan_id: paypal.planId, quantity: String(paypal.quantity), custom_id: paypal.customId }),
  });
  const { id } = await created.json();
  const approved = await fetch(`${server.base}/api/payments/paypal/sandbox`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...sameOrigin, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: `action=approve&deliver=no&subscription=${id}`,
  });
  if (!approved.ok) throw new Error(`approve ${id}: ${approved.status}`);
  return { id, total: (paypal.quantity * 1.99).toFixed(2) };
}

try {
  const subscriptions = [];
  for (let i = 0; i < count; i += connections) {
    subscriptions.push(
      ...(await Promise.all(Array.from({ length: Math.min(connections, count - i) }, paidSubscription))),
    );
  }
  // The sandbox wrote its signing key into DATA_DIR when it first signed; read it as PayPal's stand-in.
  await fetch(`${server.base}/api/payments/paypal/sandbox/certs/CERT-QUORUM-SANDBOX`);
  const key = createPrivateKey(readFileSync(`${dataDir}/paypal-sandbox-key.pem`, 'utf8'));
  const certUrl = `${server.base}/api/payments/paypal/sandbox/certs/CERT-QUORUM-SANDBOX`;
  const delivery = ({ id, total }, n) => {
    const body = JSON.stringify({
      id: `WH-BENCH${String(n).padStart(12, '0')}`,
      event_type: 'PAYMENT.SALE.COMPLETED',
      resource_type: 'sale',
      resource: { id: `SALE${n}`, amount: { total, currency: 'USD' }, billing_agreement_id: id },
    });
    return () => {
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      const message = `${transmissionId}|${time}|WH-QUORUM-SANDBOX|${crc32(Buffer.from(body)) >>> 0}`;
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': certUrl,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': time,
          'paypal-transmission-sig': sign('sha256', Buffer.from(message), key).toString('base64'),
        },
      };
    };
  };
  const queue = subscriptions.flatMap((s, n) => [delivery(s, n), delivery(s, n), delivery(s, n)]);
  const latencies = [];
  const statuses = {};
  let grants = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (queue.length) {
        const { body, headers } = queue.shift()();
        const t0 = performance.now();
        const response = await fetch(`${server.base}/api/payments/paypal/webhook`, { method: 'POST', headers, body });
        const { outcome } = await response.json();
        latencies.push(performance.now() - t0);
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        grants += Number(/paid_now=(\d+)/.exec(outcome)?.[1] ?? 0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  console.log(
    `PayPal webhooks: ${latencies.length} deliveries for ${subscriptions.length} subscriptions in ${seconds.toFixed(1)} s = ${Math.round(latencies.length / seconds)}/s, p50 ${pct(50)} ms, p99 ${pct(99)} ms; HTTP ${JSON.stringify(statuses)}`,
  );
  console.log(`grants ${grants} for ${subscriptions.length} payments: double grants ${grants - subscriptions.length}`);
  console.log(`server RSS ${await server.rssMb()} MB`);
} finally {
  server.stop();
}
