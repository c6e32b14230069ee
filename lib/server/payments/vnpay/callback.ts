import 'server-only';
import { z } from 'zod';
import type { PaymentOutcome } from '@/lib/server/ledger/types';
import type { GatewayEvent } from '@/lib/server/payments/gateway';
import { verify, vnpFields } from './signature';
import type { VnpayConfig } from './config';
import { vnpayOffer } from './offer';

export interface IpnReply {
  RspCode: '00' | '01' | '02' | '04' | '97' | '99';
  Message: string;
}

/** VNPay's documented IPN replies (docs/payments.md#vnpay); only 00 and 02 stop its retries. */
export const replies: Record<PaymentOutcome, IpnReply> = {
  order_not_found: { RspCode: '01', Message: 'Order not found' },
  foreign_order: { RspCode: '01', Message: 'Order not found' },
  amount_mismatch: { RspCode: '04', Message: 'Invalid amount' },
  already_confirmed: { RspCode: '02', Message: 'Order already confirmed' },
  paid: { RspCode: '00', Message: 'Confirm Success' },
  // A recorded failure is still a successful acknowledgement: VNPay must stop retrying.
  failed: { RspCode: '00', Message: 'Confirm Success' },
  held_for_review: { RspCode: '00', Message: 'Confirm Success' },
};

/** 00/00 (response code / transaction status) is the only success; 07 means the money is held as suspected fraud. */
export function resultOf(responseCode: string, transactionStatus: string): GatewayEvent['result'] {
  if (responseCode === '00' && transactionStatus === '00') return 'succeeded';
  if (responseCode === '07' || transactionStatus === '07') return 'held';
  return 'failed';
}

/** 24: the customer cancelled the transaction on VNPay's page (nothing was charged). */
export function cancelledByPayer(resultCode: string): boolean {
  return resultCode.split('/')[0] === '24';
}

/** A callback whose signature and terminal are ours; null when either is not. */
export function authenticCallback(params: URLSearchParams, config: VnpayConfig): Record<string, string> | null {
  const fields = vnpFields(params);
  if (!verify(fields, config.hashSecret)) return null;
  if (fields.vnp_TmnCode !== config.tmnCode) return null;
  return fields;
}

// The fields settlement needs, checked after the signature (zod at the edge). The amount is ×100.
const ipnFields = z.object({
  vnp_TxnRef: z.string().min(1).max(100),
  vnp_Amount: z.string().regex(/^\d{1,15}$/),
  vnp_ResponseCode: z.string().max(8),
  vnp_TransactionStatus: z.string().max(8).default(''),
  vnp_TransactionNo: z.string().max(32).default(''),
});

/** The settlement event of an authentic IPN; null when it lacks the documented fields. */
export function callbackEvent(fields: Record<string, string>): GatewayEvent | null {
  const parsed = ipnFields.safeParse(fields);
  if (!parsed.success) return null;
  const f = parsed.data;
  const amount = Number(f.vnp_Amount) / 100;
  return {
    gateway: 'vnpay',
    transactionId: `${f.vnp_TxnRef}:${f.vnp_TransactionNo}`,
    orderId: f.vnp_TxnRef,
    // A fractional amount can match no order: it goes to review like any other wrong amount.
    amount: Number.isInteger(amount) ? amount : -1,
    currency: vnpayOffer.currency,
    result: resultOf(f.vnp_ResponseCode, f.vnp_TransactionStatus),
    resultCode: `${f.vnp_ResponseCode}/${f.vnp_TransactionStatus}`,
    payload: fields,
  };
}
