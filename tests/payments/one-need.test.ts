import { NextRequest } from 'next/server';
import { GET as payView } from '@/app/api/pay/view/route';
import { ledgerSql } from '@/lib/server/db';
import { resetRateLimits } from '@/lib/server/testing';
import { findOrder, moveOrder } from '@/lib/server/ledger/orders';
import { bindSubscription } from '@/lib/server/ledger/subscriptions';
import { startCheckout } from '@/lib/server/checkout/start-checkout';
import type { PayPageView } from '@/lib/shared/pay-view';
import { holdPaymentForReview } from '@/lib/server/payments/settle';
import { alice, checkoutAsAlice, ipnRequest, sessionCookie, vnpayCallback, vnpayRoutes } from '../support/money';
import { storeKinds, useTestStore } from '../support/stores';

/*
 * One need, one payment: an account (a team, for Team Pro) that already has a payment for a plan
 * waiting for its gateway's word is not offered the same payment again unless it chooses to, and
 * a plan renewing by itself at a gateway is never started there a second time — across browsers,
 * and on PostgreSQL across instances (one lock per plan owner).
 */
const origin = 'http://localhost:3000';
const individual = { plan: 'individual_pro', period: 'period0', gateway: 'vnpay', method: 'qr' };
const paypalTeam = { plan: 'team_pro', period: 'period0', gateway: 'paypal', method: 'paypal' };
const checkout = (selection: Record<string, unknown>, key = crypto.randomUUID(), locale = 'en') =>
  checkoutAsAlice(selection, { key, locale });

const orderOf = (redirectUrl: string) => new URL(redirectUrl).searchParams.get('vnp_TxnRef')!;

