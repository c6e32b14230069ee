import { GET as ordersRoute } from '@/app/api/ops/orders/route';
import { POST as refundRoute } from '@/app/api/ops/actions/refund/route';
import { POST as resolveRoute } from '@/app/api/ops/actions/resolve/route';
import { POST as reconcileRoute } from '@/app/api/ops/actions/reconcile/route';
import { POST as retryRoute } from '@/app/api/ops/actions/retry/route';
import { POST as signOutRoute } from '@/app/api/ops/sign-out/route';
import { POST as stepUpOptionsRoute } from '@/app/api/ops/step-up/options/route';
import { POST as checkoutRoute } from '@/app/api/checkout/route';
import { revokeOperator } from '@/lib/server/ops/operators';
import { STEP_UP_MINUTES } from '@/lib/server/ops/session';
import { alice, checkoutPost, pendingTeamOrder, sessionCookie } from '../support/money';
import { actionKey, operatorSession, opsRequest, resetOps } from '../support/ops';
import { storeKinds, useTestStore } from '../support/stores';

/*
 * Every refusal of the console's API: without a live operator session nothing is read or done
 * (401, no data), a viewer may not act, a revoked operator is out at once, a refund wants a fresh
 * passkey proof, a cross-site request is refused before anything else, and neither session is
 * ever taken for the other — a payer's cookie opens nothing at /ops, an operator's nothing at /pay.
 */
