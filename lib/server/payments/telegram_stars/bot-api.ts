import 'server-only';
import { z } from 'zod';
import { cappedJson } from '@/lib/server/request/capped-read';
import type { StarsConfig } from './config';

/*
 * The Bot API calls the Stars gateway makes (docs/payments.md#telegram-stars): each a JSON POST to
 * `<api>/bot<token>/<method>`, answered `{ok: true, result}` or `{ok: false, error_code,
 * description}`. Every call has a time budget and reads at most MAX_ANSWER_BYTES of the answer;
 * the result is checked with zod. The token is in the address: no error message carries it.
 */

/** A Bot API answer is small; getStarTransactions' hundred transactions are some tens of KB. */
export const MAX_ANSWER_BYTES = 512 * 1024;
/** Per call; pre-checkout's answer must reach Telegram within its 10 seconds, with room to spare. */
export const CALL_BUDGET_MS = 5_000;

export type BotApiResult<T> =
  | { ok: true; result: T }
  /** Telegram answered and said no (a bad request, an unknown charge, already refunded…). */
  | { ok: false; kind: 'refused'; code: number; description: string }
  /** No answer that says either: a time-out, no connection, a 5xx, an answer not in the documented shape. */
  | { ok: false; kind: 'unavailable'; reason: string };

const envelope = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error_code: z.number().int(), description: z.string().max(1000) }),
]);

/** TransactionPartnerUser and the others, as far as reconciliation reads them. */
const partner = z.looseObject({
  type: z.string(),
  transaction_type: z.string().optional(),
  invoice_payload: z.string().optional(),
  subscription_period: z.number().int().optional(),
  user: z.looseObject({ id: z.number().int() }).optional(),
});

export const starTransaction = z.looseObject({
  id: z.string().min(1).max(256),
  amount: z.number().int(),
  date: z.number().int(),
  source: partner.optional(),
  receiver: partner.optional(),
});
export type StarTransaction = z.infer<typeof starTransaction>;

const starTransactions = z.looseObject({ transactions: z.array(starTransaction).max(100) });

export interface InvoiceLinkParams {
  title: string;
  description: string;
  payload: string;
  currency: 'XTR';
  prices: [{ label: string; amount: number }];
  subscription_period?: number;
}

// By name, not instanceof: fetch's DOMException may come from another realm (tests, workers).
const isTimeout = (error: unknown) => {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
};

async function call<T>(
  config: StarsConfig,
  method: string,
  params: Record<string, unknown>,
  result: z.ZodType<T>,
  budgetMs = CALL_BUDGET_MS,
): Promise<BotApiResult<T>> {
  let body: unknown;
  let status = 0;
  const signal = AbortSignal.timeout(budgetMs);
  const send = () =>
    config.transport(`${config.apiBase}/bot${config.botToken}/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(params),
      signal,
      redirect: 'error',
    });
  try {
    // A connection the server closed while idle fails before any byte of the answer: sent once more,
    // within the same budget. Every call here may be repeated (a second link, the same answer, a
    // refund Telegram then calls already made, a read).
    const response = await send().catch((error: unknown) => {
      if (isTimeout(error)) throw error;
      return send();
    });
    status = response.status;
    body = await cappedJson(response, MAX_ANSWER_BYTES);
  } catch (error) {
    return {
      ok: false,
      kind: 'unavailable',
      reason: isTimeout(error) ? `${method}: timed out` : `${method}: no answer`,
    };
  }
  const answer = envelope.safeParse(body);
  if (!answer.success)
    return { ok: false, kind: 'unavailable', reason: `${method}: HTTP ${status}, not a Bot API answer` };
  if (!answer.data.ok) {
    // Telegram's own trouble (5xx) or its rate limit (429) says nothing about the request: ask again later.
    if (answer.data.error_code >= 500 || answer.data.error_code === 429) {
      return {
        ok: false,
        kind: 'unavailable',
        reason: `${method}: ${answer.data.error_code} ${answer.data.description}`,
      };
    }
    return { ok: false, kind: 'refused', code: answer.data.error_code, description: answer.data.description };
  }
  const parsed = result.safeParse(answer.data.result);
  return parsed.success
    ? { ok: true, result: parsed.data }
    : { ok: false, kind: 'unavailable', reason: `${method}: a result not in the documented shape` };
}

export function botApi(config: StarsConfig) {
  return {
    /** The invoice's link (`https://t.me/$…`), which the Mini App opens with openInvoice. */
    createInvoiceLink: (params: InvoiceLinkParams) =>
      call(config, 'createInvoiceLink', { ...params, provider_token: '' }, z.string().url().max(2048)),
    /** ok, or a refusal whose message Telegram shows the payer. */
    answerPreCheckoutQuery: (id: string, answer: { ok: true } | { ok: false; errorMessage: string }) =>
      call(
        config,
        'answerPreCheckoutQuery',
        answer.ok
          ? { pre_checkout_query_id: id, ok: true }
          : { pre_checkout_query_id: id, ok: false, error_message: answer.errorMessage },
        z.literal(true),
      ),
    /** A whole payment back to the payer (Stars refunds are never partial). */
    refundStarPayment: (userId: number, chargeId: string) =>
      call(config, 'refundStarPayment', { user_id: userId, telegram_payment_charge_id: chargeId }, z.literal(true)),
    /** Stops (true) or allows again (false) a subscription's renewal; `chargeId` is its first payment's. */
    editUserStarSubscription: (userId: number, chargeId: string, isCanceled: boolean) =>
      call(
        config,
        'editUserStarSubscription',
        { user_id: userId, telegram_payment_charge_id: chargeId, is_canceled: isCanceled },
        z.literal(true),
      ),
    /** The bot's transactions from `offset`, oldest first, at most `limit` (1–100). */
    getStarTransactions: (offset: number, limit: number, budgetMs?: number) =>
      call(config, 'getStarTransactions', { offset, limit }, starTransactions, budgetMs),
  };
}
