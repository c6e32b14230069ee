import { createServer } from 'node:net';
import { remoteDirectory, type RemoteDirectory } from '@/lib/server/directory/remote';
import { DirectoryUnavailableError } from '@/lib/server/directory';
import { storeKinds, useTestStore } from '../support/stores';
import { BACKEND_SECRET, faults, startTestBackend, type TestBackend } from '../support/reference-backend';
import { directoryContract } from './contract';
import { teamDirectoryContract } from './team-contract';

const bob = { platform: 'telegram', userId: '1002', teamId: '-1002001' } as const;

describe.each(storeKinds)('the remote account directory against the reference backend on %s', (kind) => {
  const store = useTestStore(kind);
  let backend: TestBackend;
  let client: RemoteDirectory;
  const connect = (options: Partial<Parameters<typeof remoteDirectory>[0]> = {}) =>
    remoteDirectory({ baseUrl: backend.url, secret: BACKEND_SECRET, halfOpenAfterMs: 300, ...options });

  beforeAll(async () => {
    backend = await startTestBackend(store().sql);
  });
  afterAll(() => backend.close());
  beforeEach(() => {
    backend.inject(undefined);
    backend.requests.length = 0;
    client = connect();
  });

  describe('keeps the directory contract', () => {
    directoryContract(() => client);
    teamDirectoryContract(() => client);
  });

  it('is refused by the backend when it signs with another secret (401 is a failure, not data)', async () => {
    const forger = connect({ secret: 'another-secret-another-secret-another-secret' });
    await expect(forger.payContext(bob)).rejects.toThrow(/HTTP 401/);
  });

  it('answers null (failed0 upstream) when the backend says the account does not exist', async () => {
    expect(await client.payContext({ platform: 'discord', userId: 'nobody' })).toBeNull();
  });

  it('gives up on a backend that never answers within the budget', async () => {
    backend.inject(faults.hang());
    const quick = connect({ timeoutMs: 200, budgetMs: 700 });
    const started = Date.now();
    await expect(quick.payContext(bob)).rejects.toBeInstanceOf(DirectoryUnavailableError);
    // Bounded by the budget (the server never answers); the margin absorbs a loaded test machine.
    expect(Date.now() - started).toBeLessThan(700 + 1_500);
  });

  it('cuts a slow drip at the per-attempt timeout', async () => {
    backend.inject(faults.drip());
    const quick = connect({ timeoutMs: 300, budgetMs: 1_000, retries: 0 });
    const started = Date.now();
    await expect(quick.payContext(bob)).rejects.toThrow(/timed out|aborted/);
    expect(Date.now() - started).toBeLessThan(300 + 1_500);
  });

  it.each([500, 502, 503])('retries a read after HTTP %i with back-off and then succeeds', async (status) => {
    backend.inject(faults.first(2, faults.status(status)));
    expect((await client.payContext(bob))?.account.username).toBe('bob');
    expect(backend.requests.filter((r) => r.startsWith('GET /v1/pay-context'))).toHaveLength(3);
  });

  it('honours Retry-After before retrying', async () => {
    backend.inject(faults.first(1, faults.status(503, '{"error":"unavailable"}', { 'retry-after': '1' })));
    const started = Date.now();
    expect((await client.payContext(bob))?.account.username).toBe('bob');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('retries a write only because it carries an idempotency key, and the grant is applied once', async () => {
    backend.inject(faults.first(1, faults.status(500)));
    const grant = {
      orderId: 'retry-grant-1',
      platform: 'telegram' as const,
      userId: '1002',
      teamId: null,
      plan: 'individual_pro' as const,
      months: 1,
      seats: null,
      paidAt: new Date(),
    };
    expect(await client.applyGrant(grant)).toMatchObject({ status: 'applied' });
    expect(await client.applyGrant(grant)).toMatchObject({ status: 'already_applied' });
    expect(backend.requests.filter((r) => r.startsWith('POST /v1/grants'))).toHaveLength(3);
  });

  it.each([
    ['malformed JSON', faults.status(200, '{"account": ')],
    ['an empty 200', faults.status(200, '')],
    ['wrong types', faults.status(200, JSON.stringify({ account: { username: 42 }, team: null }))],
    [
      'an unknown plan',
      faults.status(200, JSON.stringify({ status: 'applied', plan: 'gold', expiresAt: null, seats: 1 })),
    ],
  ])('treats %s in a 200 as a failure, never as data', async (_, fault) => {
    backend.inject(fault);
    await expect(client.payContext(bob)).rejects.toThrow(/does not match the contract/);
  });

  it.each([
    ['a refusal the contract does not know', { refusal: 'go_away' }],
    ['an overview with a negative seat count', { overview: { seats: -1 } }],
    ['both an answer and a refusal', { member: null, refusal: 'not_admin' }],
  ])('treats %s in a team answer as unavailable, never as a refusal or data', async (_, body) => {
    backend.inject(faults.status(200, JSON.stringify(body)));
    const alice = { platform: 'telegram', userId: '1001', teamId: '-1002001' } as const;
    await expect(client.teamOverview(alice)).rejects.toBeInstanceOf(DirectoryUnavailableError);
    await expect(client.setMemberBlocked(alice, 'm1', true)).rejects.toThrow(/does not match the contract/);
  });

  it('answers a retried add whose first answer was lost with that member, once, not "already a member"', async () => {
    const alice = { platform: 'telegram', userId: '1001', teamId: '-1002001' } as const;
    backend.inject(faults.first(1, faults.lostAnswer()));
    const added = await client.addTeamMember(alice, { platform: 'telegram', username: 'linh' }, new Date());
    expect(added).toMatchObject({ ok: true, value: { username: 'linh', status: 'active' } });
    expect(backend.requests.filter((r) => r.startsWith('POST /v1/team/members'))).toHaveLength(2);
    const page = await client.teamMembers(alice, { search: 'linh', page: 1, pageSize: 25 });
    expect(page).toMatchObject({ ok: true, value: { total: 1 } });
  });

  it('treats an HTML error page as a failure', async () => {
    backend.inject(faults.html());
    await expect(connect({ retries: 0 }).payContext(bob)).rejects.toThrow(/HTTP 502/);
  });

  it('fails, without hanging, when the connection is refused', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const nowhere = remoteDirectory({ baseUrl: `http://127.0.0.1:${port}`, secret: BACKEND_SECRET, retries: 0 });
    await expect(nowhere.payContext(bob)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('opens the breaker after 5 consecutive failures, fails fast while open, and closes after a successful probe', async () => {
    backend.inject(faults.status(503));
    const guarded = connect({ retries: 0, halfOpenAfterMs: 300 });
    for (let i = 0; i < 5; i += 1) await expect(guarded.payContext(bob)).rejects.toThrow(/HTTP 503/);
    expect(guarded.breakerState()).toBe('open');
    const reached = backend.requests.length;
    await expect(guarded.payContext(bob)).rejects.toThrow(/breaker open/);
    expect(backend.requests.length).toBe(reached);

    backend.inject(undefined);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await guarded.payContext(bob))?.account.username).toBe('bob');
    expect(guarded.breakerState()).toBe('closed');
  });
});

describe('idempotency keys at the reference backend', () => {
  const store = useTestStore('pglite');
  it('are scoped to the operation: an order id keys both its registration and its grant', async () => {
    const backend = await startTestBackend(store().sql);
    try {
      const client = remoteDirectory({ baseUrl: backend.url, secret: BACKEND_SECRET });
      const orderId = 'c'.repeat(32);
      const now = new Date();
      expect(
        await client.registerOrder({
          orderId,
          platform: 'telegram',
          userId: '1002',
          teamId: null,
          plan: 'individual_pro',
          period: 'period0',
          seats: null,
          quantity: null,
          gateway: 'vnpay',
          currency: 'VND',
          amount: 49_000,
          createdAt: now,
        }),
      ).toBe('accepted');
      const grant = {
        orderId,
        platform: 'telegram' as const,
        userId: '1002',
        teamId: null,
        plan: 'individual_pro' as const,
        months: 1,
        seats: null,
        paidAt: now,
      };
      expect(await client.applyGrant(grant)).toMatchObject({ status: 'applied' });
      // The same key for the same operation with another body is a client bug: refused.
      await expect(client.applyGrant({ ...grant, months: 7 })).rejects.toThrow(/HTTP 409/);
    } finally {
      await backend.close();
    }
  });
});