describe.each(storeKinds)('one need, one payment, on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(resetRateLimits);
  const pendingCount = async () =>
    Number(
      (await store().sql.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE status = 'pending'"))
        .rows[0]!.n,
    );

  it('refuses a second payment for a plan while the first awaits its gateway (translated 409), from any browser', async () => {
    expect((await checkout(individual)).status).toBe(200);
    const second = await checkout(individual, crypto.randomUUID(), 'vi');
    expect(second.status).toBe(409);
    expect(second.body.error?.code).toBe('payment_pending');
    expect(second.body.error?.message).toContain('VNPay');
    expect(second.body.error?.message).toMatch(/thanh toán/);
    expect(await pendingCount()).toBe(1);
  });

  it('repeating the very same request is not a second payment: it replays the first order', async () => {
    const key = crypto.randomUUID();
    const first = await checkout(individual, key);
    const again = await checkout(individual, key);
    expect(again.status).toBe(200);
    expect(again.body.redirectUrl).toBe(first.body.redirectUrl);
  });

  it('pays again only when the payer chooses to, after reading what is pending', async () => {
    expect((await checkout(individual)).status).toBe(200);
    const chosen = await checkout({ ...individual, payAgain: true });
    expect(chosen.status).toBe(200);
    expect(await pendingCount()).toBe(2);
  });

  it('a pending payment for one plan does not block the other plan', async () => {
    expect((await checkout(individual)).status).toBe(200);
    expect((await checkout({ ...individual, plan: 'team_pro', period: 'period1', seats: 25 })).status).toBe(200);
  });

  it('no longer blocks once its outcome is known or its gateway’s payment window has passed', async () => {
    const first = await checkout(individual);
    const now = new Date();
    await moveOrder(await ledgerSql(), orderOf(first.body.redirectUrl!), ['pending'], 'failed', now);
    expect((await checkout(individual)).status).toBe(200);
    const later = new Date(now.getTime() + 16 * 60_000); // VNPay's window is 15 minutes
    const result = await startCheckout({
      subject: alice,
      selection: { plan: 'individual_pro', period: 'period0', gateway: 'vnpay', method: 'qr' },
      idempotencyKey: crypto.randomUUID(),
      locale: 'en',
      clientIp: '127.0.0.1',
      now: later,
    });
    expect(result.ok).toBe(true);
  });

  it('two browsers checking out at the same instant record exactly one payment', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => checkout(individual)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.error?.code === 'payment_pending')).toHaveLength(5);
    expect(await pendingCount()).toBe(1);
  });

  it('the pay view shows the payment being confirmed for its plan, with its gateway and amount', async () => {
    await checkout(individual);
    const response = await payView(
      new NextRequest(`${origin}/api/pay/view`, { headers: { cookie: await sessionCookie(alice), origin } }),
    );
    const view = (await response.json()) as PayPageView;
    if (view.kind !== 'form') throw new Error('expected the form');
    expect(view.form.standing.pending).toEqual([
      expect.objectContaining({ plan: 'individual_pro', gatewayName: 'VNPay', amount: 49_000, currency: 'VND' }),
    ]);
  });

  it('a PayPal window closed before approval took nothing and blocks nothing; an approved one does', async () => {
    const opened = await checkout(paypalTeam);
    expect(opened.status).toBe(200);
    expect((await checkout(paypalTeam)).status).toBe(200);
    const order = (await findOrder(store().sql, opened.body.params!.customId))!;
    await bindSubscription(
      store().sql,
      {
        id: 'I-APPROVED00001',
        gateway: 'paypal',
        orderId: order.id,
        planId: 'P',
        quantity: 1,
        status: 'APPROVED',
        state: 'approved',
      },
      new Date(),
    );
    const third = await checkout(paypalTeam);
    expect(third.status).toBe(409);
  });

  it('never starts a second PayPal renewal for a plan that renews there, whatever the client sends', async () => {
    const opened = await checkout(paypalTeam);
    const order = (await findOrder(store().sql, opened.body.params!.customId))!;
    await bindSubscription(
      store().sql,
      {
        id: 'I-RUNNING000001',
        gateway: 'paypal',
        orderId: order.id,
        planId: 'P',
        quantity: 1,
        status: 'ACTIVE',
        state: 'active',
      },
      new Date(),
    );
    await moveOrder(store().sql, order.id, ['pending'], 'paid', new Date());
    for (const selection of [paypalTeam, { ...paypalTeam, period: 'period2' }, { ...paypalTeam, payAgain: true }]) {
      const refused = await checkout(selection, crypto.randomUUID(), 'ja');
      expect(refused.status).toBe(409);
      expect(refused.body.error?.code).toBe('renewal_running');
      expect(refused.body.error?.message).toContain('PayPal');
    }
    // A one-off payment for more time is another need, and still possible.
    expect((await checkout({ plan: 'team_pro', period: 'period1', gateway: 'vnpay', method: 'qr' })).status).toBe(200);
  });

  it('after a refund the account is still one truth: a renewal still running still blocks, the refunded payment blocks nothing', async () => {
    const refunded = (gateway: string, orderId: string, amount: number, currency: 'VND' | 'USD') =>
      holdPaymentForReview({
        gateway,
        transactionId: `${orderId}:refund`,
        orderId,
        amount,
        currency,
        result: 'failed',
        resultCode: 'REFUNDED',
        payload: {},
        now: new Date(),
      });
    const opened = await checkout(paypalTeam);
    const order = (await findOrder(store().sql, opened.body.params!.customId))!;
    await bindSubscription(
      store().sql,
      {
        id: 'I-REFUNDED00001',
        gateway: 'paypal',
        orderId: order.id,
        planId: 'P',
        quantity: 1,
        status: 'ACTIVE',
        state: 'active',
      },
      new Date(),
    );
    expect(await refunded('paypal', order.id, order.amount, 'USD')).toBe('held_for_review');
    // Its money came back, but PayPal still renews the plan: a second renewal is still refused.
    expect((await checkout(paypalTeam)).body.error?.code).toBe('renewal_running');

    const paid = await checkout(individual);
    const orderId = orderOf(paid.body.redirectUrl!);
    await vnpayRoutes.ipn(ipnRequest(vnpayCallback({ id: orderId, amount: 49_000 })));
    expect(await refunded('vnpay', orderId, 49_000, 'VND')).toBe('held_for_review');
    // Refunded and under review, not pending: paying for the plan again is not "paying twice".
    expect((await checkout(individual)).status).toBe(200);
  });
});
