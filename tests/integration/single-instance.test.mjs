// What only a real `next start` shows (the socket, the start-up, the logs): each case reproduces
// a fault found once and failed before its fix.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ipnQuery,
  logDir,
  missingPrerequisite,
  root,
  sessionCookie,
  startInstance,
  waitFor,
} from './support/cluster.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3300) + 15;
const skip = missingPrerequisite({ postgres: false, nginx: false });
if (skip && process.env.CI) throw new Error(`cannot run in CI: ${skip}`);

describe('one instance, as started by an operator', { skip: skip ?? false, timeout: 180_000 }, () => {
  const dataDir = join(root, `.data-it-single-${PORT}`);
  let server;

  before(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    // The data directory is unusable at start: a file stands where the directory should be.
    writeFileSync(dataDir, 'not a directory');
    server = await startInstance({
      port: PORT,
      env: { DATA_DIR: dataDir, SITE_URL: `http://localhost:${PORT}`, TRUSTED_PROXY_HOPS: '0' },
    });
  });

  after(() => {
    server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503s while the data directory is unusable, then recovers by itself once it is back', async () => {
    const health = await fetch(`${server.base}/api/health`);
    assert.equal(health.status, 503);
    assert.deepEqual(await health.json(), { status: 'unavailable' });
    // Correctly signed (the sandbox terminal), so only the store can be what fails.
    const order =
      'http://sandbox/?vnp_Amount=10000000&vnp_OrderInfo=x&vnp_CreateDate=20261122000000&vnp_TmnCode=QUORUMSB&vnp_TxnRef=0123456789abcdef0123456789abcdef';
    const ipn = await (await fetch(`${server.base}/api/payments/vnpay/ipn?${ipnQuery(order, 1)}`)).json();
    assert.equal(ipn.RspCode, '99');
    const page = await fetch(`${server.base}/vi/pay`);
    assert.equal(page.status, 503);
    assert.match(await page.text(), /<html lang="vi"[\s\S]*Tạm thời không khả dụng[\s\S]*href="\/vi"/);

    rmSync(dataDir, { force: true }); // the operator fixes it; no restart
    await waitFor(async () => (await fetch(`${server.base}/api/health`)).status === 200, 'recovery', 30_000);
    assert.equal((await fetch(`${server.base}/vi/pay`)).status, 200);
  });

  it('ignores a client-sent X-Forwarded-For: the socket address goes to VNPay and the rate limit', async () => {
    const response = await fetch(`${server.base}/api/checkout`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: `http://localhost:${PORT}`,
        'x-forwarded-for': '6.6.6.6',
        cookie: await sessionCookie({ sub: '1001', team: '-1002001' }),
      },
      body: JSON.stringify({ plan: 'individual_pro', period: 'period0', gateway: 'vnpay', method: 'qr' }),
    });
    assert.equal(response.status, 200);
    const { redirectUrl } = await response.json();
    assert.equal(new URL(redirectUrl).searchParams.get('vnp_IpAddr'), '127.0.0.1');
  });

  it('logs JSON lines with request ids, and never a link token', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMDAxIn0.c2VjcmV0LXRva2Vu';
    const response = await fetch(`${server.base}/pay?t=${token}`, {
      redirect: 'manual',
      headers: { 'x-request-id': 'it-request-0001' },
    });
    assert.equal(response.headers.get('x-request-id'), 'it-request-0001');
    assert.equal(response.status, 200, 'the opening page, which spends nothing');
    // The opening page's POST: the token travels in the body, which is never logged.
    const exchange = await fetch(`${server.base}/api/link`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'x-request-id': 'it-request-0002',
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
      },
      body: new URLSearchParams({ t: token, next: '/pay' }).toString(),
    });
    assert.equal(exchange.status, 303);
    assert.equal(exchange.headers.get('location'), '/pay?link=invalid');
    const logged = (id) => server.logs.split('\n').filter((l) => l.includes(`"reqId":"${id}"`));
    await waitFor(
      () => logged('it-request-0001').some((l) => l.includes('"msg":"request"')),
      'the access log line',
      5_000,
    );
    await waitFor(
      () => logged('it-request-0002').some((l) => l.includes('"msg":"request"')),
      'the POST log line',
      5_000,
    );
    assert.ok(!server.logs.includes(token), 'the token appears in the logs');
    const access = logged('it-request-0001')
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'request');
    assert.equal(access.url, '/pay?t=[redacted]');
    assert.equal(access.status, 200);
    assert.ok(
      logged('it-request-0002').some((l) => JSON.parse(l).msg === 'link refused'),
      'the refusal carries the request id',
    );
  });

  it("writes its output to a file in the run's log directory, not to the test report", async () => {
    const file = join(logDir, `next-start-${PORT}.log`);
    await waitFor(() => readFileSync(file, 'utf8').includes('"reqId":"it-request-0002"'), 'the log file', 5_000);
    assert.ok(readFileSync(file, 'utf8').includes('"reqId":"it-request-0001"'));
  });

  it('answers 405 with Allow: GET, HEAD to any other method on a static file, never a 5xx', async () => {
    for (const path of ['/og/vi-pay.png', '/og/en-site.png', '/fonts/OFL.txt', '/%6Fg/vi-pay.png']) {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
        const response = await fetch(`${server.base}${path}`, { method, body: method === 'OPTIONS' ? undefined : 'x' });
        assert.equal(response.status, 405, `${method} ${path}`);
        assert.equal(response.headers.get('allow'), 'GET, HEAD', `${method} ${path}`);
      }
    }
    assert.equal((await fetch(`${server.base}/og/vi-pay.png`)).status, 200);
  });

  it('answers 400 to a router state header Next cannot parse on the dynamic team pages, never a 5xx', async () => {
    const cookie = await sessionCookie({ sub: '1001', team: '-1002001', aud: 'team' });
    const valid = encodeURIComponent(JSON.stringify(['', { children: ['__PAGE__', {}] }]));
    for (const path of ['/team', '/vi/team', '/team?_rsc=abc', '/vi/team?_rsc=abc', '/vi']) {
      for (const [state, expected] of /** @type {Array<[string, number | null]>} */ ([
        ['%%%garbage', 400],
        ['', 400],
        [encodeURIComponent('{"children":[]}'), 400],
        [encodeURIComponent('[1,2]'), 400],
        [valid, null],
      ])) {
        const response = await fetch(`${server.base}${path}`, {
          redirect: 'manual',
          headers: { rsc: '1', 'next-router-state-tree': state, cookie },
        });
        assert.ok(response.status < 500, `${path} with ${state}: ${response.status}`);
        if (expected) assert.equal(response.status, expected, `${path} with ${state}`);
      }
    }
  });

  it("keeps the link exchange's own Referrer-Policy: no-referrer, and the site's policy elsewhere", async () => {
    const exchange = await fetch(`${server.base}/api/link`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ t: 'not.a.token', next: '/pay' }).toString(),
    });
    assert.equal(exchange.status, 303);
    assert.equal(exchange.headers.get('referrer-policy'), 'no-referrer');
    const page = await fetch(`${server.base}/vi`);
    assert.equal(page.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
  });

  it('serves /api/metrics to a loopback peer that names no other address (X-Forwarded-For cannot claim loopback)', async () => {
    const local = await fetch(`${server.base}/api/metrics`);
    assert.equal(local.status, 200);
    assert.match(await local.text(), /quorum_http_requests_total\{method="GET",route="\/api\/health",status="503"\}/);
    // The peer is loopback here, but the request names a remote client (as a proxy on this machine
    // relaying one would): a forwarded address only ever takes trust away. The unit tests cover remote peers.
    for (const headers of [{ 'x-forwarded-for': '203.0.113.5' }, { 'x-real-ip': '203.0.113.5' }]) {
      assert.equal((await fetch(`${server.base}/api/metrics`, { headers })).status, 404);
    }
    assert.equal(
      (await fetch(`${server.base}/api/metrics`, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status,
      200,
    );
  });
});

