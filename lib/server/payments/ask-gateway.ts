import 'server-only';
import type { Order, PaymentOutcome } from '@/lib/server/ledger/types';
import type { PaymentGateway, QueryResult } from './gateway';
import { settlePayment } from './settle';

/**
 * What asking a gateway about one pending order did: settled what the gateway said (`settled`, with
 * settlePayment's outcome), closed an attempt that took no money (`closed`), or changed nothing
 * because money may still be on its way (`pending`) or the gateway could not be asked (`unavailable`).
 */
export type AskResult =
  | { kind: 'settled'; outcome: PaymentOutcome; code: string }
  | { kind: 'closed'; outcome: PaymentOutcome }
  | { kind: 'pending' }
  | { kind: 'unavailable'; reason: string };

/** The result code an attempt closed without a payment is recorded with: words, not a gateway's code. */
export const ABANDONED = 'abandoned';

/** An order closed because its gateway took nothing (`not_found`: how reconciliation recorded it before). */
export const closedUnpaid = (code: string) => code === ABANDONED || code === 'not_found';

/**
 * Asks the order's gateway about it now and settles the answer through settlePayment, the callbacks'
 * own path: a callback arriving later, or a second asker, is a duplicate, and a verified late payment
 * still moves a closed order to paid. An attempt the gateway never saw is closed. `payerIsBack`: the
 * payer is on the pay page again, so an attempt the gateway only waits on them for was left unpaid, and
 * is closed too (reconciliation, which cannot know where the payer is, leaves it to the gateway's
 * own expiry).
 */
export async function askGateway(
  gateway: PaymentGateway,
  order: Order,
  now: Date,
  { payerIsBack }: { payerIsBack: boolean },
): Promise<AskResult> {
  const answer = await queryGateway(gateway, order, now);
  switch (answer.state) {
    case 'final':
      return {
        kind: 'settled',
        outcome: await settlePayment({ ...answer.event, now }),
        code: answer.event.resultCode,
      };
    case 'not_found':
      return { kind: 'closed', outcome: await close(gateway, order, now, 'the gateway has no payment for this order') };
    case 'pending':
      if (!(payerIsBack && answer.awaitingPayer)) return { kind: 'pending' };
      return { kind: 'closed', outcome: await close(gateway, order, now, 'the payer came back without paying') };
    case 'unavailable':
      return { kind: 'unavailable', reason: answer.reason };
  }
}

/** The gateway's answer about an order; a query that throws is one that could not be asked. */
export async function queryGateway(gateway: PaymentGateway, order: Order, now: Date): Promise<QueryResult> {
  try {
    return await gateway.query(order, now);
  } catch (error) {
    return { state: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
  }
}

/** The event's id is per order, so however many askers close it, it is recorded once. */
function close(gateway: PaymentGateway, order: Order, now: Date, reason: string): Promise<PaymentOutcome> {
  return settlePayment({
    gateway: gateway.id,
    transactionId: `${order.id}:closed-unpaid`,
    orderId: order.id,
    amount: order.amount,
    currency: order.currency,
    result: 'failed',
    resultCode: ABANDONED,
    payload: { source: 'query', reason },
    now,
  });
}
