import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';
import { useTestStore } from '@/tests/support/stores';

// No build here (whatever .next the checkout holds): every page is one rendered per request.
process.env.NEXT_DIST_DIR = mkdtempSync(join(tmpdir(), 'proxy-no-build-'));

const get = (url: string, headers: Record<string, string> = {}) => proxy(new NextRequest(url, { headers }));

describe('proxy', () => {
  // /pay and /team are served only while the ledger answers: a database of the suite's own, never
  // whatever the checkout's .data holds.
  useTestStore('pglite');

  it('sets i18n_redirected to the URL prefix on a root redirect: path /, one year, Lax, not Secure on localhost', async () => {
    const response = await get('http://localhost:3000/?a=1', { 'accept-language': 'ja' });
    expect(response.status).toBe(307);
    expect(
      new URL(response.headers.get('location')!).pathname + new URL(response.headers.get('location')!).search,
    ).toBe('/jp?a=1');
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^i18n_redirected=jp;/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(response.headers.get('vary')).toBe('Accept-Language, Cookie');
    expect(response.headers.get('cache-control')).toMatch(/private/);
  });

  it('judges Secure by SITE_URL (http here), not by the host the request names', async () => {
    const response = await get('https://quorum.example/', { 'accept-language': 'vi' });
    expect(response.headers.get('set-cookie')).not.toMatch(/Secure/i);
  });

  it('never lets a router prefetch of / write the cookie, but still varies on language and cookie', async () => {
    // Next strips its own router headers (rsc, next-router-prefetch) before the proxy runs; what is
    // left to tell a router fetch from a page load is the browser's Sec-Fetch-Dest.
    const prefetches: Record<string, string>[] = [
      { 'sec-fetch-dest': 'empty' },
      { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' },
    ];
    for (const headers of prefetches) {
      const response = await get('http://localhost:3000/', { ...headers, cookie: 'i18n_redirected=en' });
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(response.headers.get('vary')).toBe('Accept-Language, Cookie');
    }
  });

  it('builds the Location from the request path only, never from the Host header', async () => {
    const response = await get('http://localhost:3000/', {
      'accept-language': 'vi',
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(response.headers.get('location')).not.toContain('evil.example');
  });

  it('serves English at / with Vary: Accept-Language, Cookie and never exposes a rewrite', async () => {
    const response = await get('http://localhost:3000/');
    expect(response.headers.get('vary')).toBe('Accept-Language, Cookie');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-middleware-rewrite')).toBeNull();
  });

  it('serves the English home at /en whatever the browser prefers, remembers English, and does not vary on language', async () => {
    const response = await get('http://localhost:3000/en', {
      'accept-language': 'vi',
      cookie: 'i18n_redirected=vi',
      'sec-fetch-dest': 'document',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('set-cookie')).toMatch(/^i18n_redirected=en;/);
    expect(response.headers.get('vary') ?? '').not.toMatch(/Accept-Language/i);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    // A router fetch (a prefetch of the logo's link) never writes the cookie.
    const prefetch = await get('http://localhost:3000/en', { 'accept-language': 'vi', 'sec-fetch-dest': 'empty' });
    expect(prefetch.headers.get('set-cookie')).toBeNull();
  });

  it('moves /ja/... to /jp/... with one permanent redirect', async () => {
    const response = await get('http://localhost:3000/ja/privacy?a=1');
    expect(response.status).toBe(308);
    const location = new URL(response.headers.get('location')!);
    expect(location.pathname + location.search).toBe('/jp/privacy?a=1');
  });

  it('puts a fresh nonce, and PayPal, into the policy of /pay rendered per request, for Next (request) and the browser (response)', async () => {
    const first = await get('http://localhost:3000/vi/pay');
    const second = await get('http://localhost:3000/vi/pay');
    const policy = first.headers.get('content-security-policy')!;
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/www\.paypal\.com/);
    expect(policy).not.toContain("unsafe-inline'; style");
    expect(policy.split('; ').find((d) => d.startsWith('script-src'))).not.toContain('unsafe-inline');
    expect(first.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
  });

  it('gives the team page, rendered per request, a nonce and no PayPal', async () => {
    const response = await get('http://localhost:3000/vi/team');
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
    expect(policy).not.toContain('paypal');
  });

  it('allows no inline script but by the nonce: the root layout writes none (its font script has a src)', async () => {
    for (const locale of ['jp', 'ur', 'hi']) {
      const policy = (await get(`http://localhost:3000/${locale}/team`)).headers.get('content-security-policy')!;
      expect(policy.split('; ').find((d) => d.startsWith('script-src'))).toMatch(/^script-src 'self' 'nonce-[^']+'$/);
    }
  });

  it('keeps PayPal off every page but /pay', async () => {
    for (const url of ['http://localhost:3000/team', 'http://localhost:3000/nope']) {
      expect((await get(url)).headers.get('content-security-policy') ?? '').not.toContain('paypal');
    }
  });
});
