import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { planOwner, renewingSubscriptionsOf } from '@/lib/server/ledger/standing';
import { isPlanOrder, type Order, type PaymentEvent, type PaymentOutcome } from '@/lib/server/ledger/types';
import { renewalInTheWay } from '@/lib/shared/pending-payment';
import { holdPaymentForReview, settlePayment } from './settle';

/** The result code a payment of a second live renewal is held with. */
export const DUPLICATE_RENEWAL = 'DUPLICATE_RENEWAL';

/**
 * Settles one payment of a subscription (`first` is the checkout order that started it), for any
 * gateway that renews by itself. One live renewal per plan and owner (renewalInTheWay, the rule the
 * form and checkout apply too): while an older subscription still renews the same plan for the same
 * owner — two browsers raced, or one was made at the gateway itself — this one's payments are money
 * taken for time already being paid, so each waits for a person (refund, or keep) instead of
 * extending the plan (docs/payments.md#one-need-one-payment).
 */
export async function settleRenewalCycle(
  first: Order,
  subscriptionId: string,
  event: PaymentEvent,
): Promise<PaymentOutcome> {
  // Only plans renew; a payment of anything else is settled as itself.
  if (!isPlanOrder(first)) return settlePayment(event);
  const owner = planOwner(first, first.plan);
  const live = owner ? await renewingSubscriptionsOf(await ledgerSql(), owner) : [];
  const older = renewalInTheWay(live, first.plan, { id: subscriptionId });
  if (!older) return settlePayment(event);
  return holdPaymentForReview({
    ...event,
    result: 'held',
    resultCode: DUPLICATE_RENEWAL,
    payload: { ...event.payload, renewsAlready: older.id },
  });
}
