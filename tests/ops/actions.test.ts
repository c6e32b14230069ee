import { POST as refundRoute } from '@/app/api/ops/actions/refund/route';
import { POST as resolveRoute } from '@/app/api/ops/actions/resolve/route';
import { POST as reconcileRoute } from '@/app/api/ops/actions/reconcile/route';
import { POST as retryRoute } from '@/app/api/ops/actions/retry/route';
import { findOrder } from '@/lib/server/ledger/orders';
import { refundsOfOrder } from '@/lib/server/ledger/refunds';
import type { Order } from '@/lib/server/ledger/types';
import { orderStory, systemState } from '@/lib/server/ops/console';
import { refundAsOperator } from '@/lib/server/ops/actions';
import { paymentUrl } from '@/lib/server/payments/vnpay/payment-url';
import { completeSandboxPayment } from '@/lib/server/payments/vnpay/sandbox';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import { gatewayRoutes, ipnRequest, pendingTeamOrder, sandbox, vnpayCallback } from '../support/money';
import { actionKey, operatorSession, opsRequest, resetOps } from '../support/ops';
import { serveSiteForFile } from '../support/site-server';
import { storeKinds, useTestStore } from '../support/stores';

serveSiteForFile();

/*
 * The console's actions happen exactly once: one idempotency key is one action however often it
 * arrives (a double click, a retry after a time-out, at the same moment), two operators acting on
 * one order at once move its money once, and each action is in the audit log — who, when, why —
 * and in the order's story. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe.each(storeKinds)('console actions on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(() => resetOps(store().sql));

  async function paidOrder(): Promise<Order> {
    const order = await pendingTeamOrder();
    const url = new URL(paymentUrl(order, sandbox()));
    await completeSandboxPayment(url.search.slice(1), 'approve', sandbox(), async (query) => {
      await gatewayRoutes('vnpay').ipn(ipnRequest(new URLSearchParams(query)));
    });
    await backgroundDeliveriesFinished();
    expect((await findOrder(store().sql, order.id))?.status).toBe('paid');
    return order;
  }
  const succeeded = async (orderId: string) =>
    (await refundsOfOrder(store().sql, orderId)).filter((refund) => refund.status !== 'refused');
  const refund = (cookie: string, body: Record<string, unknown>) =>
    refundRoute(opsRequest('/api/ops/actions/refund', { body, cookie }));

  it('one key, sent five times at once (a double click, two tabs), refunds once; every answer names that refund or says it is running', async () => {
    const order = await paidOrder();
    const { cookie } = await operatorSession('refunder');
    const body = { key: actionKey(), orderId: order.id, reason: 'payer asked' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(cookie, body)));
    await backgroundDeliveriesFinished();
    const made = await succeeded(order.id);
    expect(made).toHaveLength(1);
    for (const answer of answers) {
      const json = (await answer.json()) as { values?: { refund?: string }; error?: { code: string } };
      if (answer.status === 200) expect(json.values?.refund).toBe(made[0]!.id);
      else
        expect({ status: answer.status, code: json.error?.code }).toEqual({ status: 409, code: 'action_in_progress' });
    }
  });

  it('a retry after a time-out (the same key again) is answered the first result, marked replayed, and refunds nothing more', async () => {
    const order = await paidOrder();
    const { cookie } = await operatorSession('refunder');
    const body = { key: actionKey(), orderId: order.id, amount: 1_000_000, reason: 'part of it' };
    const first = (await (await refund(cookie, body)).json()) as { values: { refund: string }; replayed: boolean };
    const again = (await (await refund(cookie, body)).json()) as { values: { refund: string }; replayed: boolean };
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await succeeded(order.id)).toHaveLength(1);
  });

  it('a partial refund that fails part-way (the gateway paid out, then the audit write failed) keeps its key: a retry says to check the order and refunds nothing more', async () => {
    const order = await paidOrder();
    const { cookie } = await operatorSession('refunder');
    const body = { key: actionKey(), orderId: order.id, amount: 1_000_000, reason: 'part of it' };
    const sql = store().sql;
    await sql.query(
      "CREATE FUNCTION audit_down() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit down'; END $$",
    );
    await sql.query(
      'CREATE TRIGGER audit_down BEFORE INSERT ON operator_audit FOR EACH ROW EXECUTE FUNCTION audit_down()',
    );
    try {
      const first = await refund(cookie, body);
      expect({ status: first.status, code: ((await first.json()) as { error: { code: string } }).error.code }).toEqual({
        status: 409,
        code: 'outcome_unknown',
      });
    } finally {
      await sql.query('DROP TRIGGER audit_down ON operator_audit');
      await sql.query('DROP FUNCTION audit_down()');
    }
    const again = await refund(cookie, body);
    expect({ status: again.status, code: ((await again.json()) as { error: { code: string } }).error.code }).toEqual({
      status: 409,
      code: 'outcome_unknown',
    });
    expect(await succeeded(order.id)).toHaveLength(1);
  });

  it('the same key with another request is refused (422), not run', async () => {
    const order = await paidOrder();
    const { cookie } = await operatorSession('refunder');
    const key = actionKey();
    expect((await refund(cookie, { key, orderId: order.id, amount: 1_000_000, reason: 'a' })).status).toBe(200);
    const other = await refund(cookie, { key, orderId: order.id, amount: 2_000_000, reason: 'a' });
    expect(other.status).toBe(422);
    expect(await succeeded(order.id)).toHaveLength(1);
  });

  it('two operators refunding one order in full at once refund it once; the other is told why not', async () => {
    const order = await paidOrder();
    const [ana, binh] = [await operatorSession('refunder'), await operatorSession('refunder')];
    const answers = await Promise.all(
      [ana, binh].map(({ cookie }) => refund(cookie, { key: actionKey(), orderId: order.id, reason: 'duplicate' })),
    );
    await backgroundDeliveriesFinished();
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(['refund_in_progress', 'nothing_left']).toContain(
      ((await refused.json()) as { error: { code: string } }).error.code,
    );
    expect(await succeeded(order.id)).toHaveLength(1);
  });

  it('a refund is in the audit log with who, when and why, and in the order’s story beside the refund row', async () => {
    const order = await paidOrder();
    const { cookie, name } = await operatorSession('refunder');
    expect((await refund(cookie, { key: actionKey(), orderId: order.id, reason: 'charged twice' })).status).toBe(200);
    const story = await orderStory(order.id);
    expect(story?.refunds).toEqual([
      expect.objectContaining({ requestedBy: name, reason: 'charged twice', status: 'succeeded' }),
    ]);
    expect(story?.audit).toEqual([
      expect.objectContaining({ actor: name, action: 'refund', reason: 'charged twice', at: expect.any(Date) }),
    ]);
    expect(story?.payer.record.status).toBe('refunded');
  });

  it('the orders command refunds through the same function, and is in the audit log too (actor: who ran it)', async () => {
    const order = await paidOrder();
    const result = await refundAsOperator(
      { name: 'cli:root', operatorId: null },
      { orderId: order.id, reason: 'by mail' },
    );
    expect(result).toMatchObject({ ok: true, answer: { state: 'succeeded' } });
    expect((await orderStory(order.id))?.audit).toEqual([
      expect.objectContaining({ actor: 'cli:root', action: 'refund', reason: 'by mail' }),
    ]);
  });

  it('the audit log is append-only: the database refuses to change or delete an entry', async () => {
    const order = await paidOrder();
    const { cookie } = await operatorSession('refunder');
    await refund(cookie, { key: actionKey(), orderId: order.id, reason: 'x' });
    await expect(store().sql.query("UPDATE operator_audit SET reason = 'y'")).rejects.toThrow(/append-only/);
    await expect(store().sql.query('DELETE FROM operator_audit')).rejects.toThrow(/append-only/);
  });

  it('a review item is resolved once: grant twice at once applies one decision', async () => {
    const order = await pendingTeamOrder();
    // The gateway reports less than the order asked: the rules hold it for a person.
    await gatewayRoutes('vnpay').ipn(ipnRequest(vnpayCallback({ ...order, amount: order.amount - 1000 })));
    expect((await findOrder(store().sql, order.id))?.status).toBe('needs_review');
    const { cookie } = await operatorSession('refunder');
    const decide = () =>
      resolveRoute(
        opsRequest('/api/ops/actions/resolve', {
          body: { key: actionKey(), orderId: order.id, decision: 'grant', note: 'checked the bank statement' },
          cookie,
        }),
      );
    const answers = await Promise.all([decide(), decide()]);
    await backgroundDeliveriesFinished();
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const decisions = await store().sql.query('SELECT decision FROM review_decisions WHERE order_id = $1', [order.id]);
    expect(decisions.rows).toEqual([{ decision: 'grant' }]);
    expect((await orderStory(order.id))?.audit.map((entry) => entry.action)).toEqual(['review_grant', 'review_grant']);
  });

  it('reconciliation runs now, once per key, and the console shows its last run', async () => {
    const { cookie } = await operatorSession('refunder');
    const key = actionKey();
    const first = await reconcileRoute(opsRequest('/api/ops/actions/reconcile', { body: { key }, cookie }));
    expect(first.status).toBe(200);
    const second = (await (
      await reconcileRoute(opsRequest('/api/ops/actions/reconcile', { body: { key }, cookie }))
    ).json()) as {
      replayed: boolean;
    };
    expect(second.replayed).toBe(true);
    expect((await systemState()).lastRun).toMatchObject({ finishedAt: expect.any(Date) });
  });

  it('an outbox delivery retried is delivered once; retrying a delivered one changes nothing', async () => {
    const order = await paidOrder();
    const { cookie } = await operatorSession('refunder');
    const retry = () =>
      retryRoute(opsRequest('/api/ops/actions/retry', { body: { key: actionKey(), outboxId: order.id }, cookie }));
    const answer = await retry();
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('delivered_before');
    const missing = await retryRoute(
      opsRequest('/api/ops/actions/retry', { body: { key: actionKey(), outboxId: 'nope' }, cookie }),
    );
    expect(missing.status).toBe(404);
  });
});
