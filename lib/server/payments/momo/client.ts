import 'server-only';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Order } from '@/lib/server/ledger/types';
import { orderDescription } from '@/lib/server/payments/order-description';
import { cappedJson } from '@/lib/server/request/capped-read';
import type { MomoConfig } from './config';
import { CREATE_FIELDS, QUERY_FIELDS, REFUND_FIELDS, sign } from './signature';
import { log } from '@/lib/server/observability/log';

/** MoMo asks for at least 30 s on create; a query is lighter. */
export const CREATE_TIMEOUT_MS = 30_000;
export const QUERY_TIMEOUT_MS = 15_000;

/** The pay page's method codes → MoMo request types (docs/payments.md#momo). */
export const requestTypes: Record<string, string> = {
  wallet: 'captureWallet',
  atm_card: 'payWithATM',
  credit_card: 'payWithCC',
};

/** MoMo shows its description in its app, in the language the payer's page asked it for (`lang`). */
const orderInfo = (order: Order) => orderDescription(order, order.locale === 'vi' ? 'vi' : 'en').slice(0, 255);

/** A fresh request id: MoMo's idempotency key for one call (String(50)). */
export const newRequestId = (orderId: string) => `${orderId}-${randomBytes(6).toString('hex')}`;

export function createRequest(order: Order, config: MomoConfig, requestId: string) {
  const fields = {
    partnerCode: config.partnerCode,
    accessKey: config.accessKey,
    requestId,
    amount: order.amount,
    orderId: order.id,
    orderInfo: orderInfo(order),
    redirectUrl: config.redirectUrl,
    ipnUrl: config.ipnUrl,
    requestType: requestTypes[order.method] ?? 'captureWallet',
    extraData: '',
    lang: order.locale === 'vi' ? 'vi' : 'en',
  };
  return { ...fields, signature: sign(CREATE_FIELDS, fields, config.secretKey) };
}

const createResponse = z.object({
  resultCode: z.coerce.number().int(),
  message: z.string().optional(),
  payUrl: z.string().optional(),
});

export type CreateOutcome =
  | { ok: true; payUrl: string; requestId: string }
  | { ok: false; failure: 'timeout' | 'unreachable' | 'refused'; resultCode?: number; message?: string };

/** MoMo's answers are a few hundred bytes; a longer one is cut off and treated as no answer. */
const MAX_ANSWER_BYTES = 256 * 1024;

async function post(config: MomoConfig, path: string, body: unknown, timeoutMs: number): Promise<unknown> {
  const response = await fetch(`${config.endpoint}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=UTF-8' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'error',
  });
  // MoMo answers its own refusals with a JSON body and a 4xx status; anything else is not an answer.
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) throw new Error(`MoMo answered HTTP ${response.status} without JSON`);
  return cappedJson(response, MAX_ANSWER_BYTES);
}

// By name, not instanceof: fetch's DOMException may come from another realm (tests, workers).
const isTimeout = (error: unknown) => {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
};

/** POST /v2/gateway/api/create: the payUrl the payer is sent to, or why there is none. */
export async function createPayment(
  order: Order,
  config: MomoConfig,
  timeoutMs = CREATE_TIMEOUT_MS,
): Promise<CreateOutcome> {
  const requestId = newRequestId(order.id);
  let answer: unknown;
  try {
    answer = await post(config, '/v2/gateway/api/create', createRequest(order, config, requestId), timeoutMs);
  } catch (error) {
    log().warn({ orderId: order.id, err: error }, 'momo: create failed');
    return { ok: false, failure: isTimeout(error) ? 'timeout' : 'unreachable' };
  }
  const parsed = createResponse.safeParse(answer);
  if (!parsed.success) return { ok: false, failure: 'unreachable' };
  const { resultCode, message, payUrl } = parsed.data;
  if (resultCode !== 0 || !payUrl || !/^https?:\/\//.test(payUrl)) {
    log().warn({ orderId: order.id, resultCode, message }, 'momo: create refused');
    return { ok: false, failure: 'refused', resultCode, message };
  }
  return { ok: true, payUrl, requestId };
}

export function queryRequest(orderId: string, config: MomoConfig, requestId: string) {
  const fields = { partnerCode: config.partnerCode, accessKey: config.accessKey, requestId, orderId, lang: 'en' };
  return { ...fields, signature: sign(QUERY_FIELDS, fields, config.secretKey) };
}

const refundTran = z.object({
  orderId: z.string().max(200),
  amount: z.coerce.number().int(),
  resultCode: z.coerce.number().int(),
  transId: z.union([z.number(), z.string()]),
});

const queryResponse = z.object({
  partnerCode: z.string(),
  orderId: z.string(),
  resultCode: z.coerce.number().int(),
  amount: z.coerce.number().int().optional(),
  transId: z.union([z.number(), z.string()]).optional(),
  message: z.string().optional(),
  payType: z.string().optional(),
  /** The payment's refunds, wherever they were made (ours carry our refund id as their orderId). */
  refundTrans: z.array(refundTran).max(1000).optional(),
});
export type QueryAnswer = z.infer<typeof queryResponse>;

/**
 * POST /v2/gateway/api/query. The answer comes over TLS from the configured MoMo host; its
 * partner code and order id must be ours (MoMo documents no signature on this response).
 */
export async function queryPayment(orderId: string, config: MomoConfig): Promise<QueryAnswer> {
  const answer = await post(
    config,
    '/v2/gateway/api/query',
    queryRequest(orderId, config, newRequestId(orderId)),
    QUERY_TIMEOUT_MS,
  );
  const parsed = queryResponse.parse(answer);
  if (parsed.partnerCode !== config.partnerCode || parsed.orderId !== orderId) {
    throw new Error('MoMo answered about another partner or order');
  }
  return parsed;
}

/** MoMo answers a refund within seconds; past this the answer is unknown and reconciliation asks. */
export const REFUND_TIMEOUT_MS = 30_000;

export function refundRequest(
  input: { refundId: string; amount: number; transId: string; description: string },
  config: MomoConfig,
) {
  const fields = {
    partnerCode: config.partnerCode,
    accessKey: config.accessKey,
    // A refund is its own MoMo transaction: our refund id is both its order id and its request id.
    orderId: input.refundId,
    requestId: input.refundId,
    amount: input.amount,
    transId: input.transId,
    lang: 'en',
    description: input.description,
  };
  return { ...fields, signature: sign(REFUND_FIELDS, fields, config.secretKey) };
}

const refundResponse = z.object({
  partnerCode: z.string(),
  orderId: z.string(),
  resultCode: z.coerce.number().int(),
  transId: z.union([z.number(), z.string()]).optional(),
  message: z.string().optional(),
});
export type RefundReply = z.infer<typeof refundResponse>;

/** POST /v2/gateway/api/refund; throws when there is no answer (a time-out, not JSON). */
export async function postRefund(
  input: { refundId: string; amount: number; transId: string; description: string },
  config: MomoConfig,
): Promise<RefundReply> {
  const answer = await post(config, '/v2/gateway/api/refund', refundRequest(input, config), REFUND_TIMEOUT_MS);
  const parsed = refundResponse.parse(answer);
  if (parsed.partnerCode !== config.partnerCode || parsed.orderId !== input.refundId) {
    throw new Error('MoMo answered about another partner or refund');
  }
  return parsed;
}
