import 'server-only';
import { packQueries } from '@/lib/pricing/pack-quote';
import { addMonths } from '@/lib/pricing/plan-state';
import { ledgerSql, type Sql } from '@/lib/server/db';
import { holdRefundReport, isOrderId, lockOrder, moveOrder } from '@/lib/server/ledger/orders';
import { recordEvent, setEventOutcome } from '@/lib/server/ledger/payment-events';
import { enqueueGrant } from '@/lib/server/ledger/outbox';
import type { Order, PaymentEvent, PaymentOutcome } from '@/lib/server/ledger/types';
import type { Grant } from '@/lib/server/directory/types';
import { deliverGrantInBackground, runInBackground } from './outbox-delivery';
import { logReviewQueueSize } from './review/review-queue';
import { log } from '@/lib/server/observability/log';
import { wholeBlockSeats } from '@/lib/pricing/catalogue';

/**
 * Settles one verified gateway callback: records it and moves its order in one ledger
 * transaction, writing the grant into the outbox when the order becomes paid. Resolves after the
 * commit — the moment a gateway may be told "received" — without waiting for the chat backend:
 * the grant's delivery starts in the background, and if it fails the outbox keeps it for the
 * deliverer's next round.
 */
export async function settlePayment(event: PaymentEvent): Promise<PaymentOutcome> {
  const sql = await ledgerSql();
  const outcome = await sql.transaction((tx) => settle(tx, event));
  if (outcome === 'paid') {
    deliverGrantInBackground(event.orderId, event.now);
    // Loaded when needed: paid-twice refunds through the gateways, whose modules import this one.
    void runInBackground(`paid-twice:${event.orderId}`, async () =>
      (await import('./refunds/paid-twice')).checkPaidTwice(event.orderId),
    );
  }
  if (outcome === 'amount_mismatch' || outcome === 'held_for_review')
    await logReviewQueueSize(`${event.gateway}:${outcome}`);
  if (outcome === 'foreign_order')
    log().warn({ gateway: event.gateway, order: event.orderId }, 'callback names an order of another gateway');
  return outcome;
}

/**
 * The order row is locked first, so concurrent callbacks for one order queue up here; the
 * conditional UPDATE then lets exactly one of them move it to paid, and only that one writes the
 * grant — whatever the order or number of callbacks.
 */
async function settle(tx: Sql, event: PaymentEvent): Promise<PaymentOutcome> {
  // A reference that cannot be an order id is final "not found", whatever bytes it holds.
  if (!isOrderId(event.orderId)) return 'order_not_found';
  const order = await lockOrder(tx, event.orderId);
  if (!order) return 'order_not_found';
  // Only the order's own gateway took (or refused) its money: another's word about it is not ours
  // to record, whatever it says — nothing is stored, nothing moves.
  if (event.gateway !== order.gateway) return 'foreign_order';

  if (event.amount !== order.amount || event.currency !== order.currency) {
    // Money may have been taken for the wrong amount or in another currency: a person looks at it,
    // nobody gets a plan.
    await moveOrder(tx, order.id, ['pending'], 'needs_review', event.now);
    await recordEvent(tx, event, 'amount_mismatch');
    return 'amount_mismatch';
  }

  const fresh = await recordEvent(tx, event, 'received');
  if (!fresh) return 'already_confirmed';

  const outcome = await decide(tx, order, event);
  await setEventOutcome(tx, event, outcome);
  return outcome;
}

/**
 * The grant a paid order earns (settlement, and an operator's grant from the review queue). Team
 * Pro gives every seat of the blocks paid for, even for an order stored with a partial block, so
 * a directory that does not apply `planAfterGrant` itself (the assistant's backend) is told the
 * seats the team paid for.
 */
export const grantFor = (order: Order, paidAt: Date): Grant =>
  order.plan === 'query_pack'
    ? {
        orderId: order.id,
        platform: order.platform,
        userId: order.userId,
        teamId: null,
        plan: order.plan,
        // Packs are usable for their months from the payment (lib/pricing/pack-quote.ts).
        queries: packQueries(order.quantity ?? 0),
        expiresAt: addMonths(paidAt, order.months),
        paidAt,
      }
    : {
        orderId: order.id,
        platform: order.platform,
        userId: order.userId,
        teamId: order.teamId,
        plan: order.plan,
        months: order.months,
        seats: order.plan === 'team_pro' && order.seats !== null ? wholeBlockSeats(order.seats) : order.seats,
        paidAt,
      };

async function decide(tx: Sql, order: Order, event: PaymentEvent): Promise<PaymentOutcome> {
  if (event.result === 'held') {
    // Money taken but frozen by the gateway: no plan yet, and the payer is told to contact support.
    const held = await moveOrder(tx, order.id, ['pending', 'failed'], 'needs_review', event.now);
    return held ? 'held_for_review' : 'already_confirmed';
  }
  if (event.result === 'succeeded') {
    // A verified late success after a recorded failure still means money was taken: it pays.
    if (!(await moveOrder(tx, order.id, ['pending', 'failed'], 'paid', event.now))) return 'already_confirmed';
    await enqueueGrant(tx, grantFor(order, event.now));
    return 'paid';
  }
  const failed = await moveOrder(tx, order.id, ['pending'], 'failed', event.now);
  return failed ? 'failed' : 'already_confirmed';
}

/**
 * What a person must decide, and how the order waits meanwhile:
 * - `payment`: money taken that the rules cannot grant (a second live renewal of one plan): the
 *   order moves to `needs_review`, whatever its status, and grants nothing until a person decides;
 * - `refund_report`: money the gateway reports back that the rules cannot place: the order stays
 *   as it is — the payment was made, its payer still sees it — and is flagged for the queue
 *   (docs/payments.md#refunds-made-elsewhere).
 */
export type Hold = 'payment' | 'refund_report';

/**
 * The one door into the review queue, inside a transaction holding the order's lock: the event is
 * recorded once (as `held_for_review`), and the order waits for a person as `hold` says. True when
 * the event is new. The grant already applied is not undone here — that is the person's decision.
 */
export async function holdForReview(tx: Sql, order: Order, event: PaymentEvent, hold: Hold): Promise<boolean> {
  const fresh = await recordEvent(tx, event, 'held_for_review');
  if (hold === 'refund_report') {
    // A report seen again after a person dismissed it waits again: the rules still cannot place it.
    await holdRefundReport(tx, order.id, event.now);
  } else if (fresh) {
    await moveOrder(tx, order.id, ['pending', 'paid', 'failed'], 'needs_review', event.now);
  }
  return fresh;
}

/** A payment held for a person (`holdForReview`) in a transaction of its own; the queue's size is logged. */
export async function holdPaymentForReview(event: PaymentEvent): Promise<PaymentOutcome> {
  const sql = await ledgerSql();
  const outcome = await sql.transaction(async (tx): Promise<PaymentOutcome> => {
    const order = await lockOrder(tx, event.orderId);
    if (!order) return 'order_not_found';
    return (await holdForReview(tx, order, event, 'payment')) ? 'held_for_review' : 'already_confirmed';
  });
  if (outcome === 'held_for_review') await logReviewQueueSize(`${event.gateway}:${outcome}`);
  return outcome;
}
