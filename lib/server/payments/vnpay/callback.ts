import 'server-only';
import type { PaymentEvent, PaymentOutcome } from '@/lib/server/ledger/types';
import { settlePayment } from '@/lib/server/payments/settle';
import { verify, vnpFields } from './signature';
import type { VnpayConfig } from './config';

export interface IpnReply {
  RspCode: '00' | '01' | '02' | '04' | '97' | '99';
  Message: string;
}

const replies: Record<PaymentOutcome, IpnReply> = {
  order_not_found: { RspCode: '01', Message: 'Order not found' },
  amount_mismatch: { RspCode: '04', Message: 'Invalid amount' },
  already_confirmed: { RspCode: '02', Message: 'Order already confirmed' },
  paid: { RspCode: '00', Message: 'Confirm Success' },
  // A recorded failure is still a successful acknowledgement: VNPay must stop retrying.
  failed: { RspCode: '00', Message: 'Confirm Success' },
  held_for_review: { RspCode: '00', Message: 'Confirm Success' },
};

/** payments.md §1.6: 00/00 is the only success; 07 means the money is held as suspected fraud. */
function resultOf(fields: Record<string, string>): PaymentEvent['result'] {
  if (fields.vnp_ResponseCode === '00' && fields.vnp_TransactionStatus === '00') return 'succeeded';
  if (fields.vnp_ResponseCode === '07' || fields.vnp_TransactionStatus === '07') return 'held';
  return 'failed';
}

/** A callback whose signature and terminal are ours; null when either is not. */
export function authenticCallback(params: URLSearchParams, config: VnpayConfig): Record<string, string> | null {
  const fields = vnpFields(params);
  if (!verify(fields, config.hashSecret)) return null;
  if (fields.vnp_TmnCode !== config.tmnCode) return null;
  return fields;
}

/**
 * The IPN, in VNPay's documented order of checks: signature (97), order (01), amount (04),
 * already settled (02), then settle and answer 00 — only after the ledger has committed. Any
 * failure on the way answers 99, so VNPay retries.
 */
export async function handleIpn(params: URLSearchParams, config: VnpayConfig, now = new Date()): Promise<IpnReply> {
  try {
    const fields = authenticCallback(params, config);
    if (!fields) return { RspCode: '97', Message: 'Invalid signature' };
    const rawAmount = fields.vnp_Amount ?? '';
    const amount = /^\d{1,15}$/.test(rawAmount) ? Number(rawAmount) / 100 : Number.NaN;
    const outcome = await settlePayment({
      gateway: 'vnpay',
      transactionId: `${fields.vnp_TxnRef ?? ''}:${fields.vnp_TransactionNo ?? ''}`,
      orderId: fields.vnp_TxnRef ?? '',
      amount: Number.isInteger(amount) ? amount : -1,
      result: resultOf(fields),
      resultCode: `${fields.vnp_ResponseCode ?? ''}/${fields.vnp_TransactionStatus ?? ''}`,
      payload: fields,
      now,
    });
    console.info(`[vnpay] ipn order=${fields.vnp_TxnRef} code=${fields.vnp_ResponseCode} outcome=${outcome}`);
    return replies[outcome];
  } catch (error) {
    console.error('[vnpay] ipn failed', error);
    return { RspCode: '99', Message: 'Unknown error' };
  }
}
