import fc from 'fast-check';
import { ledgerSql } from '@/lib/server/db';
import { resetRateLimits } from '@/lib/server/testing';
import { startCheckout } from '@/lib/server/checkout/start-checkout';
import { planOwner, renewingSubscriptionsOf } from '@/lib/server/ledger/standing';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import type { PaypalCheckoutParams } from '@/lib/shared/paypal-browser';
import { alice, ipnRequest, vnpayCallback, vnpayRoutes } from '../support/money';
import { createSubscription, play, webhook } from '../support/paypal';
import { resetTestStore, storeKinds, useTestStore } from '../support/stores';

/*
 * The account as one truth, over random sequences of what payers, gateways and PayPal's webhooks
 * do — checkouts (paying again or not), VNPay callbacks with the right or a tampered amount,
 * PayPal approvals (two browsers may each have an order), renewals, cancellations, redeliveries —
 * in any order: the account never holds two live renewals of one plan that both extend it, no
 * order is paid for an amount or by a gateway other than what its gateway reported, and the team
 * holds whole blocks of seats.
 */
type Step =
  | {
      op: 'checkout';
      plan: 'individual_pro' | 'team_pro';
      gateway: 'vnpay' | 'paypal';
      payAgain: boolean;
      seats: number | null;
    }
  | { op: 'vnpay'; pick: number; tampered: boolean }
  | { op: 'approve' | 'renew' | 'cancel' | 'resend'; pick: number };

// Weighted towards what makes two renewals of one plan possible: several PayPal checkouts, approvals.
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('checkout' as const),
      plan: fc.constantFrom('individual_pro' as const, 'team_pro' as const),
      gateway: fc.constantFrom('vnpay' as const, 'paypal' as const, 'paypal' as const),
      payAgain: fc.boolean(),
      // Team Pro: a team size to grow to, often not a whole number of blocks.
      seats: fc.option(fc.integer({ min: 11, max: 45 })),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('vnpay' as const), pick: fc.nat(5), tampered: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('approve' as const), pick: fc.nat(5) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constantFrom('renew' as const, 'cancel' as const, 'resend' as const),
      pick: fc.nat(5),
    }),
  },
);

