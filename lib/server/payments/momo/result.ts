import 'server-only';
import { z } from 'zod';
import type { GatewayEvent } from '@/lib/server/payments/gateway';
import type { MomoConfig } from './config';
import { momoOffer } from './offer';
import { RESULT_FIELDS, verify } from './signature';

/**
 * A MoMo payment result — the IPN body and the browser redirect's query carry the same fields
 * (docs/payments.md#momo). JSON numbers and strings are both accepted, and written back as plain
 * decimals for the signature, as MoMo signs them.
 */
const integer = z.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d{1,16}$/)]);
const text = (max: number) => z.string().max(max);

export const momoResult = z.object({
  partnerCode: text(50),
  orderId: text(200).min(1),
  requestId: text(50),
  amount: integer,
  orderInfo: text(255),
  orderType: text(50),
  transId: integer,
  resultCode: z.union([z.number().int(), z.string().regex(/^-?\d{1,6}$/)]),
  message: text(500),
  payType: text(50).default(''),
  responseTime: integer,
  extraData: text(4000).default(''),
  signature: z.string(),
});
export type MomoResult = z.infer<typeof momoResult>;

const succeeded = new Set([0, 9000]); // 9000: authorised; with autoCapture (the default) that is the payment.
// Final failures (MoMo's own "final" flag in its result-code table). Any other code is not final yet.
const failed = new Set([1001, 1002, 1003, 1004, 1005, 1006, 1007, 1017, 1026, 1080, 1081, 2019, 4001, 4100]);

/** 1006: the user refused or cancelled the payment on MoMo's page — nothing was charged. */
export function cancelledByPayer(resultCode: string): boolean {
  return resultCode === '1006';
}

export type ResultClass = 'succeeded' | 'failed' | 'pending';

export function classify(resultCode: number): ResultClass {
  if (succeeded.has(resultCode)) return 'succeeded';
  if (failed.has(resultCode)) return 'failed';
  return 'pending';
}

/** An authentic result for our partner code: signature first, then the shape. */
export function authenticResult(
  values: unknown,
  config: MomoConfig,
): { ok: true; result: MomoResult } | { ok: false; reason: 'bad_signature' | 'malformed' } {
  const record = typeof values === 'object' && values !== null ? (values as Record<string, unknown>) : {};
  const signed = Object.fromEntries(
    RESULT_FIELDS.map((key) => {
      const value = key === 'accessKey' ? config.accessKey : record[key];
      return [key, typeof value === 'string' || typeof value === 'number' ? value : ''];
    }),
  );
  if (!verify(RESULT_FIELDS, signed, record.signature, config.secretKey)) return { ok: false, reason: 'bad_signature' };
  const parsed = momoResult.safeParse(record);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  if (parsed.data.partnerCode !== config.partnerCode) return { ok: false, reason: 'bad_signature' };
  return { ok: true, result: parsed.data };
}

/** The settlement event of a final result; null while MoMo says it is not final. */
export function resultEvent(result: MomoResult): GatewayEvent | null {
  const code = Number(result.resultCode);
  const kind = classify(code);
  if (kind === 'pending') return null;
  return {
    gateway: 'momo',
    transactionId: `${result.orderId}:${result.transId}`,
    orderId: result.orderId,
    amount: Number(result.amount),
    currency: momoOffer.currency,
    result: kind,
    resultCode: String(code),
    payload: result,
  };
}
