import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';
import { installDirectory } from '@/lib/server/directory';
import { remoteDirectory } from '@/lib/server/directory/remote';
import { message } from '../../e2e/support/messages';
import { useTestStore } from '../support/stores';
import { BACKEND_SECRET, faults, startTestBackend, type TestBackend } from '../support/reference-backend';
import { alice, sessionCookie } from '../support/money';

/**
 * The team page in webhook mode with the backend down answers 503, never a
 * 500 or a 200: the proxy pings the directory before the page renders, because only the proxy can
 * set a page's status. e2e/webhook-mode.spec.ts opens it in a browser against a dead backend.
 */
describe('the team page while the account directory is down', () => {
  const store = useTestStore('pglite');
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(store().sql);
  });
  afterAll(() => backend.close());
  beforeEach(() => {
    backend.inject(undefined);
    backend.requests.length = 0;
    installDirectory(remoteDirectory({ baseUrl: backend.url, secret: BACKEND_SECRET, retries: 0 }));
  });
  afterEach(() => installDirectory(undefined));

  const open = async (path: string, headers: Record<string, string> = {}) =>
    proxy(
      new NextRequest(`http://localhost:3000${path}`, {
        headers: { cookie: await sessionCookie(alice, 'team'), 'sec-fetch-dest': 'document', ...headers },
      }),
    );
  const pings = () => backend.requests.filter((r) => r.startsWith('GET /v1/health')).length;

  it.each([
    ['/team', 'en'],
    ['/vi/team', 'vi'],
    ['/jp/team', 'ja'],
  ])('answers %s with a translated 503 page and Retry-After, and no team data', async (path, locale) => {
    backend.inject(faults.status(503));
    const response = await open(path);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain(message(locale, 'ServiceStatus.unavailableHeading'));
    expect(html).not.toContain('Acme Growth');
  });

  it('answers 503 within the budget when the backend hangs', async () => {
    backend.inject(faults.hang());
    installDirectory(remoteDirectory({ baseUrl: backend.url, secret: BACKEND_SECRET, timeoutMs: 200, budgetMs: 600 }));
    const started = Date.now();
    expect((await open('/vi/team')).status).toBe(503);
    expect(Date.now() - started).toBeLessThan(600 + 1_500);
  });

  it('lets the page render while the backend is up (one ping)', async () => {
    const response = await open('/vi/team');
    expect(response.status).toBe(200);
    expect(pings()).toBe(1);
  });

  it('does not ask the backend for a client-router fetch, a visitor without a team session, or another page', async () => {
    backend.inject(faults.status(503));
    const cookie = await sessionCookie(alice, 'team');
    const refresh = await proxy(
      new NextRequest('http://localhost:3000/vi/team', { headers: { cookie, 'sec-fetch-dest': 'empty' } }),
    );
    const stranger = await proxy(
      new NextRequest('http://localhost:3000/vi/team', { headers: { 'sec-fetch-dest': 'document' } }),
    );
    const pay = await open('/vi/pay');
    expect([refresh.status, stranger.status, pay.status]).toEqual([200, 200, 200]);
    expect(pings()).toBe(0);
  });
});
