import { NextRequest } from 'next/server';
import { POST as checkout } from '@/app/api/checkout/route';
import { installDirectory, resetRateLimits } from '@/lib/server/testing';
import { remoteDirectory, type RemoteDirectory } from '@/lib/server/directory/remote';
import { embeddedDirectory } from '@/lib/server/directory/embedded/embedded-directory';
import { migrate } from '@/lib/server/db/migrations';
import { seedDemoData } from '@/lib/server/directory/embedded/seed';
import type { Sql } from '@/lib/server/db/sql';
import { deliverDueMessages, backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import { loadPayView } from '@/lib/server/pay/load-pay-view';
import { paymentHistory } from '@/lib/server/pay/history';
import { recordReportedRefund } from '@/lib/server/payments/refunds/reported';
import { addMonths } from '@/lib/pricing/plan-state';
import { openTestSql, storeKinds, useTestStore } from '../support/stores';
import { BACKEND_SECRET, faults, startTestBackend, type TestBackend } from '../support/reference-backend';
import { teamPayments } from '@/lib/server/team/team-payments';
import {
  alice,
  bob,
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
    await ledger().sql.query('TRUNCATE account_query_packs, team_members, teams, accounts');
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
    await backgroundDeliveriesFinished();
    expect(await loadPayView(alice, { status: 'success', order: orders[0]!.id }, new Date())).toMatchObject({
      result: { status: 'processing' },
    });
    expect(await teamExpiry()).toBe(before);

    backend.inject(undefined);
    await new Promise((resolve) => setTimeout(resolve, 10)); // breaker: fail fast is fine, recovery below
    const fresh = remoteDirectory({ baseUrl: backend.url, secret: BACKEND_SECRET });
    installDirectory(fresh);
    expect(await deliverDueMessages(later(60))).toEqual({ delivered: 3, failed: 0 });
    expect(await deliverDueMessages(later(120))).toEqual({ delivered: 0, failed: 0 });
    expect(await teamExpiry()).toBe(addMonths(new Date(before), 21).toISOString());
    expect(await loadPayView(alice, { status: 'success', order: orders[0]!.id }, new Date())).toMatchObject({
      result: { status: 'success' },
    });
  });

  it('takes a refund off the backend’s plan exactly once: while it is down, and when its answer is lost', async () => {
    const before = await teamExpiry();
    const order = await pendingTeamOrder();
    expect(await reply(vnpayCallback(order))).toMatchObject({ RspCode: '00' });
    await backgroundDeliveriesFinished();
    expect(await teamExpiry()).toBe(addMonths(new Date(before), 7).toISOString());

    // The refund (here one made in VNPay's portal, as reconciliation reports it) is recorded
    // whatever the backend is doing.
    backend.inject(faults.status(503));
    const reported = { gatewayRef: 'refund:14400001', amount: order.amount, requestId: null };
    const refund = { orderId: order.id, gateway: 'vnpay', reported, reason: 'portal', now: new Date() };
    expect(await recordReportedRefund(refund)).toBe('recorded');
    expect(await recordReportedRefund(refund)).toBe('known');
    expect(await teamExpiry()).toBe(addMonths(new Date(before), 7).toISOString());

    // Back, but its first answer is lost after it applied the revocation: the retry changes nothing.
    backend.inject(faults.lostAnswer());
    installDirectory(remoteDirectory({ baseUrl: backend.url, secret: BACKEND_SECRET }));
    await deliverDueMessages(later(60));
    backend.inject(undefined);
    expect(await deliverDueMessages(later(120))).toEqual({ delivered: 1, failed: 0 });
    expect(await deliverDueMessages(later(180))).toEqual({ delivered: 0, failed: 0 });
    const after = new Date(await teamExpiry()).getTime();
    expect(Math.abs(after - new Date(before).getTime())).toBeLessThanOrEqual(86_400_000);
    expect(backend.requests.filter((r) => r.startsWith('POST /v1/revocations')).length).toBeGreaterThanOrEqual(2);
  });

  it('never leaves a fully refunded order granted: backend down → paid → refunded → backend back applies the grant, then the revocation', async () => {
    const before = new Date(await teamExpiry()).getTime();
    const order = await pendingTeamOrder();
    backend.inject(faults.status(503));
    expect(await reply(vnpayCallback(order))).toMatchObject({ RspCode: '00' });
    await backgroundDeliveriesFinished();

    // The backend is back while the grant waits out its back-off; the operator refunds the whole payment.
    backend.inject(undefined);
    installDirectory(remoteDirectory({ baseUrl: backend.url, secret: BACKEND_SECRET }));
    backend.requests.length = 0;
    const reported = { gatewayRef: 'refund:14400003', amount: order.amount, requestId: null };
    const refund = { orderId: order.id, gateway: 'vnpay', reported, reason: 'portal', now: new Date() };
    expect(await recordReportedRefund(refund)).toBe('recorded');
    expect(backend.requests.filter((r) => r.startsWith('POST /v1/revocations'))).toEqual([]);

    await deliverDueMessages(later(60));
    const sent = backend.requests.filter((r) => /^POST \/v1\/(grants|revocations)/.test(r)).map((r) => r.split(' ')[1]);
    expect(sent).toEqual(['/v1/grants', '/v1/revocations']);
    expect(await deliverDueMessages(later(120))).toEqual({ delivered: 0, failed: 0 });
    expect(Math.abs(new Date(await teamExpiry()).getTime() - before)).toBeLessThanOrEqual(86_400_000);
  });

  it('shows the payer their payments from the site’s ledger and a receipt naming the buyer the backend knows', async () => {
    const order = await pendingTeamOrder();
    expect(await reply(vnpayCallback(order))).toMatchObject({ RspCode: '00' });
    await backgroundDeliveriesFinished();
    expect((await paymentHistory({ platform: 'telegram', userId: alice.userId }, 1)).payments).toMatchObject([
      { orderId: order.id, status: 'paid' },
    ]);
    expect(await loadPayView(alice, { receipt: order.id }, new Date())).toMatchObject({
      kind: 'receipt',
      receipt: { orderId: order.id, buyer: { username: 'alice', fullName: 'Alice Nguyen', team: 'Acme Growth' } },
    });
    expect(backend.requests.some((r) => r.startsWith('GET /v1/pay-context'))).toBe(true);
  });

  it('refuses Team Pro to a plain member with the admins the backend names (403), and shows them on the form', async () => {
    backend.requests.length = 0;
    const response = await checkout(
      checkoutPost(
        { plan: 'team_pro', period: 'period1', seats: 25, gateway: 'vnpay', method: 'qr' },
        { cookie: await sessionCookie(bob) },
      ),
    );
    expect(response.status).toBe(403);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error).toEqual({
      code: 'team_admin_required',
      message: "Only your team's admins can pay for Team Pro. Ask an admin: \u2068Alice Nguyen\u2069.",
    });
    expect(backend.requests.some((r) => r.startsWith('POST /v1/orders'))).toBe(false);
    expect(await loadPayView(bob, {}, new Date())).toMatchObject({
      kind: 'form',
      form: { teamAdminsOnly: { admins: ['Alice Nguyen'] } },
    });
    expect(await loadPayView(alice, {}, new Date())).toMatchObject({ kind: 'form' });
    expect(((await loadPayView(alice, {}, new Date())) as { form: object }).form).not.toHaveProperty('teamAdminsOnly');
  });

  it('names who paid each of the team’s payments from the backend’s member list', async () => {
    const byBob = await pendingTeamOrder({ subject: bob });
    backend.requests.length = 0;
    const page = await teamPayments({ platform: 'telegram', teamId: alice.teamId, userId: alice.userId }, 1);
    expect(page.payments.map((p) => [p.orderId, p.payer])).toEqual([[byBob.id, { name: 'Bob Tran' }]]);
    expect(backend.requests.some((r) => r.startsWith('GET /v1/team/members'))).toBe(true);
  });

  it('shows failed0 when the backend does not know the account behind the session', async () => {
    expect(await loadPayView({ platform: 'discord', userId: 'nobody' }, {}, new Date())).toEqual({
      kind: 'result',
      result: { status: 'failed', code: 'failed0' },
      supportEmail: expect.any(String),
    });
  });
  describe('believes the link, not the backend: an answer about someone else is a backend fault', () => {
    const account = (userId: string) => ({
      platform: 'telegram',
      userId,
      username: 'mallory',
      fullName: 'Mallory',
      referralCode: 'R-MALLORY',
      plan: 'individual_pro',
      planExpiresAt: '2030-01-01T00:00:00.000Z',
    });
    const team = (teamId: string) => ({
      platform: 'telegram',
      teamId,
      name: 'Another team',
      plan: 'team_pro',
      planExpiresAt: '2030-01-01T00:00:00.000Z',
      seats: 50,
      memberCount: 3,
      membership: { role: 'admin', status: 'active' },
      admins: [{ username: 'mallory', fullName: 'Mallory' }],
    });
    const answering = (body: object) => backend.inject(faults.status(200, JSON.stringify(body)));

    it.each([
      ['another user', { account: account('9999'), team: null }],
      ['another team', { account: account(alice.userId), team: team('-1009999') }],
    ])('answers the pay view with a 503 and shows nothing when the backend answers about %s', async (_label, body) => {
      answering(body);
      const { GET: payView } = await import('@/app/api/pay/view/route');
      const { metrics } = await import('@/lib/server/observability/metrics');
      const before = (await metrics().backendIdentityMismatches.get()).values.reduce((sum, v) => sum + v.value, 0);
      const response = await payView(
        new NextRequest('http://localhost:3000/api/pay/view', { headers: { cookie: await sessionCookie(alice) } }),
      );
      expect(response.status).toBe(503);
      const text = await response.text();
      expect(text).not.toContain('Mallory');
      expect(text).not.toContain('Another team');
      expect(JSON.parse(text)).toMatchObject({ kind: 'result', result: { status: 'unavailable' } });
      const after = (await metrics().backendIdentityMismatches.get()).values.reduce((sum, v) => sum + v.value, 0);
      expect(after).toBe(before + 1);
    });

    it('refuses checkout (503, no order) when the backend answers about another account', async () => {
      answering({ account: account('9999'), team: null });
      const response = await checkout(
        checkoutPost(
          { plan: 'individual_pro', period: 'period0', gateway: 'vnpay', method: 'qr' },
          { cookie: await sessionCookie(alice), 'idempotency-key': 'identity-mismatch-1' },
        ),
      );
      expect(response.status).toBe(503);
      const { rows } = await ledger().sql.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
      expect(rows[0]!.n).toBe(0);
    });

    it('refuses a team overview of another team and a block answered for another member', async () => {
      const admin = { platform: 'telegram' as const, userId: alice.userId, teamId: alice.teamId! };
      const { memberCount: _count, membership: _membership, admins: _admins, ...overview } = team('-1009999');
      answering({ overview: { ...overview, seatsUsed: 3 } });
      await expect(client.teamOverview(admin)).rejects.toThrow(/another teamId/);
      answering({
        member: {
          memberId: 'someone-else',
          platform: 'telegram',
          userId: '9999',
          username: 'mallory',
          fullName: 'Mallory',
          role: 'member',
          status: 'blocked',
          joinedAt: '2026-01-01T00:00:00.000Z',
        },
      });
      await expect(client.setMemberBlocked(admin, 'the-one-asked', true)).rejects.toThrow(/another memberId/);
    });
  });
});
