import 'server-only';
import { z } from 'zod';
import { cappedJson } from '@/lib/server/request/capped-read';
import { UnavailableError } from '@/lib/server/unavailable';
import type { PaypalConfig } from './config';

/**
 * The PayPal REST calls of subscriptions (fetch and a small typed wrapper, not the SDK:
 * docs/payments.md#why-no-paypal-server-sdk): an OAuth token, a subscription read and cancel, a
 * sale's refund, and webhook signature verification (one-off payments' Orders v2 calls use the
 * same wrapper: ./orders-api.ts). Every
 * answer is validated; a timeout, a network failure, a 5xx or an answer of the wrong shape is an
 * UnavailableError (the caller answers "try again"), never a guess.
 */
const TIMEOUT_MS = 10_000;
/**
 * A read that only decides what a page shows (a subscriber's renewals) gets this long in all —
 * token included — and the page shows the ledger's state instead: PayPal being slow must not make
 * the pay page slower than the site's own budget for its other dependencies.
 */
export const DISPLAY_READ_MS = 1_500;
/** PayPal's answers the site reads are a few KB; a longer one is cut off and treated as no answer. */
const MAX_ANSWER_BYTES = 256 * 1024;
/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

export type Transport = (url: string, init: RequestInit) => Promise<Response>;

export const subscriptionStatuses = [
  'APPROVAL_PENDING',
  'APPROVED',
  'ACTIVE',
  'SUSPENDED',
  'CANCELLED',
  'EXPIRED',
] as const;

const money = z.object({ currency_code: z.string(), value: z.string() });

/** GET /v1/billing/subscriptions/{id}, the fields the site relies on. */
export const paypalSubscription = z.object({
  id: z.string(),
  status: z.enum(subscriptionStatuses),
  plan_id: z.string(),
  custom_id: z.string().optional(),
  // PayPal sends the quantity as a string ("3"); absent means 1.
  quantity: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional(),
  start_time: z.string().optional(),
  // True when the subscription was created with its own pricing instead of the plan's.
  plan_overridden: z.boolean().optional(),
  billing_info: z
    .object({
      cycle_executions: z
        .array(z.object({ tenure_type: z.string(), sequence: z.number(), cycles_completed: z.number().int().min(0) }))
        .optional(),
      last_payment: z.object({ amount: money, time: z.string() }).optional(),
      // When PayPal will next charge an active subscription.
      next_billing_time: z.string().optional(),
      failed_payments_count: z.number().int().optional(),
    })
    .optional(),
});
export type PaypalSubscription = z.infer<typeof paypalSubscription>;

/** The payments PayPal has taken for a subscription: completed regular billing cycles. */
export function paidCycles(subscription: PaypalSubscription): number {
  return (subscription.billing_info?.cycle_executions ?? [])
    .filter((cycle) => cycle.tenure_type === 'REGULAR')
    .reduce((sum, cycle) => sum + cycle.cycles_completed, 0);
}

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const verificationAnswer = z.object({ verification_status: z.enum(['SUCCESS', 'FAILURE']) });

/** Subscription ids are `I-` and upper-case alphanumerics; anything else is not worth a request. */
export const subscriptionId = z.string().regex(/^I-[A-Z0-9]{6,40}$/);

