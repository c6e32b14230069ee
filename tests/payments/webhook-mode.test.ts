import { POST as checkout } from '@/app/api/checkout/route';
import { installDirectory } from '@/lib/server/directory';
import { remoteDirectory, type RemoteDirectory } from '@/lib/server/directory/remote';
import { embeddedDirectory } from '@/lib/server/directory/embedded/embedded-directory';
import { migrate } from '@/lib/server/db/migrations';
import { seedDemoData } from '@/lib/server/directory/embedded/seed';
import type { Sql } from '@/lib/server/db/sql';
import { resetRateLimits } from '@/lib/server/http/rate-limit';
import { deliverDueGrants } from '@/lib/server/payments/grant-delivery';
import { loadPayPage } from '@/lib/server/pay-page';
import { addMonths } from '@/lib/pricing/plan-state';
import { openTestSql, storeKinds, useTestStore } from '../support/stores';
import { BACKEND_SECRET, faults, startTestBackend, type TestBackend } from '../support/reference-backend';
import {
  alice,
  checkoutPost,
  ipnRequest,
  pendingTeamOrder,
  sessionCookie,
  vnpayCallback,
  vnpayRoutes,
} from '../support/money';

const reply = async (params: URLSearchParams) =>
  (await vnpayRoutes.ipn(ipnRequest(params))).json() as Promise<{ RspCode: string }>;
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/**
 * Webhook mode end to end in-process: the site's ledger in one database, the assistant's accounts
 * behind the reference backend (its own database) on 127.0.0.1, reached by the real HTTP client.
 */
describe.each(storeKinds)('webhook mode on %s', (kind) => {
  const ledger = useTestStore(kind);
  let backendSql: Sql;
  let backend: TestBackend;
  let client: RemoteDirectory;
  const teamExpiry = async () =>
    (await embeddedDirectory(backendSql).payContext(alice))!.team!.planExpiresAt!.toISOString();

  beforeAll(async () => {
    backendSql = await openTestSql(kind);
    await migrate(backendSql);
    await seedDemoData(backendSql);
    backend = await startTestBackend(backendSql);
  });
  afterAll(async () => {
    await backend.close();
    await backendSql.close();
  });
  beforeEach(async () => {
    // The site's own database holds no accounts in webhook mode.
    await ledger().sql.query('TRUNCATE team_members, teams, accounts');
    backend.inject(undefined);
    client = remoteDirectory({ baseUrl: backend.url, secret: BACKEND_SECRET, timeoutMs: 500, budgetMs: 1_500 });
    installDirectory(client);
    resetRateLimits();
  });

  it('checks out against the backend: the order is registered upstream before the redirect', async () => {
    const response = await checkout(
      checkoutPost(
        { plan: 'team_pro', period: 'period1', seats: 25, gateway: 'vnpay', method: 'qr' },
        { cookie: await sessionCookie(alice) },
      ),
    );
    expect(response.status).toBe(200);
    expect(backend.requests.some((r) => r.startsWith('POST /v1/orders'))).toBe(true);
  });

  it('answers a translated 503 within the budget when the backend is down at checkout', async () => {
    backend.inject(faults.hang());
    const started = Date.now();
    const response = await checkout(
      checkoutPost(
        { plan: 'team_pro', period: 'period1', seats: 25, gateway: 'vnpay', method: 'qr' },
        { 'accept-language': 'vi', cookie: await sessionCookie(alice) },
      ),
    );
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
    expect(Date.now() - started).toBeLessThan(1_500 + 1_500);
  });

  it('acknowledges IPNs while the backend is down and applies every grant exactly once when it is back', async () => {
    const before = await teamExpiry();
    const orders = await Promise.all([pendingTeamOrder(), pendingTeamOrder(), pendingTeamOrder()]);
    backend.inject(faults.status(503));
    for (const order of orders) {
      expect(await reply(vnpayCallback(order))).toMatchObject({ RspCode: '00' });
      expect(await reply(vnpayCallback(order))).toMatchObject({ RspCode: '02' });
    }
    expect(await loadPayPage(alice, { status: 'success', order: orders[0]!.id }, new Date())).toMatchObject({
      result: { status: 'processing' },
    });
    expect(await teamExpiry()).toBe(before);

    backend.inject(undefined);
    await new Promise((resolve) => setTimeout(resolve, 10)); // breaker: fail fast is fine, recovery below
    const fresh = remoteDirectory({ baseUrl: backend.url, secret: BACKEND_SECRET });
    installDirectory(fresh);
    expect(await deliverDueGrants(later(60))).toEqual({ delivered: 3, failed: 0 });
    expect(await deliverDueGrants(later(120))).toEqual({ delivered: 0, failed: 0 });
    expect(await teamExpiry()).toBe(addMonths(new Date(before), 21).toISOString());
    expect(await loadPayPage(alice, { status: 'success', order: orders[0]!.id }, new Date())).toMatchObject({
      result: { status: 'success' },
    });
  });

  it('shows failed0 when the backend does not know the account behind the session', async () => {
    expect(await loadPayPage({ platform: 'discord', userId: 'nobody' }, {}, new Date())).toEqual({
      kind: 'result',
      result: { status: 'failed', code: 'failed0' },
    });
  });
});
