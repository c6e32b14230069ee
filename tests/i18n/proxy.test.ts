import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';

const get = (url: string, headers: Record<string, string> = {}) => proxy(new NextRequest(url, { headers }));

describe('proxy', () => {
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

  it('marks the cookie Secure outside localhost', async () => {
    const response = await get('https://quorum.example/', { 'accept-language': 'vi' });
    expect(response.headers.get('set-cookie')).toMatch(/Secure/i);
  });

  it('never lets a router prefetch of / write the cookie', async () => {
    const prefetches: Record<string, string>[] = [
      { rsc: '1' },
      { 'next-router-prefetch': '1' },
      { 'sec-fetch-dest': 'empty' },
    ];
    for (const headers of prefetches) {
      const response = await get('http://localhost:3000/', { ...headers, cookie: 'i18n_redirected=en' });
      expect(response.headers.get('set-cookie')).toBeNull();
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

  it('serves English at / by rewriting to the /en tree', async () => {
    const response = await get('http://localhost:3000/');
    expect(response.headers.get('x-middleware-rewrite')).toMatch(/\/en$/);
  });
});
