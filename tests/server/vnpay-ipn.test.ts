import { installDatabase } from '@/lib/server/testing';
import { addMonths } from '@/lib/pricing/quote';
import { findOrder } from '@/lib/server/ledger/orders';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, ipnRequest, pendingTeamOrder, vnpayCallback, vnpayRoutes } from '../support/money';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';

const reply = async (params: URLSearchParams) =>
  (await vnpayRoutes.ipn(ipnRequest(params))).json() as Promise<{ RspCode: string }>;

describe.each(storeKinds)('VNPay IPN on %s', (kind) => {
  const store = useTestStore(kind);
  // The team as the account directory holds it (asserted through the seam, not its tables).
  const team = async () => {
    const { seats, planExpiresAt } = (await store().directory.payContext(alice))!.team!;
    return { seats, plan_expires_at: planExpiresAt! };
  };
  const orderStatus = async (id: string) => (await findOrder(store().sql, id))?.status;
  const eventCount = async () =>
    Number((await store().sql.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_events')).rows[0]!.n);

  it('answers 97 to a bad signature and changes nothing', async () => {
    const order = await pendingTeamOrder();
    const params = vnpayCallback(order);
    params.set('vnp_Amount', '100'); // tampered after signing
    expect(await reply(params)).toMatchObject({ RspCode: '97' });
    const signedWithOtherSecret = vnpayCallback(order, {}, 'not-the-secret');
    expect(await reply(signedWithOtherSecret)).toMatchObject({ RspCode: '97' });
    expect(await orderStatus(order.id)).toBe('pending');
    expect(await eventCount()).toBe(0);
  });

  it.each(['', 'abc', 'z'.repeat(128), '0'.repeat(127)])(
    'answers 97, not an exception, to the hash %p',
    async (hash) => {
      const order = await pendingTeamOrder();
      const params = vnpayCallback(order);
      params.set('vnp_SecureHash', hash);
      expect(await reply(params)).toMatchObject({ RspCode: '97' });
    },
  );

  it('accepts an upper-case hash and ignores non-vnp_ parameters and vnp_SecureHashType', async () => {
    const order = await pendingTeamOrder();
    const params = vnpayCallback(order);
    params.set('vnp_SecureHash', params.get('vnp_SecureHash')!.toUpperCase());
    params.set('vnp_SecureHashType', 'HmacSHA512');
    params.set('utm_source', 'x');
    expect(await reply(params)).toMatchObject({ RspCode: '00' });
  });

  it('answers 01 to an unknown order and 04 to a wrong amount, granting nothing', async () => {
    expect(await reply(vnpayCallback({ id: 'f'.repeat(32), amount: 6_300_000 }))).toMatchObject({ RspCode: '01' });
    const order = await pendingTeamOrder();
    expect(await reply(vnpayCallback({ id: order.id, amount: order.amount + 1 }))).toMatchObject({ RspCode: '04' });
    expect(await orderStatus(order.id)).toBe('needs_review');
    expect((await team()).seats).toBe(10);
  });

  it('grants the plan on success: seats set, expiry extended from the current expiry by the period', async () => {
    await backgroundDeliveriesFinished();
    const before = await team();
    const order = await pendingTeamOrder();
    expect(await reply(vnpayCallback(order))).toEqual({ RspCode: '00', Message: 'Confirm Success' });
    await backgroundDeliveriesFinished();
    const after = await team();
    expect(after.seats).toBe(30);
    expect(new Date(after.plan_expires_at).toISOString()).toBe(
      addMonths(new Date(before.plan_expires_at), 7).toISOString(),
    );
    expect(await orderStatus(order.id)).toBe('paid');
  });

  it('records a failure with 00, grants nothing, and a later failure of a paid order leaves it paid', async () => {
    const failed = await pendingTeamOrder();
    expect(
      await reply(
        vnpayCallback(failed, { vnp_ResponseCode: '24', vnp_TransactionStatus: '02', vnp_TransactionNo: '0' }),
      ),
    ).toMatchObject({ RspCode: '00' });
    expect(await orderStatus(failed.id)).toBe('failed');
    expect((await team()).seats).toBe(10);

    const paid = await pendingTeamOrder();
    await reply(vnpayCallback(paid));
    expect(
      await reply(
        vnpayCallback(paid, { vnp_ResponseCode: '51', vnp_TransactionStatus: '02', vnp_TransactionNo: '999' }),
      ),
    ).toMatchObject({ RspCode: '02' });
    expect(await orderStatus(paid.id)).toBe('paid');
  });

  it('grants exactly once when 30 identical IPNs arrive at the same time: one 00, twenty-nine 02', async () => {
    await backgroundDeliveriesFinished();
    const before = await team();
    const order = await pendingTeamOrder();
    const params = vnpayCallback(order);
    const replies = await Promise.all(Array.from({ length: 30 }, () => reply(new URLSearchParams(params))));
    const codes = replies.map((r) => r.RspCode).sort();
    expect(codes.filter((c) => c === '00')).toHaveLength(1);
    expect(codes.filter((c) => c === '02')).toHaveLength(29);
    expect(new Date((await team()).plan_expires_at).toISOString()).toBe(
      addMonths(new Date(before.plan_expires_at), 7).toISOString(),
    );
    expect(await eventCount()).toBe(1);
  });

  it('holds a suspected-fraud payment (07) for review: acknowledged with 00, no plan granted, the payer sees failed2', async () => {
    const order = await pendingTeamOrder();
    const held = vnpayCallback(order, { vnp_ResponseCode: '07', vnp_TransactionStatus: '07' });
    expect(await reply(held)).toMatchObject({ RspCode: '00' });
    expect(await orderStatus(order.id)).toBe('needs_review');
    expect((await team()).seats).toBe(10);
    expect(await reply(held)).toMatchObject({ RspCode: '02' });
    const shown = await vnpayRoutes.return(ipnRequest(held));
    expect(shown.headers.get('location')).toMatch(
      new RegExp(`/vi/pay\\?status=failed&code=failed2&order=${order.id}$`),
    );
  });

  it('answers 99 when the store fails, and a retry then succeeds', async () => {
    const order = await pendingTeamOrder();
    installDatabase(Promise.reject(new Error('database is down')));
    expect(await reply(vnpayCallback(order))).toMatchObject({ RspCode: '99' });
    installDatabase(Promise.resolve(store()));
    expect(await reply(vnpayCallback(order))).toMatchObject({ RspCode: '00' });
  });

  it('the return shows the stored state in the payer’s locale and never changes the order', async () => {
    const order = await pendingTeamOrder();
    const before = await vnpayRoutes.return(ipnRequest(vnpayCallback(order)));
    expect(before.status).toBe(303);
    expect(before.headers.get('location')).toMatch(new RegExp(`/vi/pay\\?status=processing&order=${order.id}$`));
    expect(await orderStatus(order.id)).toBe('pending');

    await reply(vnpayCallback(order));
    await backgroundDeliveriesFinished();
    const after = await vnpayRoutes.return(ipnRequest(vnpayCallback(order)));
    expect(after.headers.get('location')).toMatch(/\/vi\/pay\?status=success&order=/);

    const forged = vnpayCallback(order);
    forged.set('vnp_ResponseCode', '00');
    forged.set('vnp_SecureHash', 'a'.repeat(128));
    const refused = await vnpayRoutes.return(ipnRequest(forged));
    expect(refused.headers.get('location')).toMatch(/\/pay\?status=failed&code=failed1$/);
  });
});
