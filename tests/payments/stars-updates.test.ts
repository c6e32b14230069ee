import { NextRequest } from 'next/server';
import { addMonths } from '@/lib/pricing/quote';
import { findOrder } from '@/lib/server/ledger/orders';
import { resetStandIn } from '@/lib/server/testing';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import { storeKinds, useTestStore } from '../support/stores';
import {
  cycleFields,
  payment,
  pendingStarsOrder,
  preCheckout,
  preCheckoutAnswer,
  refunded,
  starsRoutes,
  starsUpdate,
  webhookSecret,
} from '../support/stars';

/*
 * The bot's webhook for Telegram Stars, on the local stand-in (no bot token in the tests): the
 * secret header or nothing; pre-checkout answered from the ledger; every successful_payment settled
 * once per telegram_payment_charge_id whatever the number, order and concurrency of its deliveries;
 * refunded_payment recorded once. Demo directory: alice (1001) on the free plan.
 */
describe.each(storeKinds)('Telegram Stars updates on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(() => resetStandIn());
  const count = async (table: string, where = 'true') =>
    Number(
      (await store().sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`)).rows[0]!.n,
    );
  const aliceExpiry = async () =>
    (
      await store().sql.query<{ plan: string; plan_expires_at: Date | null }>(
        "SELECT plan, plan_expires_at FROM accounts WHERE platform = 'telegram' AND user_id = '1001'",
      )
    ).rows[0]!;

  describe('the webhook secret', () => {
    it('refuses an update without the secret header, or with a wrong one of any length, with 401, and changes nothing', async () => {
      const order = await pendingStarsOrder();
      const secret = webhookSecret();
      const wrongSameLength = secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A');
      for (const sent of [null, '', 'wrong', wrongSameLength, `${secret}x`]) {
        const response = await starsUpdate(
          {
            message: {
              from: { id: 1001 },
              successful_payment: {
                currency: 'XTR',
                total_amount: 100,
                invoice_payload: order.id,
                telegram_payment_charge_id: 'stx-forged',
              },
            },
          },
          sent,
        );
        expect(response.status).toBe(401);
      }
      expect(await count('payment_events', "transaction_id = 'stx-forged'")).toBe(0);
      expect(await count('webhook_events')).toBe(0);
      expect((await findOrder(store().sql, order.id))!.status).toBe('pending');
    });

    it('refuses an update over 64 KB unread (413), secret or not', async () => {
      const order = await pendingStarsOrder();
      const response = await starsRoutes.ipn(
        new NextRequest('http://localhost:3000/api/payments/telegram_stars/ipn', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': webhookSecret() },
          body: JSON.stringify({
            update_id: 1,
            padding: 'x'.repeat(70_000),
            message: { successful_payment: { invoice_payload: order.id } },
          }),
        }),
      );
      expect(response.status).toBe(413);
      expect(await count('payment_events')).toBe(0);
    });

    it('acknowledges an authentic update that carries no payment, and ignores it', async () => {
      const response = await starsUpdate({ message: { message_id: 5, text: '/start' } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ outcome: 'ignored' });
    });
  });

  describe('pre-checkout, from the ledger alone', () => {
    it('says yes for our pending order, this Telegram user, this amount in stars', async () => {
      const order = await pendingStarsOrder();
      expect((await preCheckout(order, 'pcq-yes')).status).toBe(200);
      expect(preCheckoutAnswer('pcq-yes')).toEqual({ ok: true });
    });

    it('says no, with a message the payer reads, to another user, another amount, an unknown or settled order, a stale one', async () => {
      const order = await pendingStarsOrder();
      await preCheckout(order, 'pcq-user', 1002);
      await preCheckout(order, 'pcq-amount', 1001, 99);
      await preCheckout({ id: 'f'.repeat(32), amount: 100 }, 'pcq-unknown');
      const stale = await pendingStarsOrder({ now: new Date(Date.now() - 31 * 60_000) });
      await preCheckout(stale, 'pcq-stale');
      await payment(order, 'stx-paid-first');
      await preCheckout(order, 'pcq-paid');
      for (const id of ['pcq-user', 'pcq-amount', 'pcq-unknown', 'pcq-stale', 'pcq-paid']) {
        expect(preCheckoutAnswer(id)).toEqual({ ok: false, errorMessage: expect.stringMatching(/expired/) });
      }
    });

    it('says no to a second live renewal of the plan for the same owner', async () => {
      const first = await pendingStarsOrder();
      await payment(first, 'stx-first-sub', cycleFields(first, 1));
      const second = await pendingStarsOrder();
      await preCheckout(second, 'pcq-second');
      expect(preCheckoutAnswer('pcq-second')).toEqual({
        ok: false,
        errorMessage: expect.stringMatching(/renews automatically/),
      });
    });

    it('answers a query that arrives twice the same way, and records it once', async () => {
      const order = await pendingStarsOrder();
      await preCheckout(order, 'pcq-twice');
      expect(preCheckoutAnswer('pcq-twice')).toEqual({ ok: true });
      await preCheckout(order, 'pcq-twice');
      expect(preCheckoutAnswer('pcq-twice')).toEqual({ ok: true });
      expect(await count('webhook_events', "event_type = 'pre_checkout_query'")).toBe(1);
    });
  });

  describe('successful_payment, exactly once', () => {
    it('grants a month once when 20 identical updates arrive at the same time', async () => {
      const order = await pendingStarsOrder();
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => payment(order, 'stx-once', cycleFields(order, 1))),
      );
      expect(responses.every((response) => response.status === 200)).toBe(true);
      await backgroundDeliveriesFinished();
      expect((await findOrder(store().sql, order.id))!.status).toBe('paid');
      expect(await count('payment_events')).toBe(1);
      expect(await count('outbox')).toBe(1);
      expect(await count('directory_grants')).toBe(1);
      expect(await count('subscriptions', "state = 'active'")).toBe(1);
      expect((await aliceExpiry()).plan).toBe('individual_pro');
    });

    it('extends the plan once per renewal, whatever order the renewals and their redeliveries arrive in', async () => {
      const order = await pendingStarsOrder();
      const sends = [
        () => payment(order, 'stx-r3', cycleFields(order, 3)),
        () => payment(order, 'stx-r1', cycleFields(order, 1)),
        () => payment(order, 'stx-r3', cycleFields(order, 3)),
        () => payment(order, 'stx-r2', cycleFields(order, 2)),
        () => payment(order, 'stx-r1', cycleFields(order, 1)),
      ];
      for (const send of sends) expect((await send()).status).toBe(200);
      await Promise.all([
        payment(order, 'stx-r2', cycleFields(order, 2)),
        payment(order, 'stx-r2', cycleFields(order, 2)),
      ]);
      await backgroundDeliveriesFinished();
      expect(await count('orders', "gateway = 'telegram_stars' AND status = 'paid'")).toBe(3);
      expect(await count('payment_events')).toBe(3);
      expect(await count('directory_grants')).toBe(3);
      const expiry = (await aliceExpiry()).plan_expires_at!;
      const paid = (await findOrder(store().sql, order.id))!;
      // Three months from about when the first payment was granted (grants run in arrival order).
      expect(Math.abs(new Date(expiry).getTime() - addMonths(paid.updatedAt, 3).getTime())).toBeLessThan(60_000);
    });

    it('holds a payment for an order the pre-checkout refused for a person, and grants nothing', async () => {
      const order = await pendingStarsOrder();
      await preCheckout(order, 'pcq-refused', 1001, 1);
      const response = await payment(order, 'stx-after-refusal');
      expect(await response.json()).toEqual({ outcome: 'held_for_review' });
      await backgroundDeliveriesFinished();
      expect((await findOrder(store().sql, order.id))!.status).toBe('needs_review');
      expect(await count('outbox')).toBe(0);
      // Its redelivery changes nothing.
      expect(await (await payment(order, 'stx-after-refusal')).json()).toEqual({ outcome: 'already_confirmed' });
    });

    it('holds a second charge for an order another charge already paid, instead of dropping it', async () => {
      const order = await pendingStarsOrder({ period: 'period1', months: 7, amount: 600 });
      await payment(order, 'stx-one');
      expect(await (await payment(order, 'stx-two')).json()).toEqual({ outcome: 'held_for_review' });
      expect(await count('payment_events', "outcome = 'held_for_review'")).toBe(1);
      expect(await count('outbox')).toBe(1);
    });
  });

  describe('refunded_payment', () => {
    it('records a refund made in Telegram once, however often it is reported, and takes the plan back', async () => {
      const order = await pendingStarsOrder({ period: 'period1', months: 7, amount: 600 });
      await payment(order, 'stx-refunded');
      await backgroundDeliveriesFinished();
      const outcomes = [];
      for (let i = 0; i < 3; i++) outcomes.push(await (await refunded(order, 'stx-refunded')).json());
      expect(outcomes).toEqual([
        { outcome: 'refund_recorded' },
        { outcome: 'refund_known' },
        { outcome: 'refund_known' },
      ]);
      await backgroundDeliveriesFinished();
      expect(await count('refunds', "status = 'succeeded'")).toBe(1);
      expect(await count('outbox', "kind = 'revocation'")).toBe(1);
    });
  });
});
