import 'server-only';
import type { Sql } from '@/lib/server/db';
import { hasGrant, enqueueRevocation } from '@/lib/server/ledger/outbox';
import { seatsStillPaidByOthers, type Refund } from '@/lib/server/ledger/refunds';
import type { Order } from '@/lib/server/ledger/types';
import type { PlanRevocation, QueryRevocation } from '@/lib/server/directory/types';
import { packQueries } from '@/lib/pricing/pack-quote';
import { daysBought } from '@/lib/pricing/grant';
import { wholeBlockSeats } from '@/lib/pricing/catalogue';
import { log } from '@/lib/server/observability/log';
import type { Paid } from './refunds';

/*
 * What a refund takes back from the account (docs/payments.md#what-a-refund-takes-back): written
 * into the outbox with the refund, in the same transaction, and delivered like a grant.
 */

/** Writes the revocation of what `refund` paid for into the outbox; false when nothing was granted. */
export async function revokeShare(tx: Sql, before: Paid, refund: Refund, now: Date): Promise<boolean> {
  const { order } = before;
  if (!(await hasGrant(tx, order.id))) return false;
  const revocation = revocationFor(before, refund.amount, now, await seatsKept(tx, order));
  await enqueueRevocation(tx, { ...revocation, refundId: refund.id });
  log().info({ refund: refund.id, order: order.id, ...takenBack(revocation) }, 'refund: revocation queued');
  return true;
}

/** A revocation before its refund id is known. */
type RevocationOf = Omit<PlanRevocation, 'refundId'> | Omit<QueryRevocation, 'refundId'>;

const takenBack = (revocation: RevocationOf) =>
  revocation.plan === 'query_pack'
    ? { queries: revocation.queries }
    : { days: revocation.days, seats: revocation.seats };

/**
 * The share of `total` (days, or queries) a refund of `amount` takes back, after `refunded` went
 * back already: the share its amount is of the payment, rounded down in the payer's favour — and a
 * refund that brings the total back to the whole payment takes back all of it.
 */
function refundedShare(total: number, paidAmount: number, refunded: number, amount: number): number {
  const after = refunded + amount;
  const share = (part: number) => Math.floor((total * part) / paidAmount);
  return Math.max(0, (after >= paidAmount ? total : share(after)) - share(refunded));
}

/**
 * The rule (docs/payments.md#what-a-refund-takes-back): a refund of a plan takes back its share of
 * the days the order bought (refundedShare); a team keeps, at most, the seats its other payments
 * cover once the whole payment went back. A refund of query packs takes back its share of their
 * queries — of those still unused, which only the directory knows.
 */
export function revocationFor(
  paid: Pick<Paid, 'order' | 'payment' | 'refunded'>,
  amount: number,
  now: Date,
  otherSeats: number,
): RevocationOf {
  const { order, payment, refunded } = paid;
  if (order.plan === 'query_pack') {
    return {
      orderId: order.id,
      platform: order.platform,
      userId: order.userId,
      teamId: null,
      plan: order.plan,
      queries: refundedShare(packQueries(order.quantity ?? 0), payment.amount, refunded, amount),
      refundedAt: now,
    };
  }
  const whole = refunded + amount >= payment.amount;
  const days = refundedShare(daysBought(payment.receivedAt, order.months), payment.amount, refunded, amount);
  return {
    orderId: order.id,
    platform: order.platform,
    userId: order.userId,
    teamId: order.teamId,
    plan: order.plan,
    days,
    seats: order.plan === 'team_pro' && whole ? otherSeats : null,
    refundedAt: now,
  };
}

/** The most seats a team's other payments still cover (paid, not wholly refunded), in whole blocks. */
async function seatsKept(tx: Sql, order: Order): Promise<number> {
  if (order.plan !== 'team_pro' || order.teamId === null) return 0;
  const seats = await seatsStillPaidByOthers(tx, { id: order.id, platform: order.platform, teamId: order.teamId });
  return seats > 0 ? wholeBlockSeats(seats) : 0;
}