describe(
  'an instance whose SITE_URL is not the address it listens on',
  { skip: skip ?? false, timeout: 180_000 },
  () => {
    const port = PORT + 1;
    // What a reverse proxy gives: the public name differs from the listening host (localhost).
    const site = `http://quorum.test:${port}`;
    const dataDir = join(root, `.data-it-site-url-${port}`);
    let server;

    before(async () => {
      rmSync(dataDir, { recursive: true, force: true });
      server = await startInstance({
        port,
        // APP_ENV says "not production" itself: a public SITE_URL would otherwise switch production on.
        env: { DATA_DIR: dataDir, SITE_URL: site, APP_ENV: 'development', TRUSTED_PROXY_HOPS: '0' },
      });
    });

    after(() => {
      server?.kill();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('redirects within the site (/en/join → /join, / → a locale) without naming the listening host', async () => {
      for (const [path, headers] of /** @type {Array<[string, Record<string, string>]>} */ ([
        ['/en/join', {}],
        ['/', { 'accept-language': 'vi' }],
      ])) {
        const response = await fetch(`${server.base}${path}`, { redirect: 'manual', headers });
        assert.ok([307, 308].includes(response.status), `${path}: ${response.status}`);
        const location = response.headers.get('location') ?? '';
        assert.ok(location.startsWith('/') || location.startsWith(`${site}/`), `${path} → ${location}`);
      }
    });

    it('prints no link carrying a token at start: only `npm start` asks for demo links', async () => {
      await waitFor(async () => server.logs.includes('"msg":"ready"'), 'the ready line', 30_000);
      // The demo links follow the ready line at once when they are printed at all.
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.ok(!server.logs.includes('demo pay link'), 'a demo link was printed');
      assert.ok(!/[?&]t=ey/.test(server.logs), 'a token was printed');
    });

    for (const [gateway, query] of [
      ['vnpay', 'vnp_TxnRef=0123456789abcdef0123456789abcdef'],
      ['momo', 'orderId=0123456789abcdef0123456789abcdef'],
    ]) {
      it(`sends the payer back from ${gateway} to SITE_URL's origin, not to the listening host`, async () => {
        const response = await fetch(`${server.base}/api/payments/${gateway}/return?${query}`, { redirect: 'manual' });
        assert.equal(response.status, 303);
        const location = response.headers.get('location') ?? '';
        assert.ok(location.startsWith(`${site}/`), `Location ${location} is not on ${site}`);
      });
    }
  },
);
