import { findOrder, listOrders } from '@/lib/server/ledger/orders';
import { paidEventOf } from '@/lib/server/ledger/payment-events';
import { insertRefund, newRefundId, refundsOfOrder } from '@/lib/server/ledger/refunds';
import type { Order } from '@/lib/server/ledger/types';
import { createPayment } from '@/lib/server/payments/momo/client';
import { decide, refundSandboxPayment as momoPortalRefund } from '@/lib/server/payments/momo/sandbox';
import { reconcile } from '@/lib/server/payments/reconcile';
import { refundOrder } from '@/lib/server/payments/refunds/refund-order';
import { recordFromReview } from '@/lib/server/payments/review/review';
import { paymentHistory } from '@/lib/server/pay/history';
import { receiptFor } from '@/lib/server/pay/receipt';
import { findGateway } from '@/lib/server/payments/registry';
import { paymentUrl } from '@/lib/server/payments/vnpay/payment-url';
import { completeSandboxPayment, refundSandboxPayment as vnpayPortalRefund } from '@/lib/server/payments/vnpay/sandbox';
import { readSandboxPayment } from '@/lib/server/payments/sandbox/store';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import { daysBought } from '@/lib/pricing/grant';
import { metrics } from '@/lib/server/observability/metrics';
import { storeKinds, useTestStore } from '../support/stores';
import { gatewayRoutes, ipnRequest, pendingTeamOrder, sandbox } from '../support/money';
import { momoIpnRequest, momoSandbox } from '../support/momo';
import { serveSiteForFile } from '../support/site-server';

const DAY = 86_400_000;
/** Reconciliation asks about refunds still waiting after a grace period: run it from an hour on. */
const later = () => new Date(Date.now() + 3_600_000);

serveSiteForFile();

