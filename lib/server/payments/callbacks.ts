import 'server-only';
import type { PaymentOutcome } from '@/lib/server/ledger/types';
import type { CallbackInput, GatewayReply, PaymentGateway } from './gateway';
import { settlePayment } from './settle';
import { log } from '@/lib/server/observability/log';
import { metrics } from '@/lib/server/observability/metrics';

/**
 * Every gateway's server-to-server callback, one way (docs/payments.md#settlement): authenticate on the bytes
 * received, settle each verified event through settlePayment (the one settlement path), and only
 * then reply — after the ledger committed. Any failure on our side gets the gateway's "retry".
 * A gateway that handles its notifications itself (HandledCallbacks) does all of that in
 * `handleCallback`; here it is only counted.
 */
export async function receiveCallback(
  gateway: PaymentGateway,
  input: CallbackInput,
  now = new Date(),
): Promise<GatewayReply> {
  const reqId = input.headers.get('x-request-id');
  const logger = log().child({ gateway: gateway.id, ...(reqId ? { reqId } : {}) });
  const count = (outcome: string) => metrics().callbacks.inc({ gateway: gateway.id, outcome });
  if (gateway.handleCallback) {
    const handled = await gateway.handleCallback(input);
    count(handled.outcome);
    return handled;
  }
  try {
    const verified = await gateway.verifyCallback(input);
    if (!verified.ok) {
      logger.warn({ reason: verified.reason }, 'callback rejected');
      count(`rejected_${verified.reason}`);
      return gateway.answer({ kind: 'rejected', reason: verified.reason });
    }
    if (verified.events.length === 0) {
      count('ignored');
      return gateway.answer({ kind: 'ignored' });
    }
    let outcome: PaymentOutcome = 'already_confirmed';
    for (const event of verified.events) {
      outcome = await settlePayment({ ...event, now });
      logger.info(
        { order: event.orderId, txn: event.transactionId, code: event.resultCode, outcome },
        'callback settled',
      );
      count(outcome);
    }
    return gateway.answer({ kind: 'settled', outcome });
  } catch (error) {
    logger.error({ err: error }, 'callback failed');
    count('error');
    return gateway.answer({ kind: 'error' });
  }
}
