import { NextRequest } from 'next/server';
import { GET as historyRoute } from '@/app/api/pay/history/route';
import { holdPaymentForReview, settlePayment } from '@/lib/server/payments/settle';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import { PAYMENTS_PER_PAGE, paymentReference, type PaymentHistoryPage } from '@/lib/shared/payment-history';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, bob, ipnRequest, pendingTeamOrder, sessionCookie, vnpayCallback, vnpayRoutes } from '../support/money';

type Who = Parameters<typeof sessionCookie>[0];

async function history(query: string, who?: Who) {
  const response = await historyRoute(
    new NextRequest(`http://localhost/api/pay/history${query}`, {
      headers: { 'accept-language': 'vi', ...(who ? { cookie: await sessionCookie(who) } : {}) },
    }),
  );
  return { status: response.status, cache: response.headers.get('cache-control'), body: await response.json() };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const ipn = (params: URLSearchParams) => vnpayRoutes.ipn(ipnRequest(params));

describe.each(storeKinds)('the payment history on %s', (kind) => {
  const store = useTestStore(kind);

  it('lists the session’s own payments newest first, each with what was bought, the amount, the gateway and what happened to the money', async () => {
    const paid = await pendingTeamOrder({ now: minutesAgo(50) });
    const declined = await pendingTeamOrder({ now: minutesAgo(40) });
    const cancelled = await pendingTeamOrder({ now: minutesAgo(30), method: 'domestic_card' });
    const wrongAmount = await pendingTeamOrder({ now: minutesAgo(20) });
    const started = await pendingTeamOrder({ now: minutesAgo(10), plan: 'individual_pro', seats: null, months: 1 });
    await ipn(vnpayCallback(paid));
    await ipn(vnpayCallback(declined, { vnp_ResponseCode: '51', vnp_TransactionStatus: '02', vnp_TransactionNo: '2' }));
    await ipn(
      vnpayCallback(cancelled, { vnp_ResponseCode: '24', vnp_TransactionStatus: '02', vnp_TransactionNo: '3' }),
    );
    await ipn(vnpayCallback({ ...wrongAmount, amount: 1_000 }, { vnp_TransactionNo: '4' }));
    await backgroundDeliveriesFinished();

    const { status, cache, body } = await history('', alice);
    expect(status).toBe(200);
    expect(cache).toBe('private, no-store');
    const page = body as PaymentHistoryPage;
    expect(page).toMatchObject({ page: 1, hasOlder: false });
    expect(page.payments.map((p) => [p.reference, p.status, p.code, p.reason])).toEqual([
      [paymentReference(started.id), 'processing', undefined, undefined],
      [paymentReference(wrongAmount.id), 'under_review', undefined, undefined],
      [paymentReference(cancelled.id), 'cancelled', undefined, undefined],
      [paymentReference(declined.id), 'failed', '51/02', 'insufficient_funds'],
      [paymentReference(paid.id), 'paid', undefined, undefined],
    ]);
    expect(page.payments.at(-1)).toEqual({
      orderId: paid.id,
      reference: paymentReference(paid.id),
      createdAt: paid.createdAt.toISOString(),
      plan: 'team_pro',
      period: 'period1',
      months: 7,
      seats: 30,
      renewalCycle: null,
      amount: 6_300_000,
      currency: 'VND',
      gateway: 'vnpay',
      gatewayName: 'VNPay',
      method: 'qr',
      status: 'paid',
    });
    expect(page.payments[0]).toMatchObject({ plan: 'individual_pro', seats: null, months: 1 });
  });

  it('says a PayPal payment was refunded once PayPal reports the money returned', async () => {
    const order = await pendingTeamOrder({ gateway: 'paypal', method: 'paypal', currency: 'USD', amount: 26_982 });
    const sale = {
      gateway: 'paypal',
      orderId: order.id,
      amount: order.amount,
      currency: order.currency,
      payload: {},
      now: new Date(),
    };
    await settlePayment({ ...sale, transactionId: 'I-SUB#1', result: 'succeeded', resultCode: 'COMPLETED' });
    expect((await history('', alice)).body.payments[0]).toMatchObject({ status: 'paid', gateway: 'paypal' });
    await holdPaymentForReview({
      ...sale,
      transactionId: 'PAYMENT.SALE.REFUNDED:WH-1',
      result: 'failed',
      resultCode: 'PAYMENT.SALE.REFUNDED',
    });
    expect((await history('', alice)).body.payments[0]).toMatchObject({ status: 'refunded', currency: 'USD' });
  });

  it('gives a failed payment the result view’s reason when its gateway names one, and only its code when not', async () => {
    const refused = await pendingTeamOrder({ gateway: 'paypal', method: 'paypal', currency: 'USD', amount: 26_982 });
    const unexplained = await pendingTeamOrder({ now: minutesAgo(5) });
    await settlePayment({
      gateway: 'paypal',
      transactionId: 'I-SUB#1:failed',
      orderId: refused.id,
      amount: refused.amount,
      currency: refused.currency,
      result: 'failed',
      resultCode: 'PAYMENT.FAILED',
      payload: {},
      now: new Date(),
    });
    // A code VNPay may add later: no reason it can vouch for.
    await ipn(vnpayCallback(unexplained, { vnp_ResponseCode: '42', vnp_TransactionStatus: '02' }));
    const { payments } = (await history('', alice)).body as PaymentHistoryPage;
    expect(payments.map((p) => [p.orderId, p.status, p.code, p.reason])).toEqual([
      [refused.id, 'failed', 'PAYMENT.FAILED', 'declined'],
      [unexplained.id, 'failed', '42/02', undefined],
    ]);
  });

  it(`pages ${PAYMENTS_PER_PAGE} payments at a time, newest first, and says when an older page exists`, async () => {
    const orders = [];
    for (let i = 0; i < PAYMENTS_PER_PAGE + 5; i += 1)
      orders.push(await pendingTeamOrder({ now: minutesAgo(100 - i) }));
    const newestFirst = orders.reverse().map((o) => paymentReference(o.id));
    const first = (await history('', alice)).body as PaymentHistoryPage;
    const second = (await history('?page=2', alice)).body as PaymentHistoryPage;
    expect(first.payments.map((p) => p.reference)).toEqual(newestFirst.slice(0, PAYMENTS_PER_PAGE));
    expect(first.hasOlder).toBe(true);
    expect(second.payments.map((p) => p.reference)).toEqual(newestFirst.slice(PAYMENTS_PER_PAGE));
    expect(second.hasOlder).toBe(false);
  });

  it('shows an account only its own payments: another payer, no session and a named order or account get none', async () => {
    const alices = await pendingTeamOrder();
    await ipn(vnpayCallback(alices));
    expect((await history('', bob)).body).toEqual({ payments: [], page: 1, hasOlder: false });
    for (const query of [`?order=${alices.id}`, '?user=1001', '?platform=telegram&userId=1001'])
      expect((await history(query, bob)).status).toBe(422);
    const anonymous = await history('');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('no_session');
    expect(anonymous.body.error.message).not.toMatch(/session/i); // the payer's language (vi), not a code
  });

  it('refuses a page that is not a whole number from 1 with a translated 422', async () => {
    for (const page of ['0', '-1', '1.5', 'x', '1e9'])
      expect({ page, status: (await history(`?page=${page}`, alice)).status }).toEqual({ page, status: 422 });
  });

  it('reads a page along the account’s own index, not the whole orders table', async () => {
    await pendingTeamOrder();
    const sql = store().sql;
    const plan = await sql.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const explained = await tx.query<Record<string, string>>(
        `EXPLAIN SELECT * FROM orders WHERE platform = $1 AND user_id = $2
          ORDER BY created_at DESC, id DESC LIMIT 21 OFFSET 0`,
        ['telegram', '1001'],
      );
      return explained.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toMatch(/orders_of_account/);
    expect(plan).not.toMatch(/Sort/);
  });
});
