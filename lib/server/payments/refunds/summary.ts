import 'server-only';
import { createHash } from 'node:crypto';
import { ledgerSql } from '@/lib/server/db';
import { lockOrder, rememberedRefundReport, rememberRefundReport } from '@/lib/server/ledger/orders';
import { lockRefund, refundTotals, requestedRefundOf } from '@/lib/server/ledger/refunds';
import type { Order } from '@/lib/server/ledger/types';
import { metrics } from '@/lib/server/observability/metrics';
import { completeRefund, paidState } from './refunds';
import { afterPlaced, holdRefundReportFor, placeReported, type Placed, type ReportedOutcome } from './reported';

const sameAnswer = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? '') === (b[key] ?? ''));
};

/**
 * For a whole-or-part summary (VNPay's querydr, which reports no amount): records what the rule
 * can place, and holds the rest for a person (docs/payments.md#refunds-made-elsewhere).
 *
 * - Whole: whatever is not recorded yet went back — ours in flight for that amount, else a refund
 *   made at the gateway, under the gateway's number for it when its answer names one.
 * - Part: a refund of ours in flight explains it only when it leaves money paid (a part); refunds
 *   recorded explain it only when the gateway says what it said when last matched, or a refund was
 *   recorded since. Anything else — nothing recorded, a first report with no earlier one to compare
 *   with, a new answer with nothing recorded since — is held for a person.
 *
 * `baseline`: called right after a refund of ours succeeded, so the refunds recorded are all the
 * gateway knows of; what it says now is what later answers are compared with.
 */
export async function recordRefundSummary(input: {
  order: Order;
  refunded: 'whole' | 'part';
  seen?: Record<string, string>;
  refundRef?: string | null;
  baseline?: boolean;
  now: Date;
}): Promise<ReportedOutcome> {
  const { now } = input;
  const seen = input.seen ?? {};
  const sql = await ledgerSql();
  const placed = await sql.transaction(async (tx): Promise<Placed> => {
    const order = await lockOrder(tx, input.order.id);
    if (!order) return { outcome: 'order_not_found' };
    const paid = await paidState(tx, order);
    if (!paid) return { outcome: 'order_not_found' };
    const last = await rememberedRefundReport(tx, order.id);
    const total = paid.payment.amount;
    const settled = async (result: Placed): Promise<Placed> => {
      const after = (await refundTotals(tx, [order.id])).get(order.id);
      await rememberRefundReport(tx, order.id, { seen, refunded: after?.refunded ?? 0 });
      return result;
    };
    const hold = async (): Promise<Placed> => {
      const id = createHash('sha256').update(JSON.stringify(seen)).digest('hex').slice(0, 16);
      await holdRefundReportFor(tx, order, `refund:${order.id}:${input.refunded}:${id}`, { amount: 0, now, seen });
      return settled({ outcome: 'review' });
    };

    if (input.refunded === 'whole') {
      const rest = total - paid.refunded;
      if (rest <= 0) return settled({ outcome: 'known' });
      return settled(
        await placeReported(
          tx,
          order,
          { gatewayRef: input.refundRef ?? null, amount: rest, requestId: null },
          'refunded in full at the gateway',
          now,
        ),
      );
    }

    if (paid.inFlight > 0) {
      // Ours explains a part only if money is still paid after it; a whole refund of ours is not a part.
      if (paid.refunded + paid.inFlight >= total) return hold();
      const waiting = await requestedRefundOf(tx, order.id);
      const refund = waiting && (await lockRefund(tx, waiting));
      if (!refund) return hold();
      const revoked = await completeRefund(tx, order, refund, input.refundRef ?? null, 'reported', now);
      metrics().refunds.inc({ gateway: order.gateway, outcome: 'succeeded' });
      return settled({ outcome: 'finished_ours', revoke: revoked ? refund.id : undefined });
    }
    if (paid.refunded <= 0) return hold();
    if (input.baseline) return settled({ outcome: 'known' });
    if (last && sameAnswer(last.seen, seen) && paid.refunded >= last.refunded) return settled({ outcome: 'known' });
    if (last && paid.refunded > last.refunded) return settled({ outcome: 'known' });
    return hold();
  });
  return afterPlaced(input.order.gateway, placed, now);
}
