import 'server-only';
import type { DeclineReason } from '@/lib/shared/decline';

/**
 * MoMo's final refusals as the payer reads them (docs/payments.md#momo), by `resultCode`. Every
 * one is a payment MoMo did not take. Not here: 1006 (the payer cancelled: `cancelledByPayer`),
 * and the final codes that name no reason the payer can act on — 1003 (cancelled after
 * authorisation), 1017 (cancelled by us), 1026 (a promotion rule), 1080/1081 (refunds), 2019 (our
 * request) — which stay the generic error.
 */
const reasons = new Map<string, DeclineReason>([
  ['1001', 'insufficient_funds'],
  ['1002', 'declined'], // refused by the issuer of the card or account
  ['1004', 'limit_exceeded'], // the payer's daily or monthly limit
  ['1005', 'timed_out'], // the payment link or QR code expired
  ['1007', 'account_locked'], // the MoMo account is inactive or does not exist
  ['4001', 'account_locked'], // the account is restricted (identity not verified)
  ['4100', 'authentication_failed'], // the payer could not sign in to MoMo
]);

/** The reason in a stored result code (MoMo's resultCode as a decimal, result.ts); null for none. */
export function declineReason(resultCode: string): DeclineReason | null {
  return reasons.get(resultCode) ?? null;
}