describe.each(storeKinds)('the account as one truth, on %s', (kind) => {
  const store = useTestStore(kind);

  it('over any sequence of checkouts, callbacks, renewals and webhooks: one live renewal per plan, nothing paid but what the gateway reported, whole blocks of seats', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 10 }), async (steps) => {
        await backgroundDeliveriesFinished();
        await resetTestStore(store().sql);
        resetRateLimits();
        const vnpayOrders: Array<{ id: string; amount: number }> = [];
        const paypalOrders: PaypalCheckoutParams[] = [];
        const subscriptions: string[] = [];
        const cancelled = new Set<string>();
        const deliver = async (bodies: string[]) => {
          for (const body of bodies) await webhook(body);
        };
        for (const s of steps) {
          if (s.op === 'checkout') {
            const result = await startCheckout({
              subject: alice,
              selection: {
                plan: s.plan,
                period: 'period0',
                gateway: s.gateway,
                method: s.gateway === 'vnpay' ? 'qr' : 'paypal',
                ...(s.plan === 'team_pro' && s.seats !== null ? { seats: s.seats } : {}),
                ...(s.payAgain ? { payAgain: true as const } : {}),
              },
              idempotencyKey: crypto.randomUUID(),
              locale: 'en',
              clientIp: '127.0.0.1',
              now: new Date(),
            });
            if (!result.ok) continue;
            if (result.start.kind === 'redirect') {
              const url = new URL(result.start.redirectUrl);
              vnpayOrders.push({
                id: url.searchParams.get('vnp_TxnRef')!,
                amount: Number(url.searchParams.get('vnp_Amount')) / 100,
              });
            } else paypalOrders.push(result.start.params as PaypalCheckoutParams);
          } else if (s.op === 'vnpay') {
            const order = vnpayOrders[s.pick % Math.max(1, vnpayOrders.length)];
            if (!order) continue;
            const reported = { id: order.id, amount: order.amount + (s.tampered ? 1 : 0) };
            await vnpayRoutes.ipn(ipnRequest(vnpayCallback(reported, { vnp_TransactionNo: String(s.pick + 1) })));
          } else if (s.op === 'approve') {
            const params = paypalOrders[s.pick % Math.max(1, paypalOrders.length)];
            if (!params) continue;
            const id = await createSubscription(params);
            subscriptions.push(id);
            await deliver(await play(id, 'approve'));
          } else {
            const id = subscriptions[s.pick % Math.max(1, subscriptions.length)];
            // PayPal renews (or cancels) nothing once a subscription is cancelled.
            if (!id || ((s.op === 'renew' || s.op === 'cancel') && cancelled.has(id))) continue;
            if (s.op === 'cancel') cancelled.add(id);
            await deliver(await play(id, s.op));
          }
        }
        await backgroundDeliveriesFinished();

        const sql = await ledgerSql();
        for (const plan of ['individual_pro', 'team_pro'] as const) {
          const renewing = await renewingSubscriptionsOf(sql, planOwner(alice, plan)!);
          const extending = [];
          for (const subscription of renewing) {
            const paid = await sql.query('SELECT 1 FROM orders WHERE subscription_id = $1 AND status = $2', [
              subscription.id,
              'paid',
            ]);
            if (paid.rows.length > 0) extending.push(subscription.id);
          }
          if (extending.length > 1) return false;
        }
        const unreported = await sql.query(
          `SELECT o.id FROM orders o
            WHERE o.status = 'paid'
              AND NOT EXISTS (SELECT 1 FROM payment_events e
                               WHERE e.order_id = o.id AND e.succeeded AND e.amount = o.amount AND e.gateway = o.gateway)`,
        );
        if (unreported.rows.length > 0) return false;
        // What was paid is usable: the team holds whole blocks of seats.
        const team = await sql.query<{ seats: number }>("SELECT seats FROM teams WHERE team_id = '-1002001'");
        return Number(team.rows[0]!.seats) % 10 === 0;
      }),
      { numRuns: 40 },
    );
  });

  it('two browsers’ PayPal renewals of one plan, approved, renewed, stopped and redelivered in any order, never both extend it', async () => {
    const action = fc.record({
      browser: fc.constantFrom(0, 1),
      op: fc.constantFrom('approve' as const, 'renew' as const, 'cancel' as const, 'resend' as const),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 2, maxLength: 8 }), async (actions) => {
        await backgroundDeliveriesFinished();
        await resetTestStore(store().sql);
        // Both browsers got an order before either subscription existed (a PayPal window took nothing yet).
        const params: PaypalCheckoutParams[] = [];
        for (let i = 0; i < 2; i += 1) {
          const result = await startCheckout({
            subject: alice,
            selection: { plan: 'team_pro', period: 'period0', gateway: 'paypal', method: 'paypal' },
            idempotencyKey: crypto.randomUUID(),
            locale: 'en',
            clientIp: '127.0.0.1',
            now: new Date(),
          });
          if (!result.ok || result.start.kind === 'redirect') throw new Error('both browsers should get an order');
          params.push(result.start.params as PaypalCheckoutParams);
        }
        const ids: Array<string | null> = [null, null];
        const cancelled = new Set<number>();
        for (const { browser, op } of actions) {
          if (op === 'approve') {
            if (ids[browser]) continue;
            ids[browser] = await createSubscription(params[browser]!);
            for (const body of await play(ids[browser]!, 'approve')) await webhook(body);
          } else if (ids[browser] && !((op === 'renew' || op === 'cancel') && cancelled.has(browser))) {
            if (op === 'cancel') cancelled.add(browser);
            for (const body of await play(ids[browser]!, op)) await webhook(body);
          }
        }
        await backgroundDeliveriesFinished();
        const sql = await ledgerSql();
        const paidBy = await sql.query<{ subscription_id: string }>(
          "SELECT DISTINCT subscription_id FROM orders WHERE status = 'paid' AND subscription_id IS NOT NULL",
        );
        const stoppedFirst = await sql.query("SELECT 1 FROM subscriptions WHERE status = 'CANCELLED'");
        // Both may have extended the plan only if one was stopped before the other's payments came.
        return paidBy.rows.length <= 1 || stoppedFirst.rows.length > 0;
      }),
      { numRuns: 30 },
    );
  });
});
