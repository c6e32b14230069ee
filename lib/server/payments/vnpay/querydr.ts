import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Order } from '@/lib/server/ledger/types';
import type { QueryResult } from '@/lib/server/payments/gateway';
import { cappedJson } from '@/lib/server/request/capped-read';
import type { VnpayConfig } from './config';
import { resultOf } from './callback';
import { vnpayOffer } from './offer';
import { safeOrderInfo, vnpayDate } from './payment-url';

/**
 * VNPay querydr (docs/payments.md#vnpay): a signed JSON POST asking for one payment's state. Both the
 * request and the answer are signed over `|`-joined fields in a fixed order (not a query string).
 */
export const QUERY_TIMEOUT_MS = 15_000;

export const REQUEST_FIELDS = [
  'vnp_RequestId',
  'vnp_Version',
  'vnp_Command',
  'vnp_TmnCode',
  'vnp_TxnRef',
  'vnp_TransactionDate',
  'vnp_CreateDate',
  'vnp_IpAddr',
  'vnp_OrderInfo',
] as const;

export const RESPONSE_FIELDS = [
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
  'vnp_PromotionCode',
  'vnp_PromotionAmount',
] as const;

export type Fields = Record<string, string | number | undefined>;

export const pipeData = (order: readonly string[], fields: Fields) =>
  order.map((key) => String(fields[key] ?? '')).join('|');

export const pipeSign = (order: readonly string[], fields: Fields, secret: string) =>
  createHmac('sha512', secret).update(pipeData(order, fields), 'utf8').digest('hex');

export function pipeVerify(order: readonly string[], fields: Fields, secret: string): boolean {
  const received = fields.vnp_SecureHash;
  if (typeof received !== 'string' || !/^[0-9a-fA-F]{128}$/.test(received)) return false;
  return timingSafeEqual(
    Buffer.from(pipeSign(order, fields, secret), 'hex'),
    Buffer.from(received.toLowerCase(), 'hex'),
  );
}

/** The signed querydr request for an order (its TransactionDate is the payment URL's CreateDate). */
export function queryRequest(order: Order, config: VnpayConfig, now: Date): Record<string, string> {
  const fields: Record<string, string> = {
    vnp_RequestId: randomBytes(16).toString('hex'),
    vnp_Version: '2.1.0',
    vnp_Command: 'querydr',
    vnp_TmnCode: config.tmnCode,
    vnp_TxnRef: order.id,
    vnp_OrderInfo: safeOrderInfo(`Query order ${order.id}`),
    vnp_TransactionDate: vnpayDate(order.createdAt),
    vnp_CreateDate: vnpayDate(now),
    vnp_IpAddr: '127.0.0.1',
  };
  return { ...fields, vnp_SecureHash: pipeSign(REQUEST_FIELDS, fields, config.hashSecret) };
}

const answer = z
  .object({
    vnp_ResponseCode: z.string(),
    vnp_TmnCode: z.string().optional(),
    vnp_TxnRef: z.string().optional(),
    vnp_Amount: z.union([z.string(), z.number()]).optional(),
    vnp_TransactionNo: z.union([z.string(), z.number()]).optional(),
    vnp_TransactionStatus: z.string().optional(),
    vnp_SecureHash: z.string().optional(),
  })
  .loose();

/** querydr answers are a few hundred bytes; a longer one is cut off and treated as no answer. */
const MAX_ANSWER_BYTES = 256 * 1024;

/** POSTs one signed request to VNPay's transaction API; the answer is believed only when signed. */
export async function transactionApi(
  config: VnpayConfig,
  request: Record<string, string>,
  responseFields: readonly string[],
  timeoutMs = QUERY_TIMEOUT_MS,
): Promise<{ ok: true; fields: Fields & z.infer<typeof answer> } | { ok: false; reason: string; timedOut?: boolean }> {
  let body: unknown;
  try {
    const response = await fetch(config.apiUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    body = await cappedJson(response, MAX_ANSWER_BYTES);
  } catch (error) {
    return { ok: false, reason: `${request.vnp_Command}: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = answer.safeParse(body);
  if (!parsed.success) return { ok: false, reason: `${request.vnp_Command}: unexpected answer` };
  const fields = parsed.data as Fields & z.infer<typeof answer>;
  // The 2.1.0 answer is signed; an unsigned one (the npm `vnpay` library accepts those) is not believed.
  if (!pipeVerify(responseFields, fields, config.hashSecret)) {
    return { ok: false, reason: `${request.vnp_Command}: bad signature (code ${fields.vnp_ResponseCode})` };
  }
  return { ok: true, fields };
}

/** querydr's verified answer about this very order, or why there is none. */
export async function querydrFields(
  order: Order,
  config: VnpayConfig,
  now: Date,
): Promise<{ ok: true; fields: Fields & z.infer<typeof answer> } | { ok: false; reason: string; notFound?: true }> {
  const asked = await transactionApi(config, queryRequest(order, config, now), RESPONSE_FIELDS);
  if (!asked.ok) return asked;
  const { fields } = asked;
  if (fields.vnp_ResponseCode === '91') return { ok: false, reason: 'querydr: not found', notFound: true };
  if (fields.vnp_ResponseCode !== '00') return { ok: false, reason: `querydr code ${fields.vnp_ResponseCode}` };
  if (fields.vnp_TxnRef !== order.id || fields.vnp_TmnCode !== config.tmnCode) {
    return { ok: false, reason: 'querydr answered about another order' };
  }
  return asked;
}

/** Asks VNPay about one order; only a signed answer about this very order is believed. */
export async function queryOrder(order: Order, config: VnpayConfig | null, now: Date): Promise<QueryResult> {
  if (!config) return { state: 'unavailable', reason: 'VNPay is not configured' };
  const asked = await querydrFields(order, config, now);
  if (!asked.ok) return asked.notFound ? { state: 'not_found' } : { state: 'unavailable', reason: asked.reason };
  const { fields } = asked;
  const status = fields.vnp_TransactionStatus ?? '';
  // 01: not completed yet (the payer has not paid); 05/06: a refund is being processed — neither settles a payment.
  if (status === '01') return { state: 'pending', awaitingPayer: true };
  if (status === '05' || status === '06') return { state: 'pending' };
  const rawAmount = String(fields.vnp_Amount ?? '');
  const amount = /^\d{1,15}$/.test(rawAmount) ? Number(rawAmount) / 100 : -1;
  return {
    state: 'final',
    event: {
      gateway: 'vnpay',
      // The IPN's key too: whichever of the IPN and the query arrives second is a duplicate.
      transactionId: `${order.id}:${fields.vnp_TransactionNo ?? ''}`,
      orderId: order.id,
      amount: Number.isInteger(amount) ? amount : -1,
      currency: vnpayOffer.currency,
      result: resultOf(status === '00' ? '00' : status, status),
      resultCode: `querydr/${status}`,
      payload: { source: 'querydr', ...fields },
    },
  };
}
