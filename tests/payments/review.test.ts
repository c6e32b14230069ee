import { findOrder, listOrders } from '@/lib/server/ledger/orders';
import { decisionsFor, describeDelivery, resolveOrder } from '@/lib/server/payments/review/review';
import { reviewQueueSize } from '@/lib/server/payments/review/review-queue';
import { holdPaymentForReview, settlePayment } from '@/lib/server/payments/settle';
import { storeKinds, useTestStore } from '../support/stores';
import { gatewayRoutes, ipnRequest, pendingTeamOrder, vnpayCallback } from '../support/money';
import { log } from '@/lib/server/observability/log';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';

describe.each(storeKinds)('the review queue on %s', (kind) => {
  const store = useTestStore(kind);
  const seats = async () =>
    (await store().sql.query<{ seats: number }>("SELECT seats FROM teams WHERE team_id = '-1002001'")).rows[0]!.seats;
  const wrongAmount = async () => {
    const order = await pendingTeamOrder();
    await gatewayRoutes('vnpay').ipn(ipnRequest(vnpayCallback({ id: order.id, amount: order.amount + 1_000 })));
    return order;
  };

  it('lists what the rules could not settle, and an operator’s grant pays it once through the outbox, recorded with who, when and why', async () => {
    const order = await wrongAmount();
    await pendingTeamOrder(); // pending orders are not in the queue
    expect((await listOrders(store().sql, 'needs_review', 50)).map((o) => o.id)).toEqual([order.id]);
    expect(await reviewQueueSize()).toBe(1);

    const at = new Date('2026-11-22T20:00:00Z');
    const resolved = await resolveOrder({
      orderId: order.id,
      decision: 'grant',
      note: 'payer confirmed the difference by email',
      by: 'ops-linh',
      now: at,
    });
    expect(resolved).toMatchObject({ ok: true, delivery: 'delivered' });
    expect((await findOrder(store().sql, order.id))?.status).toBe('paid');
    expect(await seats()).toBe(30);
    expect(await decisionsFor(order.id)).toEqual([
      { decision: 'grant', decidedBy: 'ops-linh', note: 'payer confirmed the difference by email', decidedAt: at },
    ]);
    expect(await reviewQueueSize()).toBe(0);

    // Deciding again changes nothing: the order is no longer under review.
    expect(await resolveOrder({ orderId: order.id, decision: 'grant', note: 'again', by: 'ops-linh' })).toMatchObject({
      ok: false,
      reason: 'not_under_review',
      status: 'paid',
    });
    expect(await seats()).toBe(30);
    expect(await decisionsFor(order.id)).toHaveLength(1);
  });

  it('closing an order fails it with no plan, and is recorded too', async () => {
    const order = await wrongAmount();
    expect(
      await resolveOrder({ orderId: order.id, decision: 'close', note: 'refunded in VNPay admin', by: 'ops' }),
    ).toMatchObject({ ok: true, delivery: null });
    expect((await findOrder(store().sql, order.id))?.status).toBe('failed');
    expect(await seats()).toBe(10);
    expect((await decisionsFor(order.id))[0]).toMatchObject({ decision: 'close', note: 'refunded in VNPay admin' });
  });

  it('refuses to decide on an order that is not under review, or does not exist', async () => {
    const pending = await pendingTeamOrder();
    expect(await resolveOrder({ orderId: pending.id, decision: 'grant', note: 'x', by: 'ops' })).toMatchObject({
      ok: false,
      reason: 'not_under_review',
      status: 'pending',
    });
    expect(await resolveOrder({ orderId: 'f'.repeat(32), decision: 'close', note: 'x', by: 'ops' })).toMatchObject({
      ok: false,
      reason: 'not_found',
    });
    expect(await seats()).toBe(10);
  });

  it('a PayPal refund of a paid order joins the same queue; granting keeps the one grant already applied, never a second', async () => {
    const paypal = await pendingTeamOrder({ gateway: 'paypal', method: 'paypal', currency: 'USD', amount: 26_982 });
    const now = new Date();
    const sale = {
      gateway: 'paypal',
      orderId: paypal.id,
      amount: paypal.amount,
      currency: paypal.currency,
      payload: {},
      now,
    };
    expect(
      await settlePayment({ ...sale, transactionId: 'I-SUB#1', result: 'succeeded', resultCode: 'COMPLETED' }),
    ).toBe('paid');
    await backgroundDeliveriesFinished();
    expect(await seats()).toBe(30);
    const vnpay = await wrongAmount();

    // What the PayPal webhook does with PAYMENT.SALE.REFUNDED (tests/server/paypal.test.ts drives it end to end).
    const warn = jest.spyOn(log(), 'warn').mockImplementation(() => undefined);
    warn.mockClear();
    const refund = { ...sale, transactionId: 'refund:R1', result: 'failed' as const, resultCode: 'REFUNDED' };
    expect(await holdPaymentForReview(refund)).toBe('held_for_review');
    const logged = warn.mock.calls
      .map(([line]) => line as unknown)
      .find((line) => (line as { metric?: string }).metric === 'review_queue_size');
    warn.mockRestore();
    expect(logged).toMatchObject({
      metric: 'review_queue_size',
      value: 2,
      trigger: 'paypal:held_for_review',
    });

    expect((await listOrders(store().sql, 'needs_review', 50)).map((o) => o.id).sort()).toEqual(
      [paypal.id, vnpay.id].sort(),
    );
    expect(await reviewQueueSize()).toBe(2);

    // The payer keeps the plan (e.g. a partial refund agreed with support): paid again, still one grant.
    const resolved = await resolveOrder({
      orderId: paypal.id,
      decision: 'grant',
      note: 'partial refund, keeps plan',
      by: 'ops',
    });
    expect(resolved).toMatchObject({ ok: true });
    // The operator is told nothing was applied again, not that something is queued.
    expect(resolved.ok && resolved.delivery && describeDelivery(resolved.delivery)).toBe(
      'grant: already delivered (or being delivered now); nothing was applied again',
    );
    expect((await findOrder(store().sql, paypal.id))?.status).toBe('paid');
    expect(await seats()).toBe(30);
    expect(
      Number((await store().sql.query<{ n: number }>('SELECT count(*)::int AS n FROM directory_grants')).rows[0]!.n),
    ).toBe(1);
    expect(await reviewQueueSize()).toBe(1);
  });
});
