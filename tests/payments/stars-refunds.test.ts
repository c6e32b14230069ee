import { POST as checkout } from '@/app/api/checkout/route';
import { findOrder } from '@/lib/server/ledger/orders';
import type { Order } from '@/lib/server/ledger/types';
import { installDirectory, resetRateLimits, resetStandIn } from '@/lib/server/testing';
import { receiveCallback } from '@/lib/server/payments/callbacks';
import { backgroundDeliveriesFinished, deliverDueMessages } from '@/lib/server/payments/outbox-delivery';
import { DirectoryUnavailableError } from '@/lib/server/directory';
import { reconcile } from '@/lib/server/payments/reconcile';
import { refundOrder } from '@/lib/server/payments/refunds/refund-order';
import { describeRefund } from '@/lib/server/cli/refund-text';
import { refundFromReview } from '@/lib/server/payments/review/review';
import { starsGateway } from '@/lib/server/payments/telegram_stars/gateway';
import { playSheet, renewNow } from '@/lib/server/payments/telegram_stars/sandbox/sheet';
import { standInState } from '@/lib/server/payments/telegram_stars/sandbox/store';
import { paymentsOf, refundCharge } from '@/lib/server/payments/telegram_stars/sandbox/account';
import { storeKinds, useTestStore } from '../support/stores';
import { checkoutPost, sessionCookie } from '../support/money';
import { miniAppAuthorization, payment, pendingStarsOrder, preCheckout } from '../support/stars';

/** A pre-checkout the site refuses: the amount is not the order's. */
const preCheckoutRefusal = (order: Order) => preCheckout(order, 'pcq-no', 1001, order.amount + 1);

/*
 * Telegram Stars end to end on the local stand-in: checkout only inside the Mini App, the invoice
 * paid in the stand-in's sheet (pre-checkout, then successful_payment to the webhook), money back
 * through refundStarPayment (whole only), stopping a renewal through editUserStarSubscription, and
 * reconciliation from getStarTransactions.
 */
const deliver = (input: Parameters<typeof receiveCallback>[1]) => receiveCallback(starsGateway, input);

async function payInSheet(order: Order, action: 'pay' | 'cancel' | 'fail' = 'pay') {
  const begun = await starsGateway.begin(order, { now: new Date(), renewalStartsAt: null });
  if (!begun.ok || begun.start.kind !== 'sdk') throw new Error('the stand-in made no invoice');
  const slug = (begun.start.params as { invoiceUrl: string }).invoiceUrl.replace('https://t.me/$', '');
  return playSheet({ slug, userId: Number(order.userId), action }, deliver);
}

