import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NextRequest } from 'next/server';
import { proxy, config } from '@/proxy';
import { routeRequest } from '@/lib/i18n/route-request';
import { alice, pendingTeamOrder, sessionCookie } from '../support/money';
import { operatorSession, resetOps } from '../support/ops';
import { useTestStore } from '../support/stores';

// No build here: every page is one rendered per request.
process.env.NEXT_DIST_DIR = mkdtempSync(join(tmpdir(), 'ops-proxy-no-build-'));

/*
 * The console's pages, at the request layer: every page but sign-in and enrolment answers 401 with
 * nothing but the way to sign in unless a live operator session comes with it (a payer's session is
 * none), and a page it lets through gets the console's own policy, with a nonce.
 */
describe('the console’s pages at the request layer', () => {
  const store = useTestStore('pglite');
  beforeEach(() => resetOps(store().sql));

  const get = (path: string, cookie?: string) =>
    proxy(new NextRequest(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} }));

  it('the proxy runs on every console path (its matcher does not take /ops for a locale prefix)', () => {
    const matcher = new RegExp(`^${config.matcher[0]}$`);
    for (const path of ['/ops', '/ops/', '/ops/orders', '/ops/orders/abc', '/ops/sign-in', '/ops/enrol']) {
      expect({ path, runs: matcher.test(path) }).toEqual({ path, runs: true });
    }
    expect(routeRequest({ pathname: '/ops/orders', search: '', cookie: undefined, acceptLanguage: null })).toEqual({
      kind: 'ops',
      needsSession: true,
    });
  });

  it.each(['/ops', '/ops/orders', '/ops/review', '/ops/refunds', '/ops/orders/0123456789abcdef0123456789abcdef'])(
    '%s without an operator session: 401, a sign-in link and no data',
    async (path) => {
      const order = await pendingTeamOrder();
      const response = await get(path.replace('0123456789abcdef0123456789abcdef', order.id));
      expect(response.status).toBe(401);
      const html = await response.text();
      expect(html).toContain('href="/ops/sign-in"');
      expect(html).not.toContain(order.id);
      expect(html).not.toContain(alice.userId);
      expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
      expect(response.headers.get('cache-control')).toBe('no-store');
    },
  );

  it('speaks the operator’s language: Vietnamese by the browser’s preference or the console’s switch', async () => {
    const byBrowser = await proxy(
      new NextRequest('http://localhost:3000/ops', { headers: { 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.5' } }),
    );
    const html = await byBrowser.text();
    expect(html).toContain('<html lang="vi">');
    expect(html).toContain('Hãy đăng nhập để xem trang này.');
    const bySwitch = await get('/ops', 'quorum-ops-lang=vi');
    expect(await bySwitch.text()).toContain('<html lang="vi">');
    expect(await (await get('/ops')).text()).toContain('<html lang="en">');
  });

  it('a payer’s or a team admin’s session cookie is no operator session (401)', async () => {
    const cookie = `${await sessionCookie(alice)}; ${await sessionCookie(alice, 'team')}`;
    expect((await get('/ops/orders', cookie)).status).toBe(401);
  });

  it('a revoked operator’s cookie is refused at once', async () => {
    const { cookie, name } = await operatorSession('viewer');
    expect((await get('/ops/orders', cookie)).status).toBe(200);
    const { revokeOperator } = await import('@/lib/server/ops/operators');
    await revokeOperator({ name, by: 'test' });
    expect((await get('/ops/orders', cookie)).status).toBe(401);
  });

  it('with a live session a page renders under the console’s own policy, with a fresh nonce each time', async () => {
    const { cookie } = await operatorSession('viewer');
    const [first, second] = [await get('/ops', cookie), await get('/ops', cookie)];
    const policy = first.headers.get('content-security-policy')!;
    expect(policy).toMatch(/^default-src 'none'; script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("form-action 'self'");
    expect(policy).not.toContain("unsafe-inline' 'unsafe-eval");
    expect(second.headers.get('content-security-policy')).not.toBe(policy);
  });

  it.each(['/ops/sign-in', '/ops/enrol'])('%s opens without a session, under the console’s policy', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
  });
});
