import fc from 'fast-check';
import { addMonths } from '@/lib/pricing/quote';
import { findOrder } from '@/lib/server/ledger/orders';
import type { Order } from '@/lib/server/ledger/types';
import { storeKinds, useTestStore } from '../support/stores';
import { gatewayRoutes, ipnRequest, pendingTeamOrder, vnpayCallback } from '../support/money';
import { momoIpnRequest, momoResultFields } from '../support/momo';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';

/**
 * Settlement is exactly once for every gateway with callbacks: whatever the number, order and concurrency of
 * verified callbacks, a paid order is granted exactly once and never unpaid. Each gateway supplies
 * how its success and failure callbacks look and how it acknowledges them. PayPal has no
 * one-callback-one-event IPN: its 30 identical concurrent sale webhooks, the shuffled property over
 * confirm / activation / sales / renewals / duplicates / cancellation, the confirm-vs-webhook race
 * and duplicate renewals are in tests/server/paypal.test.ts (not repeated here).
 */
interface CallbackKit {
  method: string;
  success: (order: Order) => () => Promise<Response>;
  failure: (order: Order) => () => Promise<Response>;
  /** The acknowledgement of the one callback that paid, and of every duplicate. */
  firstAck: (response: Response) => Promise<unknown>;
  duplicateAck: (response: Response) => Promise<unknown>;
}

const vnpayIpn = (params: URLSearchParams) => () => gatewayRoutes('vnpay').ipn(ipnRequest(new URLSearchParams(params)));
const momoIpn = (fields: Record<string, string | number>) => () =>
  gatewayRoutes('momo').ipn(momoIpnRequest(JSON.stringify(fields)));

const kits: Record<string, CallbackKit> = {
  vnpay: {
    method: 'qr',
    success: (order) => vnpayIpn(vnpayCallback(order, { vnp_TransactionNo: '111' })),
    failure: (order) =>
      vnpayIpn(vnpayCallback(order, { vnp_ResponseCode: '51', vnp_TransactionStatus: '02', vnp_TransactionNo: '222' })),
    firstAck: async (response) => ((await response.json()) as { RspCode: string }).RspCode === '00',
    duplicateAck: async (response) => ((await response.json()) as { RspCode: string }).RspCode === '02',
  },
  momo: {
    method: 'wallet',
    success: (order) => momoIpn(momoResultFields(order, { transId: 111 })),
    failure: (order) => momoIpn(momoResultFields(order, { transId: 222, resultCode: 1001, message: 'Insufficient' })),
    // MoMo is answered 204 for the first delivery and every repeat alike.
    firstAck: (response) => Promise.resolve(response.status === 204),
    duplicateAck: (response) => Promise.resolve(response.status === 204),
  },
};

describe.each(storeKinds)('exactly once across gateways on %s', (kind) => {
  const store = useTestStore(kind);
  const team = async () =>
    (
      await store().sql.query<{ seats: number; plan_expires_at: Date }>(
        "SELECT seats, plan_expires_at FROM teams WHERE team_id = '-1002001'",
      )
    ).rows[0]!;
  const count = async (table: string) =>
    Number((await store().sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);

  describe.each(Object.keys(kits))('%s', (gateway) => {
    const kit = kits[gateway]!;
    const order = () => pendingTeamOrder({ gateway, method: kit.method });

    it('grants exactly once when 30 identical callbacks arrive at the same time', async () => {
      await backgroundDeliveriesFinished();
      const before = await team();
      const paying = await order();
      const send = kit.success(paying);
      const responses = await Promise.all(Array.from({ length: 30 }, send));
      const firsts = await Promise.all(responses.map((r) => kit.firstAck(r.clone())));
      const duplicates = await Promise.all(responses.map((r) => kit.duplicateAck(r)));
      expect(firsts.filter(Boolean).length).toBeGreaterThanOrEqual(1);
      expect(responses.every((_, i) => firsts[i] || duplicates[i])).toBe(true);
      if (gateway === 'vnpay') expect(firsts.filter(Boolean)).toHaveLength(1);
      // The grant is delivered after the acknowledgement, in the background: wait for it, not for luck.
      await backgroundDeliveriesFinished();
      expect(new Date((await team()).plan_expires_at).toISOString()).toBe(
        addMonths(new Date(before.plan_expires_at), 7).toISOString(),
      );
      expect(await count('payment_events')).toBe(1);
      expect(await count('outbox')).toBe(1);
      expect(await count('directory_grants')).toBe(1);
    });

    it('whatever the order of success, failure and duplicate callbacks, a paid order is granted once and never unpaid', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom('success', 'failure', 'duplicate-success', 'duplicate-failure'), {
            minLength: 1,
            maxLength: 6,
          }),
          async (sequence) => {
            await store().sql.query("UPDATE teams SET plan_expires_at = now() + interval '15 days', seats = 10");
            await backgroundDeliveriesFinished();
            const before = await team();
            const paying = await order();
            const success = kit.success(paying);
            const failure = kit.failure(paying);
            for (const step of sequence) await (step.endsWith('success') ? success : failure)();
            await backgroundDeliveriesFinished();
            const status = (await findOrder(store().sql, paying.id))?.status;
            const expiry = new Date((await team()).plan_expires_at).toISOString();
            if (sequence.some((step) => step.endsWith('success'))) {
              return status === 'paid' && expiry === addMonths(new Date(before.plan_expires_at), 7).toISOString();
            }
            return status === 'failed' && expiry === new Date(before.plan_expires_at).toISOString();
          },
        ),
        { numRuns: 25 },
      );
    });
  });
});
