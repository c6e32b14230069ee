import { NextRequest } from 'next/server';
import { GET as metricsRoute } from '@/app/api/metrics/route';
import { redactUrl } from '@/lib/server/observability/log';
import { metrics } from '@/lib/server/observability/metrics';
import { routeGroup as groupOf } from '@/lib/server/http/server-hooks';
import { allGateways } from '@/lib/server/payments/registry';
import { useTestStore } from '../support/stores';
import { useEnv } from '../support/env';
import { ipnRequest, pendingTeamOrder, vnpayCallback } from '../support/money';
import { vnpayRoutes } from '../support/money';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';

const ipn = vnpayRoutes.ipn;

describe('log redaction of link tokens', () => {
  it.each([
    ['/pay?t=eyJhbGciOi.abc.def', '/pay?t=[redacted]'],
    ['/vi/team?x=1&t=abc&y=2', '/vi/team?x=1&t=[redacted]&y=2'],
    ['/pay?%74=abc', '/pay?%74=[redacted]'],
    ['/pay?status=success&order=abc', '/pay?status=success&order=abc'],
    ['/pay', '/pay'],
  ])('logs %s as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('route groups for metric labels', () => {
  const routeGroup = (path: string) => groupOf(path, new Set(allGateways.map((gateway) => gateway.id)));
  it('folds paths into a bounded set', () => {
    expect(routeGroup('/api/payments/vnpay/ipn')).toBe('/api/payments/vnpay/ipn');
    expect(routeGroup('/api/payments/paypal/webhook')).toBe('/api/payments/paypal/webhook');
    expect(routeGroup('/api/payments/momo/sandbox/v2/gateway/api/create')).toBe('/api/payments/momo/sandbox');
    // A gateway the registry does not know is no label of its own.
    expect(routeGroup('/api/payments/bitcoin/ipn')).toBe('/api/other');
    expect(routeGroup('/api/team/members/42/block')).toBe('/api/team/members');
    expect(routeGroup('/api/anything-else')).toBe('/api/other');
    expect(routeGroup('/vi/pay')).toBe('/pay');
    expect(routeGroup('/_next/static/chunks/a.js')).toBe('/_next');
    expect(routeGroup('/random/probe/123')).toBe('page');
  });
});

describe('GET /api/metrics behind trusted proxies', () => {
  useEnv({ TRUSTED_PROXY_HOPS: '1' });
  const scrape = (xff: string) =>
    metricsRoute(new NextRequest('http://localhost:3000/api/metrics', { headers: { 'x-forwarded-for': xff } }));

  it('takes loopback from the socket peer alone, never from an entry a proxy or client wrote', async () => {
    // A client reaching the port directly writes `127.0.0.1`; the peer (the last entry) is its own address.
    expect((await scrape('127.0.0.1, 203.0.113.9')).status).toBe(404);
    expect((await scrape('127.0.0.1, 10.0.0.2')).status).toBe(404);
    // Through a proxy on this machine, for a remote client.
    expect((await scrape('203.0.113.9, 127.0.0.1')).status).toBe(404);
    expect((await scrape('127.0.0.1')).status).toBe(200);
  });
});

describe('GET /api/metrics', () => {
  useEnv({ METRICS_TOKEN: 'metrics-token-for-tests-0123456789', TRUSTED_PROXY_HOPS: '0' });
  useTestStore('pglite');
  const scrape = (headers: Record<string, string>) =>
    metricsRoute(new NextRequest('http://localhost:3000/api/metrics', { headers }));

  it('answers Prometheus text to loopback, with the payment series', async () => {
    const order = await pendingTeamOrder();
    await ipn(ipnRequest(vnpayCallback(order)));
    await ipn(ipnRequest(vnpayCallback(order)));
    await backgroundDeliveriesFinished();
    const response = await scrape({ 'x-forwarded-for': '127.0.0.1' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(/^quorum_payment_callbacks_total\{gateway="vnpay",outcome="paid"\} [1-9]/m);
    expect(text).toMatch(/^quorum_payment_callbacks_total\{gateway="vnpay",outcome="already_confirmed"\} [1-9]/m);
    expect(text).toMatch(/^quorum_grants_total\{status="applied"\} [1-9]/m);
    expect(text).toContain('quorum_outbox_depth');
    expect(text).toContain('# TYPE quorum_http_request_duration_seconds histogram');
  });

  it('refuses other addresses, also when they prepend 127.0.0.1 to X-Forwarded-For, unless the token is right', async () => {
    expect((await scrape({ 'x-forwarded-for': '203.0.113.5' })).status).toBe(404);
    expect((await scrape({ 'x-forwarded-for': '127.0.0.1, 203.0.113.5' })).status).toBe(404);
    expect((await scrape({ 'x-forwarded-for': 'garbage' })).status).toBe(404);
    expect(
      (await scrape({ 'x-forwarded-for': '203.0.113.5', authorization: 'Bearer wrong-token-0123456789abcdef' })).status,
    ).toBe(404);
    const ok = await scrape({
      'x-forwarded-for': '203.0.113.5',
      authorization: 'Bearer metrics-token-for-tests-0123456789',
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a request from loopback that names a remote client (a proxy on this machine relaying it)', async () => {
    expect((await scrape({ 'x-forwarded-for': '203.0.113.5, 127.0.0.1' })).status).toBe(404);
    expect((await scrape({ 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '203.0.113.5' })).status).toBe(404);
    expect((await scrape({ 'x-forwarded-for': '127.0.0.1', forwarded: 'for=203.0.113.5' })).status).toBe(404);
    expect((await scrape({ 'x-forwarded-for': '127.0.0.1, ::1', forwarded: 'for="[::1]:8080"' })).status).toBe(200);
  });

  it('reads outbox depth and breaker state from their owners at scrape time', async () => {
    const { reportOutboxDepth, reportBreakerState } = await import('@/lib/server/observability/metrics');
    reportOutboxDepth(() => 7);
    reportBreakerState('chat-backend', () => 'open');
    const text = await (await scrape({ 'x-forwarded-for': '127.0.0.1' })).text();
    expect(text).toMatch(/^quorum_outbox_depth 7$/m);
    expect(text).toMatch(/^quorum_breaker_state\{dependency="chat-backend"\} 2$/m);
    metrics().sources.breakers.clear();
  });

  it('counts the orders held for review (a paid amount that does not match) in quorum_review_queue_size', async () => {
    const { reportReviewQueue } = await import('@/lib/server/observability/metrics');
    const { reviewQueueSize } = await import('@/lib/server/payments/review/review-queue');
    reportReviewQueue(reviewQueueSize);
    const queue = async () =>
      /^quorum_review_queue_size (\d+)$/m.exec(await (await scrape({ 'x-forwarded-for': '127.0.0.1' })).text())?.[1];
    expect(await queue()).toBe('0');
    const order = await pendingTeamOrder();
    await ipn(ipnRequest(vnpayCallback(order, { vnp_Amount: String(order.amount * 100 - 100) })));
    expect(await queue()).toBe('1');
    metrics().sources.reviewQueue = undefined;
  });
});
