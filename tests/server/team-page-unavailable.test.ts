import type { ServerResponse } from 'node:http';
import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';
import { metrics } from '@/lib/server/observability/metrics';
import { teamPageUnavailable } from '@/lib/server/team/unavailable-view';
import { UnavailableError } from '@/lib/server/unavailable';
import { installDirectory } from '@/lib/server/testing';
import { remoteDirectory } from '@/lib/server/directory/remote';
import { message } from '../../e2e/support/messages';
import { useTestStore } from '../support/stores';
import { BACKEND_SECRET, faults, startTestBackend, type TestBackend } from '../support/reference-backend';
import { alice, sessionCookie } from '../support/money';

/**
 * The team page in webhook mode with the backend down, or answering about another team, answers
 * 503, never a 500 or a 200: the proxy makes the page's reads before the page renders, because only
 * the proxy can set a page's status. e2e/webhook-mode.spec.ts opens it in a browser against a dead backend.
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

  it("lets the page render while the backend is up (after the page's own reads)", async () => {
    const response = await open('/vi/team?q=ali&page=2');
    expect(response.status).toBe(200);
    expect(backend.requests.filter((r) => r.startsWith('GET /v1/team/overview'))).toHaveLength(1);
    expect(backend.requests.filter((r) => r.startsWith('GET /v1/team/members') && /q=ali&page=2/.test(r))).toHaveLength(
      1,
    );
  });

  it.each([
    ['the team overview names another team', '/v1/team/overview', '"teamId":"-1002001"', '"teamId":"-1002009"'],
    ['a listed member is on another platform', '/v1/team/members', '"platform":"telegram"', '"platform":"discord"'],
  ])('answers 503, not the 200 "briefly unavailable" view, when %s', async (_name, path, from, to) => {
    backend.inject((request, response) => {
      if (!request.url?.startsWith(path)) return false;
      const end = response.end.bind(response) as (chunk: unknown) => ServerResponse;
      // Same length: the answer's Content-Length stays right.
      response.end = ((chunk: unknown) => end(String(chunk).replaceAll(from, to))) as never;
      return false;
    });
    const response = await open('/vi/team');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.text()).not.toContain('Acme Growth');
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
    expect(backend.requests).toEqual([]);
  });
});

describe("the team page's own unavailable view", () => {
  const count = async () =>
    Number(/^quorum_team_page_unavailable_total (\d+)$/m.exec(await metrics().registry.metrics())?.[1] ?? 'NaN');

  it('is counted in quorum_team_page_unavailable_total, since it goes out with a 200', async () => {
    const before = await count();
    expect(teamPageUnavailable(new UnavailableError('directory down'))).toBeNull();
    expect(await count()).toBe(before + 1);
  });

  it('is not shown for a failure that is a bug: that one is thrown on', async () => {
    const before = await count();
    expect(() => teamPageUnavailable(new TypeError('bug'))).toThrow(TypeError);
    expect(await count()).toBe(before);
  });
});