describe.each(storeKinds)('refunds through the local sandboxes on %s', (kind) => {
  const store = useTestStore(kind);
  const team = async () => {
    const row = (
      await store().sql.query<{ seats: number; plan_expires_at: Date }>(
        "SELECT seats, plan_expires_at FROM teams WHERE team_id = '-1002001'",
      )
    ).rows[0]!;
    return { seats: Number(row.seats), expiry: new Date(row.plan_expires_at).getTime() };
  };
  const revocations = async (orderId: string) =>
    (
      await store().sql.query<{ days: number; seats: number | null }>(
        `SELECT (grant_json->>'days')::int AS days, (grant_json->>'seats')::int AS seats FROM outbox
          WHERE order_id = $1 AND kind = 'revocation' ORDER BY created_at`,
        [orderId],
      )
    ).rows;
  const refunds = (orderId: string) => refundsOfOrder(store().sql, orderId);

  /** Each gateway's way to have the payer pay in its sandbox, the IPN arriving as it should. */
  const pay: Record<string, (order: Order) => Promise<void>> = {
    vnpay: async (order) => {
      const url = new URL(paymentUrl(order, sandbox()));
      await completeSandboxPayment(url.search.slice(1), 'approve', sandbox(), async (query) => {
        await gatewayRoutes('vnpay').ipn(ipnRequest(new URLSearchParams(query)));
      });
    },
    momo: async (order) => {
      const created = await createPayment(order, momoSandbox());
      if (!created.ok) throw new Error('the MoMo sandbox refused the create call');
      await decide(order.id, 'approve', momoSandbox(), async (body) => {
        await gatewayRoutes('momo').ipn(momoIpnRequest(body));
      });
    },
  };
  const methods: Record<string, string> = { vnpay: 'qr', momo: 'wallet' };

  /** A paid Team Pro order through `gateway` (7 months, 30 seats unless told otherwise), its grant applied. */
  async function paidOrder(gateway: string, overrides: Partial<Parameters<typeof pendingTeamOrder>[0]> = {}) {
    const order = await pendingTeamOrder({ gateway, method: methods[gateway]!, ...overrides });
    await pay[gateway]!(order);
    await backgroundDeliveriesFinished();
    expect((await findOrder(store().sql, order.id))?.status).toBe('paid');
    return order;
  }

  it.each(['vnpay', 'momo'])(
    '%s: a full refund goes back once, and the team loses the months and the seats that payment bought',
    async (gateway) => {
      await paidOrder(gateway, { seats: 10, months: 1, period: 'period0', amount: 350_000 });
      const before = await team();
      const order = await paidOrder(gateway);
      expect((await team()).seats).toBe(30);

      const result = await refundOrder({ orderId: order.id, reason: 'customer asked', by: 'ops' });
      expect(result).toMatchObject({ ok: true, answer: { state: 'succeeded' } });
      await backgroundDeliveriesFinished();
      const after = await team();
      // The other payment still covers one block; the months this one bought are gone (within a day:
      // calendar months are counted from the payment, the days from the expiry).
      expect(after.seats).toBe(10);
      expect(Math.abs(after.expiry - before.expiry)).toBeLessThanOrEqual(DAY);
      expect(await refunds(order.id)).toEqual([
        expect.objectContaining({ status: 'succeeded', origin: 'site', amount: 6_300_000, requestedBy: 'ops' }),
      ]);
      // Asking again: nothing is left to refund, and nothing moves.
      expect(await refundOrder({ orderId: order.id, reason: 'again', by: 'ops' })).toEqual({
        ok: false,
        reason: 'nothing_left',
        remaining: 0,
        currency: 'VND',
      });
      expect(await revocations(order.id)).toHaveLength(1);
    },
  );

  it('a partial refund takes back its share of the days, rounded down, and the refund of the rest takes back exactly the remainder', async () => {
    const order = await paidOrder('vnpay');
    const paid = await paidEventOf(store().sql, order.id);
    const total = daysBought(paid!.receivedAt, 7);
    expect(await refundOrder({ orderId: order.id, amount: 2_000_000, reason: 'partial', by: 'ops' })).toMatchObject({
      ok: true,
      answer: { state: 'succeeded' },
    });
    expect(await refundOrder({ orderId: order.id, amount: 5_000_000, reason: 'too much', by: 'ops' })).toEqual({
      ok: false,
      reason: 'exceeds_paid',
      remaining: 4_300_000,
      currency: 'VND',
    });
    expect(await refundOrder({ orderId: order.id, reason: 'the rest', by: 'ops' })).toMatchObject({ ok: true });
    const taken = await revocations(order.id);
    expect(taken[0]).toEqual({ days: Math.floor((total * 2_000_000) / 6_300_000), seats: null });
    expect(taken[0]!.days + taken[1]!.days).toBe(total);
    // The seats go only with the whole payment.
    expect(taken[1]!.seats).toBe(0);
    const record = await readSandboxPayment<{ refunded: string }>('vnpay-sandbox', order.id);
    expect(record?.refunded).toBe('6300000');
  });

  it.each(['vnpay', 'momo'])('%s: five operators refunding one order at once refund it once', async (gateway) => {
    const order = await paidOrder(gateway);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => refundOrder({ orderId: order.id, reason: `operator ${i}`, by: `op${i}` })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const refused of results.filter((r) => !r.ok)) {
      expect(['refund_in_progress', 'nothing_left']).toContain((refused as { reason: string }).reason);
    }
    const made = (await refunds(order.id)).filter((r) => r.status === 'succeeded');
    expect(made.map((r) => r.amount)).toEqual([6_300_000]);
    await backgroundDeliveriesFinished();
    expect(await revocations(order.id)).toHaveLength(1);
  });

  it.each(['vnpay', 'momo'])(
    '%s: a refund whose answer was lost (a crash after the gateway refunded) is finished by reconciliation, once',
    async (gateway) => {
      const order = await paidOrder(gateway);
      const before = await team();
      // What a crash between the gateway's answer and our commit leaves: the refund recorded as
      // requested, and the gateway having made it.
      const id = newRefundId();
      const now = new Date();
      await insertRefund(store().sql, {
        id,
        orderId: order.id,
        gateway,
        amount: order.amount,
        currency: 'VND',
        status: 'requested',
        origin: 'site',
        gatewayRef: null,
        reason: 'crashed',
        requestedBy: 'ops',
        now,
      });
      const payment = await paidEventOf(store().sql, order.id);
      const answer = await findGateway(gateway)!.refund!(
        { refundId: id, order, payment: payment!, amount: order.amount, whole: true, reason: 'crashed', by: 'ops' },
        now,
      );
      expect(answer.state).toBe('succeeded');
      expect(await refundOrder({ orderId: order.id, reason: 'meanwhile', by: 'ops' })).toMatchObject({
        ok: false,
        reason: 'refund_in_progress',
      });

      const report = await reconcile({ now: later() });
      expect(report.refunds.finished).toBe(1);
      await backgroundDeliveriesFinished();
      expect((await refunds(order.id)).map((r) => [r.id, r.status])).toEqual([[id, 'succeeded']]);
      expect((await team()).expiry).toBeLessThan(before.expiry);
      expect((await reconcile({ now: later() })).refunds.finished).toBe(0);
      expect(await revocations(order.id)).toHaveLength(1);
    },
  );

  it.each([
    ['vnpay', '94', 'already being processed'],
    ['momo', '1080', 'more than what is left'],
  ])(
    '%s: a gateway that says no (the money already went back in its portal) leaves the order and the plan as they were, with its reason',
    async (gateway, code, words) => {
      const order = await paidOrder(gateway);
      const before = await team();
      if (gateway === 'vnpay') expect(await vnpayPortalRefund(order.id, order.amount, null)).toBe('00');
      else expect(await momoPortalRefund(order.id, order.amount, null)).toBe(0);
      const refused = async () =>
        (await metrics().refunds.get()).values.find(
          (v) => v.labels.gateway === gateway && v.labels.outcome === 'refused',
        )?.value ?? 0;
      const countBefore = await refused();

      const result = await refundOrder({ orderId: order.id, reason: 'customer asked', by: 'ops' });
      expect(result).toMatchObject({ ok: true, answer: { state: 'refused', code } });
      expect(result.ok && result.answer.state === 'refused' && result.answer.message).toContain(words);
      expect((await findOrder(store().sql, order.id))?.status).toBe('paid');
      expect(await team()).toEqual(before);
      expect((await refunds(order.id)).map((r) => r.status)).toEqual(['refused']);
      expect(await refused()).toBe(countBefore + 1);
    },
  );

  it('vnpay: a whole refund made in the merchant portal is found by reconciliation and recorded once; the plan follows', async () => {
    const before = await team();
    const order = await paidOrder('vnpay');
    expect(await vnpayPortalRefund(order.id, order.amount, null)).toBe('00');
    const report = await reconcile({ now: later() });
    expect(report.refunds.outcomes).toEqual({ recorded: 1 });
    await backgroundDeliveriesFinished();
    expect(await refunds(order.id)).toEqual([
      expect.objectContaining({ status: 'succeeded', origin: 'gateway', amount: 6_300_000 }),
    ]);
    expect(Math.abs((await team()).expiry - before.expiry)).toBeLessThanOrEqual(DAY);
    // Asked again (the next day's round): known, nothing counted twice.
    await store().sql.query('UPDATE orders SET refunds_checked_at = NULL');
    expect((await reconcile({ now: later() })).refunds.outcomes).toEqual({ known: 1 });
    expect(await refunds(order.id)).toHaveLength(1);
  });

  it('momo: a partial refund made in the merchant portal is recorded with its amount, and the plan loses that share of its days', async () => {
    const order = await paidOrder('momo');
    const granted = await team();
    expect(await momoPortalRefund(order.id, 2_100_000, null)).toBe(0);
    const report = await reconcile({ now: later() });
    expect(report.refunds.outcomes).toEqual({ recorded: 1 });
    await backgroundDeliveriesFinished();
    const total = daysBought((await paidEventOf(store().sql, order.id))!.receivedAt, 7);
    expect((await revocations(order.id))[0]).toEqual({ days: Math.floor(total / 3), seats: null });
    expect((await team()).expiry).toBe(granted.expiry - Math.floor(total / 3) * DAY);
    expect((await team()).seats).toBe(30);
  });

  /** Whether the review queue (`npm run orders -- list --status needs_review`) lists the order. */
  const inReviewQueue = async (orderId: string) =>
    (await listOrders(store().sql, 'needs_review', 50)).some((o) => o.id === orderId);
  const refundedTotal = async (orderId: string) =>
    (await refunds(orderId)).filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0);
  const due = () => store().sql.query('UPDATE orders SET refunds_checked_at = NULL');

  it('vnpay: a partial refund made in the portal, which querydr reports without its amount, is held for a person once, and the payment stays paid', async () => {
    const order = await paidOrder('vnpay');
    expect(await vnpayPortalRefund(order.id, 1_000_000, null)).toBe('00');
    expect((await reconcile({ now: later() })).refunds.outcomes).toEqual({ review: 1 });
    const held = await findOrder(store().sql, order.id);
    expect(held?.status).toBe('paid');
    expect(held?.refundHeldAt).not.toBeNull();
    expect(await inReviewQueue(order.id)).toBe(true);
    await due();
    expect((await reconcile({ now: later() })).refunds.checked).toBe(0);
    expect(await refunds(order.id)).toHaveLength(0);
  });

  it('vnpay: the history says how many days a partial refund took off the plan and the expiry the account has after it', async () => {
    const order = await paidOrder('vnpay');
    expect(await refundOrder({ orderId: order.id, amount: 2_100_000, reason: 'part', by: 'ops' })).toMatchObject({
      ok: true,
    });
    await backgroundDeliveriesFinished();
    const [revocation] = await revocations(order.id);
    expect(revocation!.days).toBeGreaterThan(0);
    const owner = { platform: order.platform, userId: order.userId };
    const row = (await paymentHistory(owner, 1)).payments.find((p) => p.orderId === order.id);
    const { expiry } = await team();
    expect(row).toMatchObject({
      status: 'partly_refunded',
      refund: { amount: 2_100_000, daysTaken: revocation!.days, planExpiresAt: new Date(expiry).toISOString() },
    });
  });

  it('vnpay: a payer whose payment is held for a refund report still sees it paid, with its amount and receipt', async () => {
    const order = await paidOrder('vnpay');
    expect(await vnpayPortalRefund(order.id, 2_000_000, null)).toBe('00');
    expect((await reconcile({ now: later() })).refunds.outcomes).toEqual({ review: 1 });
    const owner = { platform: order.platform, userId: order.userId };
    const row = (await paymentHistory(owner, 1)).payments.find((p) => p.orderId === order.id);
    expect(row).toMatchObject({ status: 'paid', amount: 6_300_000 });
    expect((await receiptFor(owner, order.id))?.amount).toBe(6_300_000);
  });

  it('vnpay: a portal refund after a partial refund of ours is held for a person, not taken as ours; booked, the ledger holds both and a later check changes nothing', async () => {
    const order = await paidOrder('vnpay');
    expect(await refundOrder({ orderId: order.id, amount: 10_000, reason: 'ours', by: 'ops' })).toMatchObject({
      ok: true,
      answer: { state: 'succeeded' },
    });
    expect(await vnpayPortalRefund(order.id, 20_000, null)).toBe('00');

    expect((await reconcile({ now: later() })).refunds.outcomes).toEqual({ review: 1 });
    expect(await inReviewQueue(order.id)).toBe(true);
    expect((await findOrder(store().sql, order.id))?.status).toBe('paid');
    expect(await refundedTotal(order.id)).toBe(10_000);
    // The next round leaves the order to the person: nothing recorded, nothing held twice.
    await due();
    expect((await reconcile({ now: later() })).refunds).toMatchObject({ checked: 0, outcomes: {} });

    // The operator finds 20,000 in VNPay's portal and books it: the ledger holds what VNPay does.
    const booked = await recordFromReview({ orderId: order.id, amount: 20_000, note: 'portal', by: 'ops' });
    expect(booked).toMatchObject({ ok: true, refund: { origin: 'gateway', amount: 20_000, gatewayRef: null } });
    await backgroundDeliveriesFinished();
    expect(await refundedTotal(order.id)).toBe(30_000);
    expect(await inReviewQueue(order.id)).toBe(false);
    expect(await revocations(order.id)).toHaveLength(2);

    await due();
    expect((await reconcile({ now: later() })).refunds.outcomes).toEqual({ known: 1 });
    expect(await refundedTotal(order.id)).toBe(30_000);
    expect(await inReviewQueue(order.id)).toBe(false);
  });

  it('vnpay: a partial refund of ours alone is recognised at the next check, not sent to review', async () => {
    const order = await paidOrder('vnpay');
    await refundOrder({ orderId: order.id, amount: 10_000, reason: 'ours', by: 'ops' });
    await due();
    expect((await reconcile({ now: later() })).refunds.outcomes).toEqual({ known: 1 });
    expect(await inReviewQueue(order.id)).toBe(false);
    expect(await refundedTotal(order.id)).toBe(10_000);
  });

  /** One of ours recorded as requested and made at VNPay, its answer lost (a crash). */
  async function lostAnswer(order: Order, amount: number) {
    const id = newRefundId();
    await insertRefund(store().sql, {
      id,
      orderId: order.id,
      gateway: 'vnpay',
      amount,
      currency: 'VND',
      status: 'requested',
      origin: 'site',
      gatewayRef: null,
      reason: 'crashed',
      requestedBy: 'ops',
      now: new Date(),
    });
    return id;
  }

  it('vnpay: a part report finishes a partial refund of ours in flight, but not one of ours for everything still paid', async () => {
    const fits = await paidOrder('vnpay');
    const ours = await lostAnswer(fits, 1_000_000);
    expect(await vnpayPortalRefund(fits.id, 1_000_000, ours)).toBe('00');
    expect((await reconcile({ now: later() })).refunds.finished).toBe(1);
    expect((await refunds(fits.id)).map((r) => [r.id, r.status])).toEqual([[ours, 'succeeded']]);

    // Ours would return the whole payment, yet VNPay says a part went back: something else happened.
    const whole = await paidOrder('vnpay');
    const wholeId = await lostAnswer(whole, whole.amount);
    expect(await vnpayPortalRefund(whole.id, 1_000_000, null)).toBe('00');
    await reconcile({ now: later() });
    expect((await refunds(whole.id)).map((r) => [r.id, r.status])).toEqual([[wholeId, 'requested']]);
    expect(await inReviewQueue(whole.id)).toBe(true);
  });

  it('vnpay: the credit note of a whole refund found by querydr names VNPay’s number for the refund, never an invented one', async () => {
    const order = await paidOrder('vnpay');
    expect(await vnpayPortalRefund(order.id, order.amount, null)).toBe('00');
    await reconcile({ now: later() });
    const record = await readSandboxPayment<{ refundNo: string; vnp_TransactionNo: string }>('vnpay-sandbox', order.id);
    const owner = { platform: order.platform, userId: order.userId };
    const receipt = await receiptFor(owner, order.id);
    expect(receipt?.creditNotes.map((note) => note.gatewayReference)).toEqual([record!.refundNo]);
    expect(record!.refundNo).not.toBe(record!.vnp_TransactionNo);
  });
});
