import { NextRequest } from 'next/server';
import { GET as health } from '@/app/api/health/route';
import { GET as payView } from '@/app/api/pay/view/route';
import { installDatabase } from '@/lib/server/testing';
import { UnavailableError } from '@/lib/server/unavailable';
import { loadPayView } from '@/lib/server/pay/load-pay-view';
import { storeKinds, useTestStore } from '../support/stores';
import {
  alice,
  carol,
  pendingTeamOrder,
  vnpayCallback,
  ipnRequest,
  vnpayRoutes,
  sessionCookie,
} from '../support/money';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';

describe.each(storeKinds)('the pay page on %s', (kind) => {
  const store = useTestStore(kind);
  const now = new Date();

  it('shows failed0 and no account data without a session or for an account that does not exist', async () => {
    expect(await loadPayView(null, {}, now)).toEqual({
      kind: 'result',
      result: { status: 'failed', code: 'failed0', link: 'missing' },
      supportEmail: expect.any(String),
    });
    expect(await loadPayView({ platform: 'telegram', userId: '404' }, {}, now)).toEqual({
      kind: 'result',
      result: { status: 'failed', code: 'failed0' },
      supportEmail: expect.any(String),
    });
  });

  it.each(['replayed', 'expired', 'invalid'])(
    'says why a refused link opened no session (?link=%s), with failed0 and nothing of any account',
    async (problem) => {
      expect(await loadPayView(null, { link: problem }, now)).toEqual({
        kind: 'result',
        result: { status: 'failed', code: 'failed0', link: problem },
        supportEmail: expect.any(String),
      });
    },
  );

  it('ignores ?link= next to a session (a reload after a new link) and an unknown problem', async () => {
    expect((await loadPayView(alice, { link: 'replayed' }, now)).kind).toBe('form');
    expect(await loadPayView(null, { link: 'bogus' }, now)).toMatchObject({ result: { link: 'missing' } });
  });

  it('shows the account, and the team only when the account belongs to it', async () => {
    const page = await loadPayView(alice, {}, now);
    expect(page.kind === 'form' && page.context.team?.name).toBe('Acme Growth');
    const outsider = await loadPayView({ ...carol, teamId: '-1002001' }, {}, now);
    expect(outsider.kind === 'form' && outsider.context.team).toBeNull();
  });

  it('never shows success from the query alone: only a stored paid order does', async () => {
    const order = await pendingTeamOrder();
    expect(await loadPayView(alice, { status: 'success', order: order.id }, now)).toMatchObject({
      result: { status: 'processing' },
    });
    await vnpayRoutes.ipn(ipnRequest(vnpayCallback(order)));
    await backgroundDeliveriesFinished();
    expect(await loadPayView(alice, { status: 'success', order: order.id }, now)).toMatchObject({
      result: { status: 'success' },
    });
    expect(await loadPayView(alice, { status: 'success' }, now)).toMatchObject({ kind: 'form' });
  });

  it('health answers 200 while the store answers and 503 when it does not', async () => {
    const request = () => new Request('http://localhost:3000/api/health');
    expect((await health(request())).status).toBe(200);
    installDatabase(Promise.reject(new Error('down')));
    const down = await health(request());
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'unavailable' });
    installDatabase(Promise.resolve(store()));
  });

  describe('GET /api/pay/view (what the prerendered page asks for)', () => {
    const view = (query = '', headers: Record<string, string> = {}) =>
      payView(new NextRequest(`http://localhost/api/pay/view${query}`, { headers }));

    it('answers the account and the form for the session, never cached', async () => {
      const response = await view('', { cookie: await sessionCookie(alice) });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toContain('no-store');
      const body = await response.json();
      expect(body.kind).toBe('form');
      expect(body.context.account.username).toBeTruthy();
      expect(body.context.team.name).toBe('Acme Growth');
      expect(body.form.gateways.length).toBeGreaterThan(0);
    });

    it('answers failed0 and no account data without a session', async () => {
      const body = await (await view()).json();
      expect(body).toMatchObject({ kind: 'result', result: { status: 'failed', code: 'failed0' } });
      expect(body.context).toBeUndefined();
    });

    it("shows a payment's stored result, not the one the query claims", async () => {
      const order = await pendingTeamOrder();
      const cookie = await sessionCookie(alice);
      const body = await (await view(`?status=success&order=${order.id}`, { cookie })).json();
      expect(body).toMatchObject({ kind: 'result', result: { status: 'processing' } });
    });

    it('refuses an oversized query parameter with a translated 422', async () => {
      const response = await view(`?order=${'a'.repeat(500)}`, { 'accept-language': 'vi' });
      expect(response.status).toBe(422);
      const body = await response.json();
      expect(body.error.code).toBe('invalid_request');
      expect(body.error.message).not.toMatch(/invalid request/i);
    });

    it('answers 503 with the unavailable view and Retry-After while the store is down', async () => {
      const cookie = await sessionCookie(alice);
      const down = Promise.reject(new UnavailableError('the database could not be opened'));
      down.catch(() => undefined); // awaited later, inside the route
      installDatabase(down);
      try {
        const response = await view(`?status=success&order=${'b'.repeat(32)}`, { cookie });
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('5');
        expect(await response.json()).toMatchObject({ kind: 'result', result: { status: 'unavailable' } });
      } finally {
        installDatabase(Promise.resolve(store()));
      }
    });
  });
});
