import 'server-only';
import type { PaymentOutcome } from '@/lib/server/ledger/types';
import type { CallbackInput, GatewayReply, PaymentGateway } from './gateway';
import { settlePayment } from './settle';

/**
 * Every gateway's server-to-server callback, one way (payments.md §5): authenticate on the bytes
 * received, settle each verified event through settlePayment (the one settlement path), and only
 * then reply — after the ledger committed. Any failure on our side gets the gateway's "retry".
 */
export async function receiveCallback(
  gateway: PaymentGateway,
  input: CallbackInput,
  now = new Date(),
): Promise<GatewayReply> {
  try {
    const verified = await gateway.verifyCallback(input);
    if (!verified.ok) {
      console.warn(`[${gateway.id}] callback rejected: ${verified.reason}`);
      return gateway.answer({ kind: 'rejected', reason: verified.reason });
    }
    if (verified.events.length === 0) return gateway.answer({ kind: 'ignored' });
    let outcome: PaymentOutcome = 'already_confirmed';
    for (const event of verified.events) {
      outcome = await settlePayment({ ...event, now });
      console.info(
        `[${gateway.id}] callback order=${event.orderId} txn=${event.transactionId} code=${event.resultCode} outcome=${outcome}`,
      );
    }
    return gateway.answer({ kind: 'settled', outcome });
  } catch (error) {
    console.error(`[${gateway.id}] callback failed`, error);
    return gateway.answer({ kind: 'error' });
  }
}
