import { NextRequest } from 'next/server';
import { postLink } from '../support/open-link';
import { POST as checkout } from '@/app/api/checkout/route';
import { proxy } from '@/proxy';
import { mintPaylink } from '@/lib/server/session/paylink';
import { clientIp } from '@/lib/server/request/guards';
import { useTestStore } from '../support/stores';
import { useEnv } from '../support/env';
import { alice, checkoutPost, gatewayRoutes, pendingTeamOrder, sessionCookie, vnpayCallback } from '../support/money';

// Behind a reverse proxy `next start` listens on an internal address; the public site is SITE_URL.
// Each case below reproduces a finding: it failed before the fix.
const internal = 'http://127.0.0.1:3611';
const individual = { plan: 'individual_pro', period: 'period0', gateway: 'vnpay', method: 'qr' };

const post = (headers: Record<string, string>, cookie: string) =>
  checkout(
    new NextRequest(`${internal}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, ...headers },
      body: JSON.stringify(individual),
    }),
  );

describe('the configured site is the truth, not the listening address', () => {
  useEnv({ SITE_URL: 'https://quorum.example', APP_ENV: 'development', TRUSTED_PROXY_HOPS: '0' });
  useTestStore('pglite');

  it('accepts a checkout whose Origin is SITE_URL’s origin, without Sec-Fetch-Site, on any listening address', async () => {
    const cookie = await sessionCookie(alice);
    const response = await post({ origin: 'https://quorum.example' }, cookie);
    expect(response.status).toBe(200);
  });

  it('refuses the listening address as Origin, another origin, and a request that names none (403)', async () => {
    const cookie = await sessionCookie(alice);
    expect((await post({ origin: internal }, cookie)).status).toBe(403);
    expect((await post({ origin: 'https://evil.example' }, cookie)).status).toBe(403);
    expect((await post({ origin: 'http://quorum.example' }, cookie)).status).toBe(403);
    expect((await post({}, cookie)).status).toBe(403);
    expect((await post({ 'sec-fetch-site': 'same-site', origin: 'https://quorum.example' }, cookie)).status).toBe(403);
  });

  it('sets the session cookie Secure and __Host- for an https SITE_URL even when Next sees http://localhost', async () => {
    const token = await mintPaylink({ plt: 'telegram', sub: '1001', aud: 'pay' });
    const response = await postLink(token, '/pay');
    expect(response.headers.get('set-cookie')).toMatch(/^__Host-quorum-pay=[^;]+;.*Secure/i);
  });

  it('on an https site accepts only the __Host- session cookie: a plain-named one (another subdomain could set it) is no session', async () => {
    const hostCookie = await sessionCookie(alice);
    expect(hostCookie).toMatch(/^__Host-quorum-pay=/);
    expect((await post({ origin: 'https://quorum.example' }, hostCookie)).status).toBe(200);
    const plain = hostCookie.replace(/^__Host-/, '');
    expect((await post({ origin: 'https://quorum.example' }, plain)).status).toBe(401);
  });

  it('sets i18n_redirected Secure for an https SITE_URL even when Next sees http://localhost', async () => {
    const response = await proxy(
      new NextRequest('http://localhost:3611/', { headers: { 'accept-language': 'vi', 'sec-fetch-dest': 'document' } }),
    );
    expect(response.headers.get('set-cookie')).toMatch(/^i18n_redirected=vi;.*Secure/i);
  });

  it.each(['vnpay', 'momo'])(
    'sends the payer back from %s to SITE_URL, never to the host the request reached (localhost:3000)',
    async (gateway) => {
      const order = await pendingTeamOrder({ gateway, method: gateway === 'vnpay' ? 'qr' : 'wallet' });
      const query = gateway === 'vnpay' ? vnpayCallback(order) : new URLSearchParams({ orderId: order.id });
      const response = await gatewayRoutes(gateway).return(
        new NextRequest(`http://localhost:3000/api/payments/${gateway}/return?${query}`, {
          headers: { host: 'localhost:3000' },
        }),
      );
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toMatch(/^https:\/\/quorum\.example\/(vi\/)?pay\?status=/);
    },
  );

  it('puts the socket peer, not a client-sent X-Forwarded-For, into the order and VNPay’s vnp_IpAddr', async () => {
    const cookie = await sessionCookie(alice);
    // server-hooks appends the socket's peer (here 203.0.113.9) to what the client sent.
    const response = await post(
      { origin: 'https://quorum.example', 'x-forwarded-for': '6.6.6.6, 203.0.113.9' },
      cookie,
    );
    const { redirectUrl } = (await response.json()) as { redirectUrl: string };
    expect(new URL(redirectUrl).searchParams.get('vnp_IpAddr')).toBe('203.0.113.9');
  });
});

describe('client address from TRUSTED_PROXY_HOPS', () => {
  const request = (xff: string) => new Request('http://localhost/', { headers: { 'x-forwarded-for': xff } });

  it('takes the socket peer with no trusted proxy, whatever the client prepends', () => {
    expect(clientIp(request('6.6.6.6, 198.51.100.7'), 0)).toBe('198.51.100.7');
    expect(clientIp(request('1.1.1.1, 2.2.2.2, 198.51.100.7'), 0)).toBe('198.51.100.7');
  });

  it('takes the address the outermost trusted proxy saw, never an entry the client wrote', () => {
    // client wrote 6.6.6.6; nginx appended the client's real address; the peer is nginx.
    expect(clientIp(request('6.6.6.6, 198.51.100.7, 10.0.0.2'), 1)).toBe('198.51.100.7');
    expect(clientIp(request('6.6.6.6, 198.51.100.7, 10.0.0.3, 10.0.0.2'), 2)).toBe('198.51.100.7');
  });

  it('falls back to the leftmost entry when fewer hops than configured are present', () => {
    expect(clientIp(request('198.51.100.7'), 1)).toBe('198.51.100.7');
  });
});

describe('rotating X-Forwarded-For does not open fresh per-IP checkout buckets', () => {
  useEnv({ CHECKOUT_RATE_LIMITS: '1000/3', TRUSTED_PROXY_HOPS: '0' });
  useTestStore('pglite');

  it('counts every request against the socket peer: the fourth gets 429', async () => {
    const cookie = await sessionCookie(alice);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await checkout(
        checkoutPost(individual, { cookie, 'x-forwarded-for': `6.6.6.${i}, 198.51.100.7` }),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
