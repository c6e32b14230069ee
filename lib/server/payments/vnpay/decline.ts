import 'server-only';
import type { DeclineReason } from '@/lib/shared/decline';

/**
 * VNPay's refusals as the payer reads them (docs/payments.md#vnpay), by `vnp_ResponseCode`. Not
 * here: 00 (paid), 07 (money held for review), 24 (the payer cancelled: `cancelledByPayer`) and any
 * code VNPay adds later, which stay the generic error. 99 ("other error") is named only because the
 * transaction status beside it must still say nothing left the payer's account.
 */
const reasons = new Map<string, DeclineReason>([
  ['09', 'not_enrolled'], // card or account not registered for Internet Banking
  ['10', 'authentication_failed'], // card or account details wrong more than three times
  ['11', 'timed_out'], // the payment window expired
  ['12', 'account_locked'],
  ['13', 'authentication_failed'], // wrong OTP
  ['51', 'insufficient_funds'],
  ['65', 'limit_exceeded'], // the daily limit
  ['75', 'bank_unavailable'], // the bank is under maintenance
  ['79', 'authentication_failed'], // wrong payment password too many times
  ['99', 'gateway_error'], // VNPay's "other error"
]);

/**
 * Transaction statuses under which nothing left the payer's account: 01 (not completed), 02 (error),
 * or none sent. 04 (debited at the bank, not completed at VNPay) and the refund states say money
 * moved, so no "nothing was charged" reason is given for them.
 */
const nothingMoved = new Set(['01', '02', '']);

/** The reason in a stored result code `<ResponseCode>/<TransactionStatus>` (callback.ts); null for none. */
export function declineReason(resultCode: string): DeclineReason | null {
  const [response = '', status] = resultCode.split('/');
  if (status === undefined || !nothingMoved.has(status)) return null;
  return reasons.get(response) ?? null;
}
