import 'server-only';
import type { Sql } from '@/lib/server/db';
import { hasGrant, enqueueRevocation } from '@/lib/server/ledger/outbox';
import { seatsStillPaidByOthers, type Refund } from '@/lib/server/ledger/refunds';
import type { Order } from '@/lib/server/ledger/types';
import type { Revocation } from '@/lib/server/directory/types';
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
  log().info(
    { refund: refund.id, order: order.id, days: revocation.days, seats: revocation.seats },
    'refund: revocation queued',
  );
  return true;
}

/**
 * The rule (docs/payments.md#what-a-refund-takes-back): a refund takes back the share of the days
 * the order bought that its amount is of the payment, rounded down in the payer's favour — and a
 * refund that brings the total back to the whole payment takes back all of them. A team keeps, at
 * most, the seats its other payments cover once the whole payment went back.
 */
export function revocationFor(
  paid: Pick<Paid, 'order' | 'payment' | 'refunded'>,
  amount: number,
  now: Date,
  otherSeats: number,
): Omit<Revocation, 'refundId'> {
  const { order, payment, refunded } = paid;
  const total = daysBought(payment.receivedAt, order.months);
  const after = refunded + amount;
  const whole = after >= payment.amount;
  const share = (part: number) => Math.floor((total * part) / payment.amount);
  const days = (whole ? total : share(after)) - share(refunded);
  return {
    orderId: order.id,
    platform: order.platform,
    userId: order.userId,
    teamId: order.teamId,
    plan: order.plan,
    days: Math.max(0, days),
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