/** The headers PayPal signs a webhook delivery with. */
export interface TransmissionHeaders {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

/** A call's own deadline: `budgetMs` bounds everything the call does, a token request included. */
export interface CallBudget {
  budgetMs?: number;
}

export interface PaypalClient {
  getSubscription(id: string, budget?: CallBudget): Promise<PaypalSubscription | null>;
  /**
   * Stops the subscription's automatic renewals (POST …/cancel). True once PayPal has it cancelled,
   * also when it already was; false for a subscription PayPal does not know.
   */
  cancelSubscription(id: string, reason: string): Promise<boolean>;
  /** Asks PayPal whether `rawBody` with these headers is a genuine delivery to our webhook. */
  verifyWebhook(headers: TransmissionHeaders, rawBody: string): Promise<boolean>;
  /**
   * Refunds a subscription payment (a sale): the whole of it when `amount` is null. `requestId` is
   * PayPal's idempotency key (PayPal-Request-Id): the same id again returns the same refund.
   * Throws UnavailableError when PayPal gives no answer that says yes or no.
   */
  refundSale(
    saleId: string,
    amount: { total: string; currency: string } | null,
    requestId: string,
  ): Promise<SaleRefund>;
}

export const saleRefund = z.object({
  id: z.string().max(64),
  state: z.string().max(32),
  amount: z.object({ total: z.string().max(32), currency: z.string().max(3) }).optional(),
});

export type SaleRefund =
  | { ok: true; refund: z.infer<typeof saleRefund> }
  /** PayPal said no (4xx): its error name and words. */
  | { ok: false; name: string; message: string };

const paypalError = z
  .object({
    name: z.string().max(100),
    message: z.string().max(500).optional(),
    details: z
      .array(z.object({ issue: z.string().max(100) }).loose())
      .max(20)
      .optional(),
  })
  .loose();

const tokens = new Map<string, { token: string; expiresAt: number }>();

/**
 * The authorized request every PayPal call makes: `apiBase` + path, a 10 s deadline unless the
 * caller gives its own, a cached OAuth token, and one retry with a fresh token after a 401. A
 * request that gets no answer is an UnavailableError.
 */
export function paypalCaller(
  config: PaypalConfig,
  transport: Transport = config.transport,
): { authorized: (path: string, init: RequestInit) => Promise<Response> } {
  const call = async (path: string, init: RequestInit): Promise<Response> => {
    try {
      return await transport(`${config.apiBase}${path}`, {
        ...init,
        signal: init.signal ?? AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new UnavailableError(`PayPal did not answer ${path}`, { cause: error });
    }
  };

  const token = async (signal?: AbortSignal): Promise<string> => {
    const key = `${config.apiBase} ${config.clientId}`;
    const cached = tokens.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const response = await call('/v1/oauth2/token', {
      method: 'POST',
      signal,
      headers: {
        Authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const answer = parse(tokenAnswer, await json(response, 'token'));
    tokens.set(key, {
      token: answer.access_token,
      expiresAt: Date.now() + Math.max(0, answer.expires_in * 1000 - TOKEN_MARGIN_MS),
    });
    return answer.access_token;
  };

  /** A call with a bearer token; a 401 (token revoked early) gets one fresh token and one retry. */
  const authorized = async (path: string, init: RequestInit): Promise<Response> => {
    const send = async () =>
      call(path, {
        ...init,
        headers: { ...init.headers, Authorization: `Bearer ${await token(init.signal ?? undefined)}` },
      });
    const first = await send();
    if (first.status !== 401) return first;
    tokens.delete(`${config.apiBase} ${config.clientId}`);
    return send();
  };

  return { authorized };
}

export function paypalClient(config: PaypalConfig, transport: Transport = config.transport): PaypalClient {
  const { authorized } = paypalCaller(config, transport);

  return {
    async getSubscription(id, budget = {}) {
      if (!subscriptionId.safeParse(id).success) return null;
      const signal = budget.budgetMs === undefined ? undefined : AbortSignal.timeout(budget.budgetMs);
      const response = await authorized(`/v1/billing/subscriptions/${id}`, { method: 'GET', signal });
      // PayPal answers 404 (or 400/422 for an id of a shape it rejects): no such subscription.
      if ([400, 404, 422].includes(response.status)) return null;
      return parse(paypalSubscription, await json(response, 'subscription'));
    },
    async cancelSubscription(id, reason) {
      if (!subscriptionId.safeParse(id).success) return false;
      const response = await authorized(`/v1/billing/subscriptions/${id}/cancel`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ reason: reason.slice(0, 127) }),
      });
      if (response.status === 204) return true;
      if (response.status === 404) return false;
      // 422 SUBSCRIPTION_STATUS_INVALID: already cancelled (or expired) — renewals are stopped either way.
      if (response.status === 422) return (await this.getSubscription(id))?.status === 'CANCELLED';
      throw new UnavailableError(`PayPal answered ${response.status} to the cancel call`);
    },
    async refundSale(saleId, amount, requestId) {
      if (!/^[A-Z0-9]{6,40}$/.test(saleId)) return { ok: false, name: 'INVALID_RESOURCE_ID', message: 'not a sale id' };
      const response = await authorized(`/v1/payments/sale/${saleId}/refund`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'PayPal-Request-Id': requestId },
        body: JSON.stringify(amount ? { amount } : {}),
      });
      if (response.status >= 400 && response.status < 500 && response.status !== 401 && response.status !== 429) {
        const body = paypalError.safeParse(await cappedJson(response, MAX_ANSWER_BYTES).catch(() => null));
        return {
          ok: false,
          name: body.success ? body.data.name : `HTTP_${response.status}`,
          message: body.success ? (body.data.message ?? '') : '',
        };
      }
      return { ok: true, refund: parse(saleRefund, await json(response, 'refund')) };
    },
    async verifyWebhook(headers, rawBody) {
      // The event goes in as the raw bytes received, spliced in last: re-serialising it could change
      // the bytes PayPal signed, and the verdict would be FAILURE for a genuine event.
      const fields = JSON.stringify({
        auth_algo: headers.authAlgo,
        cert_url: headers.certUrl,
        transmission_id: headers.transmissionId,
        transmission_sig: headers.transmissionSig,
        transmission_time: headers.transmissionTime,
        webhook_id: config.webhookId,
      });
      const response = await authorized('/v1/notifications/verify-webhook-signature', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: `${fields.slice(0, -1)},"webhook_event":${rawBody}}`,
      });
      // A body PayPal cannot read as an event is, for us, simply not verified.
      if (response.status === 400 || response.status === 422) return false;
      return parse(verificationAnswer, await json(response, 'verification')).verification_status === 'SUCCESS';
    },
  };
}

/** A 2xx answer read (capped) and checked against `schema`; anything else is an UnavailableError. */
export async function readAnswer<T>(schema: z.ZodType<T>, response: Response, what: string): Promise<T> {
  return parse(schema, await json(response, what));
}

/**
 * PayPal's "no" to a call (a 4xx other than 401 and 429): the name of what it refused — the first
 * `details[].issue` when it gives one (ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED…), else its
 * error name — and its words; null for any other answer.
 */
export async function paypalRefusal(response: Response): Promise<{ ok: false; name: string; message: string } | null> {
  if (response.status < 400 || response.status >= 500 || response.status === 401 || response.status === 429)
    return null;
  const body = paypalError.safeParse(await cappedJson(response, MAX_ANSWER_BYTES).catch(() => null));
  if (!body.success) return { ok: false, name: `HTTP_${response.status}`, message: '' };
  return { ok: false, name: body.data.details?.[0]?.issue ?? body.data.name, message: body.data.message ?? '' };
}

async function json(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new UnavailableError(`PayPal answered ${response.status} to the ${what} call`);
  try {
    return await cappedJson(response, MAX_ANSWER_BYTES);
  } catch (error) {
    throw new UnavailableError(`PayPal's ${what} answer is not JSON of at most ${MAX_ANSWER_BYTES} bytes`, {
      cause: error,
    });
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new UnavailableError(`PayPal answered in an unexpected shape: ${result.error.message}`);
  return result.data;
}

/** Forgets cached tokens (tests that swap configurations). */
export function resetPaypalTokens(): void {
  tokens.clear();
}
