import 'server-only';
import type { Order } from '@/lib/server/ledger/types';
import type { RefundAnswer, RefundCall, RefundReport, SettledPayment } from '@/lib/server/payments/gateway';
import type { VnpayConfig } from './config';
import { safeOrderInfo, vnpayDate } from './payment-url';
import { pipeSign, querydrFields, transactionApi } from './querydr';

/**
 * VNPay refunds (docs/payments.md#refunds): `vnp_Command=refund` on the transaction API, signed over
 * `|`-joined fields like querydr; type 02 returns the whole payment, 03 a part. The request id is
 * ours (the refund's id), unique as VNPay asks. VNPay's answer codes: 00 accepted, 94 a refund of
 * this payment is already pending, 95 the payment was not successful, 91 no such payment.
 */
export const REFUND_FIELDS = [
  'vnp_RequestId',
  'vnp_Version',
  'vnp_Command',
  'vnp_TmnCode',
  'vnp_TransactionType',
  'vnp_TxnRef',
  'vnp_Amount',
  'vnp_TransactionNo',
  'vnp_TransactionDate',
  'vnp_CreateBy',
  'vnp_CreateDate',
  'vnp_IpAddr',
  'vnp_OrderInfo',
] as const;

export const REFUND_RESPONSE_FIELDS = [
  'vnp_ResponseId',
  'vnp_Command',
  'vnp_ResponseCode',
  'vnp_Message',
  'vnp_TmnCode',
  'vnp_TxnRef',
  'vnp_Amount',
  'vnp_BankCode',
  'vnp_PayDate',
  'vnp_TransactionNo',
  'vnp_TransactionType',
  'vnp_TransactionStatus',
  'vnp_OrderInfo',
] as const;

/** How long after a payment reconciliation keeps asking VNPay about its refunds (our choice: a year). */
export const REFUND_WINDOW_MS = 365 * 86_400_000;

/** VNPay's refusals: the refund did not happen, and these words say why. */
const refusals: Record<string, string> = {
  '02': 'VNPay: invalid merchant code',
  '03': 'VNPay: the refund request is not valid (amount, format)',
  '91': 'VNPay: no such payment',
  '94': 'VNPay: a refund of this payment is already being processed',
  '95': 'VNPay: the payment was not successful, so it cannot be refunded',
  '97': 'VNPay: the refund request signature was refused',
};

export function refundRequest(call: RefundCall, config: VnpayConfig, now: Date): Record<string, string> {
  const fields: Record<string, string> = {
    vnp_RequestId: call.refundId,
    vnp_Version: '2.1.0',
    vnp_Command: 'refund',
    vnp_TmnCode: config.tmnCode,
    vnp_TransactionType: call.whole ? '02' : '03',
    vnp_TxnRef: call.order.id,
    vnp_Amount: String(call.amount * 100),
    vnp_TransactionNo: String(call.payment.payload.vnp_TransactionNo ?? ''),
    vnp_TransactionDate: vnpayDate(call.order.createdAt),
    vnp_CreateBy: safeOrderInfo(call.by).slice(0, 50) || 'operator',
    vnp_CreateDate: vnpayDate(now),
    vnp_IpAddr: '127.0.0.1',
    vnp_OrderInfo: safeOrderInfo(`Hoan tien don hang ${call.order.id}`),
  };
  return { ...fields, vnp_SecureHash: pipeSign(REFUND_FIELDS, fields, config.hashSecret) };
}

export async function refundPayment(call: RefundCall, config: VnpayConfig | null, now: Date): Promise<RefundAnswer> {
  if (!config) return { state: 'refused', code: 'unconfigured', message: 'VNPay is not configured' };
  const asked = await transactionApi(config, refundRequest(call, config, now), REFUND_RESPONSE_FIELDS);
  if (!asked.ok) return { state: 'unknown', reason: asked.reason };
  const { fields } = asked;
  const code = String(fields.vnp_ResponseCode);
  if (code === '00') {
    if (fields.vnp_TxnRef !== call.order.id) return { state: 'unknown', reason: 'refund answered about another order' };
    return { state: 'succeeded', gatewayRef: refundNumber(fields.vnp_TransactionNo, call.payment), code };
  }
  const known = refusals[code];
  if (known) return { state: 'refused', code, message: `${known} (${String(fields.vnp_Message ?? '')})` };
  // 99 and anything undocumented: VNPay may or may not have taken it; querydr decides later.
  return { state: 'unknown', reason: `refund code ${code}` };
}

/**
 * VNPay's number for a refund, as its statements show it, or null. A refund answer (or a querydr
 * answer about a refunded payment) may carry the payment's own vnp_TransactionNo rather than one of
 * the refund's: that number is the payment's, so it names no refund, and two refunds of one payment
 * would both claim it.
 */
function refundNumber(value: unknown, payment: SettledPayment): string | null {
  const no = String(value ?? '');
  if (!/^\d{1,20}$/.test(no) || /^0+$/.test(no)) return null;
  return no === String(payment.payload.vnp_TransactionNo ?? '') ? null : no;
}

/** The signed querydr fields that describe a payment's refunds: a change in any is news. */
const REPORT_FIELDS = [
  'vnp_TransactionType',
  'vnp_TransactionStatus',
  'vnp_Amount',
  'vnp_TransactionNo',
  'vnp_PayDate',
] as const;

/**
 * What querydr says of a paid order's refunds: only whether money went back (02 whole, 03 part,
 * with status 05 processing or 06 sent to the bank) or a refund was rejected (09) — not how much:
 * its vnp_Amount is not documented as the refunded total, so no amount is taken from it
 * (docs/payments.md#refunds-made-elsewhere). What it said is kept to compare with the next answer.
 */
export async function refundsOf(
  order: Order,
  payment: SettledPayment,
  config: VnpayConfig | null,
  now: Date,
): Promise<RefundReport> {
  if (!config) return { state: 'unavailable', reason: 'VNPay is not configured' };
  const asked = await querydrFields(order, config, now);
  if (!asked.ok) return { state: 'unavailable', reason: asked.reason };
  const fields = asked.fields as Record<string, unknown>;
  const status = String(fields.vnp_TransactionStatus ?? '');
  const type = String(fields.vnp_TransactionType ?? '');
  const seen = Object.fromEntries(REPORT_FIELDS.map((key) => [key, String(fields[key] ?? '')]));
  if (status === '09') return { state: 'summary', refunded: 'rejected', seen };
  if (status === '05' || status === '06') {
    return {
      state: 'summary',
      refunded: type === '03' ? 'part' : 'whole',
      seen,
      refundRef: refundNumber(fields.vnp_TransactionNo, payment),
    };
  }
  return { state: 'summary', refunded: 'none', seen };
}