describe.each(storeKinds)('Telegram Stars through the stand-in on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(() => {
    resetStandIn();
    resetRateLimits();
  });
  const count = async (table: string, where = 'true') =>
    Number(
      (await store().sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`)).rows[0]!.n,
    );
  const status = async (order: Order) => (await findOrder(store().sql, order.id))!.status;

  describe('checkout', () => {
    const post = async (body: object, headers: Record<string, string>) => {
      const response = await checkout(checkoutPost(body, headers));
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const monthly = { plan: 'individual_pro', period: 'period0', gateway: 'telegram_stars', method: 'stars' };

    it('inside the Mini App makes a Stars invoice from the catalogue price', async () => {
      const answer = await post(monthly, miniAppAuthorization({ userId: '1001' }));
      expect(answer).toMatchObject({
        status: 200,
        body: { kind: 'sdk', sdk: 'telegram_stars', params: { renews: true } },
      });
      const order = (await findOrder(store().sql, (answer.body.params as { orderId: string }).orderId))!;
      expect(order).toMatchObject({ currency: 'XTR', amount: 100, gateway: 'telegram_stars' });
    });

    it('offers Stars only inside the Mini App, and there no other gateway', async () => {
      const browser = await post(monthly, { cookie: await sessionCookie({ platform: 'telegram', userId: '1001' }) });
      expect(browser).toMatchObject({ status: 422, body: { error: { code: 'gateway_unavailable' } } });
      const vnpayInTelegram = await post(
        { plan: 'individual_pro', period: 'period0', gateway: 'vnpay', method: 'qr' },
        miniAppAuthorization({ userId: '1001' }),
      );
      expect(vnpayInTelegram).toMatchObject({ status: 422, body: { error: { code: 'gateway_unavailable' } } });
    });

    it('refuses a monthly subscription above 10000 stars before any request, and says a longer period can pay it', async () => {
      const answer = await post(
        { plan: 'team_pro', period: 'period0', seats: 140, gateway: 'telegram_stars', method: 'stars' },
        miniAppAuthorization({ userId: '1001', teamId: '-1002001' }),
      );
      expect(answer).toMatchObject({ status: 422, body: { error: { code: 'above_subscription_max' } } });
      expect((answer.body.error as { message: string }).message).toMatch(/⭐\u00a010,000.*longer period/);
      expect(standInState().invoices.size).toBe(0);
      const yearly = await post(
        { plan: 'team_pro', period: 'period2', seats: 140, gateway: 'telegram_stars', method: 'stars' },
        miniAppAuthorization({ userId: '1001', teamId: '-1002001' }),
      );
      expect(yearly).toMatchObject({ status: 200, body: { params: { renews: false } } });
    });
  });

  describe('the payment sheet', () => {
    it('pays an invoice as Telegram does: pre-checkout answered yes, then the payment settled', async () => {
      const order = await pendingStarsOrder();
      expect(await payInSheet(order)).toEqual({ status: 'paid' });
      expect(await status(order)).toBe('paid');
      expect(await count('webhook_events', "outcome = 'accepted'")).toBe(1);
    });

    it('charges nothing when the payer cancels or the payment fails', async () => {
      const order = await pendingStarsOrder();
      expect(await payInSheet(order, 'cancel')).toEqual({ status: 'cancelled' });
      expect(await payInSheet(order, 'fail')).toEqual({ status: 'failed' });
      expect(await status(order)).toBe('pending');
      expect(await count('payment_events')).toBe(0);
    });
  });

  describe('money back', () => {
    it('refunds a Stars payment whole through refundStarPayment; the refunded_payment that follows is the same refund', async () => {
      const order = await pendingStarsOrder({ period: 'period1', months: 7, amount: 600 });
      await payInSheet(order);
      await backgroundDeliveriesFinished();
      const result = await refundOrder({ orderId: order.id, reason: 'asked for it', by: 'operator' });
      expect(result).toMatchObject({ ok: true, answer: { state: 'succeeded' } });
      await backgroundDeliveriesFinished();
      expect(await count('refunds')).toBe(1);
      expect(await count('refunds', "status = 'succeeded'")).toBe(1);
      expect(await count('outbox', "kind = 'revocation'")).toBe(1);
      expect(standInState().transactions.filter((t) => t.receiver)).toHaveLength(1);
    });

    it('records a refund made in Telegram, outside the site, once: from its refunded_payment, whatever asks again', async () => {
      const order = await pendingStarsOrder({ period: 'period1', months: 7, amount: 600 });
      await payInSheet(order);
      await backgroundDeliveriesFinished();
      const [paid] = paymentsOf(1001);
      expect(paid).toMatchObject({ amount: 600, refunded: false, subscription: null });
      expect(await refundCharge(paid!.chargeId, deliver)).toBe(true);
      expect(await refundCharge(paid!.chargeId, deliver)).toBe(false);
      await backgroundDeliveriesFinished();
      expect(paymentsOf(1001)[0]).toMatchObject({ chargeId: paid!.chargeId, refunded: true });
      expect(await count('refunds', "status = 'succeeded'")).toBe(1);
      expect(await count('outbox', "kind = 'revocation'")).toBe(1);
    });

    it('a payment refunded while its grant still waits for the directory leaves nothing granted: the grant, then the revocation, each once', async () => {
      const real = store().directory;
      let down = true;
      const applied: string[] = [];
      installDirectory({
        ...real,
        applyGrant: async (grant) => {
          if (down) throw new DirectoryUnavailableError('backend unreachable');
          applied.push('grant');
          return real.applyGrant(grant);
        },
        applyRevocation: async (revocation) => {
          applied.push('revocation');
          return real.applyRevocation(revocation);
        },
      });
      const order = await pendingStarsOrder({ period: 'period1', months: 7, amount: 600 });
      await payInSheet(order);
      await backgroundDeliveriesFinished();
      // The directory is back, but the grant waits out its back-off; the payer is refunded meanwhile.
      down = false;
      const refundedAt = Date.now();
      const result = await refundOrder({ orderId: order.id, reason: 'asked for it', by: 'operator' });
      expect(result).toMatchObject({ ok: true, answer: { state: 'succeeded' } });
      await backgroundDeliveriesFinished();
      expect(applied).toEqual([]);
      // Two deliverers at once, as two instances would run them.
      const later = new Date(Date.now() + 60 * 60_000);
      await Promise.all([deliverDueMessages(later), deliverDueMessages(later)]);
      expect(applied).toEqual(['grant', 'revocation']);
      const account = (
        await store().sql.query<{ plan_expires_at: Date }>(
          "SELECT plan_expires_at FROM accounts WHERE platform = 'telegram' AND user_id = '1001'",
        )
      ).rows[0]!;
      // The seven months are gone again: the plan ends at the refund (within the day calendar months differ by).
      expect(new Date(account.plan_expires_at).getTime() - refundedAt).toBeLessThanOrEqual(86_400_000);
      expect(await count('refunds')).toBe(1);
    });

    it('refuses a partial refund with the reason, before anything is recorded or asked', async () => {
      const order = await pendingStarsOrder({ period: 'period1', months: 7, amount: 600 });
      await payInSheet(order);
      const result = await refundOrder({ orderId: order.id, amount: 300, reason: 'half', by: 'operator' });
      expect(result).toMatchObject({ ok: false, reason: 'whole_only' });
      expect(describeRefund(order.id, result)).toMatch(/only whole/);
      expect(await count('refunds')).toBe(0);
      expect(standInState().transactions.filter((t) => t.receiver)).toHaveLength(0);
    });
  });

  describe('the review queue', () => {
    it('refunds a payment Telegram took after the pre-checkout refused it, through refundStarPayment', async () => {
      const order = await pendingStarsOrder({ period: 'period1', months: 7, amount: 600 });
      // The stand-in knows the charge (as Telegram would), but the site's pre-checkout had said no.
      await payInSheet(order);
      await store().sql.query("UPDATE orders SET status = 'pending' WHERE id = $1", [order.id]);
      await store().sql.query('DELETE FROM payment_events');
      await store().sql.query('DELETE FROM outbox');
      await preCheckoutRefusal(order);
      const charge = standInState().transactions[0]!.id;
      await payment(order, charge);
      expect(await status(order)).toBe('needs_review');
      const decided = await refundFromReview({ orderId: order.id, note: 'paid after a refusal', by: 'operator' });
      expect(decided).toMatchObject({ ok: true, refund: { answer: { state: 'succeeded' } } });
      expect(standInState().charges.get(charge)!.refunded).toBe(true);
    });
  });

  describe('renewals', () => {
    it('stops a renewal through editUserStarSubscription: Telegram charges no more, the plan runs on', async () => {
      const order = await pendingStarsOrder();
      await payInSheet(order);
      const owner = { platform: 'telegram' as const, userId: '1001' };
      const [renewal] = await starsGateway.subscriptions!.list(owner, new Date());
      expect(renewal).toMatchObject({ status: 'active', amount: 100, currency: 'XTR' });
      expect(renewal!.nextBillingAt).not.toBeNull();
      const charge = [...standInState().subscriptions.keys()][0]!;
      expect(await renewNow(charge, deliver)).toBe(true);
      expect(await count('orders', "gateway = 'telegram_stars' AND status = 'paid'")).toBe(2);
      expect(await starsGateway.subscriptions!.stop(owner, renewal!.id, new Date())).toBe('stopped');
      expect(standInState().subscriptions.get(charge)!.canceled).toBe(true);
      expect(await renewNow(charge, deliver)).toBe(false);
      expect((await starsGateway.subscriptions!.list(owner, new Date()))[0]).toMatchObject({ status: 'stopped' });
    });
  });

  describe('reconciliation from getStarTransactions', () => {
    it('settles a payment whose update the site never received', async () => {
      const order = await pendingStarsOrder();
      standInState().transactions.push({
        id: 'stx-missed',
        amount: 100,
        date: Math.floor(Date.now() / 1000),
        source: {
          type: 'user',
          transaction_type: 'invoice_payment',
          user: { id: 1001 },
          invoice_payload: order.id,
          subscription_period: 2_592_000,
        },
      });
      const report = await reconcile({ now: new Date(Date.now() + 31 * 60_000), gateways: [starsGateway] });
      expect(report.gateways[0]).toMatchObject({ gateway: 'telegram_stars', asked: 1 });
      expect(await status(order)).toBe('paid');
      expect(await count('payment_events', "transaction_id = 'stx-missed'")).toBe(1);
      expect(await count('subscriptions', "state = 'active'")).toBe(1);
    });

    it('finds a recent payment behind thousands of older transactions (the newest pages are read)', async () => {
      const order = await pendingStarsOrder({ period: 'period1', months: 7, amount: 600 });
      const older = Array.from({ length: 12_345 }, (_, i) => ({
        id: `stx-old-${i}`,
        amount: 1,
        date: 1_700_000_000 + i,
      }));
      standInState().transactions.push(...older, {
        id: 'stx-recent',
        amount: 600,
        date: Math.floor(Date.now() / 1000),
        source: { type: 'user', transaction_type: 'invoice_payment', user: { id: 1001 }, invoice_payload: order.id },
      });
      const answer = await starsGateway.query(order, new Date());
      expect(answer).toMatchObject({ state: 'final', event: { transactionId: 'stx-recent', amount: 600 } });
      expect(await status(order)).toBe('paid');
    });

    it('closes an invoice Telegram never took money for once its window has passed', async () => {
      const order = await pendingStarsOrder();
      await reconcile({ now: new Date(Date.now() + 31 * 60_000), gateways: [starsGateway] });
      expect(await status(order)).toBe('failed');
    });

    it('finds a refund made in Telegram whose update was lost', async () => {
      const order = await pendingStarsOrder({ period: 'period1', months: 7, amount: 600 });
      await payInSheet(order);
      const charge = standInState().transactions[0]!.id;
      standInState().transactions.push({
        id: charge,
        amount: 600,
        date: Math.floor(Date.now() / 1000),
        receiver: { type: 'user', user: { id: 1001 } },
      });
      const report = await starsGateway.refundsOf!(order, { transactionId: charge, payload: {} }, new Date());
      expect(report).toEqual({
        state: 'listed',
        refunds: [{ gatewayRef: `refund:${charge}`, amount: 600, requestId: null }],
      });
    });
  });
});
