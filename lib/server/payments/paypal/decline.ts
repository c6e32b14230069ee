import 'server-only';
import type { DeclineReason } from '@/lib/shared/decline';

/**
 * A failed first payment as the payer reads it (docs/payments.md#paypal). The order's failure is
 * stored under what PayPal reported (subscription.ts, failFirstPayment): `PAYMENT.FAILED` (the
 * charge to the payer's funding source was refused) or the subscription's status once it stopped
 * before paying. `SUSPENDED` with nothing paid is PayPal giving up after failed charges: the same
 * refusal. PayPal says no more than that (no balance or card reason), so both read "declined".
 * `CANCELLED` and `EXPIRED` name no refusal and stay the generic error.
 */
const reasons = new Map<string, DeclineReason>([
  ['PAYMENT.FAILED', 'declined'],
  ['SUSPENDED', 'declined'],
  // A pack's capture (./one-off.ts): the payer's funding source refused it when captured, or
  // PayPal denied a capture it had held (DECLINED). Nothing was taken either way.
  ['INSTRUMENT_DECLINED', 'declined'],
  ['DECLINED', 'declined'],
]);

export function declineReason(resultCode: string): DeclineReason | null {
  return reasons.get(resultCode) ?? null;
}