describe.each(storeKinds)('the console refuses on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(() => resetOps(store().sql));

  const refundBody = (orderId: string) => ({ key: actionKey(), orderId, reason: 'asked by the payer' });
  const noData = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toMatchObject({ code });
  };

  it('without an operator session: 401 and no data, for reads and every action', async () => {
    const order = await pendingTeamOrder();
    await noData(await ordersRoute(opsRequest(`/api/ops/orders?reference=${order.id}`)), 401, 'no_operator_session');
    await noData(
      await refundRoute(opsRequest('/api/ops/actions/refund', { body: refundBody(order.id) })),
      401,
      'no_operator_session',
    );
    await noData(
      await resolveRoute(
        opsRequest('/api/ops/actions/resolve', {
          body: { key: actionKey(), orderId: order.id, decision: 'grant', note: 'n' },
        }),
      ),
      401,
      'no_operator_session',
    );
    await noData(
      await reconcileRoute(opsRequest('/api/ops/actions/reconcile', { body: { key: actionKey() } })),
      401,
      'no_operator_session',
    );
    await noData(
      await retryRoute(opsRequest('/api/ops/actions/retry', { body: { key: actionKey(), outboxId: order.id } })),
      401,
      'no_operator_session',
    );
    await noData(
      await stepUpOptionsRoute(opsRequest('/api/ops/step-up/options', { body: {} })),
      401,
      'no_operator_session',
    );
  });

  it('a forged or unknown session cookie is no session', async () => {
    const { cookie } = await operatorSession('refunder');
    const forged = cookie.replace(/=.*/, `=${'A'.repeat(43)}`);
    await noData(await ordersRoute(opsRequest('/api/ops/orders', { cookie: forged })), 401, 'no_operator_session');
  });

  it('a viewer reads but may not refund, resolve, reconcile or retry (403)', async () => {
    const { cookie } = await operatorSession('viewer');
    const order = await pendingTeamOrder();
    expect((await ordersRoute(opsRequest('/api/ops/orders', { cookie }))).status).toBe(200);
    await noData(
      await refundRoute(opsRequest('/api/ops/actions/refund', { body: refundBody(order.id), cookie })),
      403,
      'role_required',
    );
    await noData(
      await resolveRoute(
        opsRequest('/api/ops/actions/resolve', {
          body: { key: actionKey(), orderId: order.id, decision: 'close', note: 'n' },
          cookie,
        }),
      ),
      403,
      'role_required',
    );
    await noData(
      await reconcileRoute(opsRequest('/api/ops/actions/reconcile', { body: { key: actionKey() }, cookie })),
      403,
      'role_required',
    );
    await noData(
      await retryRoute(
        opsRequest('/api/ops/actions/retry', { body: { key: actionKey(), outboxId: order.id }, cookie }),
      ),
      403,
      'role_required',
    );
  });

  it('a revoked operator’s session ends at once: the next request is 401', async () => {
    const { cookie, name } = await operatorSession('refunder');
    expect((await ordersRoute(opsRequest('/api/ops/orders', { cookie }))).status).toBe(200);
    await revokeOperator({ name, by: 'test' });
    await noData(await ordersRoute(opsRequest('/api/ops/orders', { cookie })), 401, 'no_operator_session');
  });

  it('a signed-out session is no session', async () => {
    const { cookie } = await operatorSession('viewer');
    expect((await signOutRoute(opsRequest('/api/ops/sign-out', { body: {}, cookie }))).status).toBe(200);
    await noData(await ordersRoute(opsRequest('/api/ops/orders', { cookie })), 401, 'no_operator_session');
  });

  it(`a refund ${STEP_UP_MINUTES}+ minutes after the last passkey proof asks for the passkey again (403 step_up_required), and refunds nothing`, async () => {
    const { cookie } = await operatorSession('refunder', { signedInMinutesAgo: STEP_UP_MINUTES + 1 });
    const order = await pendingTeamOrder();
    await noData(
      await refundRoute(opsRequest('/api/ops/actions/refund', { body: refundBody(order.id), cookie })),
      403,
      'step_up_required',
    );
    await noData(
      await resolveRoute(
        opsRequest('/api/ops/actions/resolve', {
          body: { key: actionKey(), orderId: order.id, decision: 'refund', note: 'n' },
          cookie,
        }),
      ),
      403,
      'step_up_required',
    );
    // A decision that moves no money needs no step-up: this one is refused by the domain instead.
    const close = await resolveRoute(
      opsRequest('/api/ops/actions/resolve', {
        body: { key: actionKey(), orderId: order.id, decision: 'close', note: 'n' },
        cookie,
      }),
    );
    expect((await close.json()).error.code).toBe('not_under_review');
    const refunds = await store().sql.query('SELECT 1 FROM refunds WHERE order_id = $1', [order.id]);
    expect(refunds.rows).toHaveLength(0);
  });

  it('a cross-site POST is refused (403) before the session is even read', async () => {
    const { cookie } = await operatorSession('refunder');
    const order = await pendingTeamOrder();
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }]) {
      await noData(
        await refundRoute(opsRequest('/api/ops/actions/refund', { body: refundBody(order.id), cookie, headers })),
        403,
        'forbidden',
      );
    }
    // Neither Sec-Fetch-Site nor a matching Origin: refused too.
    const bare = opsRequest('/api/ops/actions/reconcile', { body: { key: actionKey() }, cookie });
    bare.headers.delete('sec-fetch-site');
    bare.headers.set('origin', 'https://evil.example');
    await noData(await reconcileRoute(bare), 403, 'forbidden');
  });

  it('a payer’s session cookie opens nothing at /ops (401)', async () => {
    const payer = await sessionCookie(alice);
    const team = await sessionCookie(alice, 'team');
    for (const cookie of [payer, team, `${payer}; ${team}`]) {
      await noData(await ordersRoute(opsRequest('/api/ops/orders', { cookie })), 401, 'no_operator_session');
      await noData(
        await reconcileRoute(opsRequest('/api/ops/actions/reconcile', { body: { key: actionKey() }, cookie })),
        401,
        'no_operator_session',
      );
    }
  });

  it('an operator’s session cookie opens nothing of a payer’s (checkout answers 401)', async () => {
    const { cookie } = await operatorSession('refunder');
    const response = await checkoutRoute(
      checkoutPost({ plan: 'individual_pro', period: 'period1', gateway: 'vnpay', method: 'qr' }, { cookie }),
    );
    expect(response.status).toBe(401);
  });

  it('a search with a day that does not exist (2024-13-01, 2025-02-30) ignores it and answers the orders, never a 500', async () => {
    const { cookie } = await operatorSession('viewer');
    for (const query of ['from=2024-13-01', 'to=2025-02-30', 'from=2024-02-29&to=9999-99-99']) {
      const answer = await ordersRoute(opsRequest(`/api/ops/orders?${query}`, { cookie }));
      expect({ query, status: answer.status }).toEqual({ query, status: 200 });
    }
  });

  it('a body that is not JSON, or not valid, is refused without acting', async () => {
    const { cookie } = await operatorSession('refunder');
    const form = opsRequest('/api/ops/actions/reconcile', {
      body: { key: actionKey() },
      cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await reconcileRoute(form)).status).toBe(415);
    await noData(
      await reconcileRoute(opsRequest('/api/ops/actions/reconcile', { body: { key: 'short' }, cookie })),
      422,
      'invalid_request',
    );
  });
});
