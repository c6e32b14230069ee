import 'server-only';
import { z } from 'zod';
import type { DeliverCallback } from '@/lib/server/payments/gateway';
import { sandboxBotToken } from '../config';
import { SUBSCRIPTION_PERIOD_SECONDS, starsOffer } from '../offer';
import { refundCharge } from './account';
import { newId, standInState } from './store';

/*
 * The stand-in Bot API (never in production): the five methods the Stars gateway calls, with the
 * documented request rules, answers `{ok: true, result}` and errors `{ok: false, error_code,
 * description}`. A fetch-shaped function, so the site's Bot API client runs unchanged against it —
 * in-process, and over HTTP at /api/payments/telegram_stars/sandbox/bot<token>/<method>.
 */

const ok = (result: unknown) => Response.json({ ok: true, result });
const error = (code: number, description: string) =>
  Response.json({ ok: false, error_code: code, description }, { status: code });
const badRequest = (what: string) => error(400, `Bad Request: ${what}`);

const invoice = z.object({
  title: z.string().min(1).max(32),
  description: z.string().min(1).max(255),
  payload: z.string().refine((p) => Buffer.byteLength(p, 'utf8') >= 1 && Buffer.byteLength(p, 'utf8') <= 128),
  provider_token: z.literal('').optional(),
  currency: z.literal('XTR'),
  prices: z.tuple([z.object({ label: z.string().min(1), amount: z.number().int().positive() })]),
  subscription_period: z.literal(SUBSCRIPTION_PERIOD_SECONDS).optional(),
});

const methods: Record<
  string,
  (body: Record<string, unknown>, deliver: DeliverCallback) => Promise<Response> | Response
> = {
  createInvoiceLink(body) {
    const parsed = invoice.safeParse(body);
    if (!parsed.success) return badRequest(`invalid invoice: ${parsed.error.issues[0]?.path.join('.') ?? 'body'}`);
    const { prices, subscription_period } = parsed.data;
    if (subscription_period && prices[0].amount > starsOffer.subscription.max) {
      return badRequest('SUBSCRIPTION_PRICE_TOO_HIGH');
    }
    const slug = newId('');
    standInState().invoices.set(slug, {
      slug,
      title: parsed.data.title,
      description: parsed.data.description,
      payload: parsed.data.payload,
      amount: prices[0].amount,
      ...(subscription_period ? { subscriptionPeriod: subscription_period } : {}),
    });
    return ok(`https://t.me/$${slug}`);
  },

  answerPreCheckoutQuery(body) {
    const id = typeof body.pre_checkout_query_id === 'string' ? body.pre_checkout_query_id : '';
    const answers = standInState().answers;
    if (!answers.has(id) || answers.get(id) !== null) {
      return badRequest('query is too old and response timeout expired or query ID is invalid');
    }
    if (body.ok === false && typeof body.error_message !== 'string') return badRequest('error_message is required');
    answers.set(id, body.ok === true ? { ok: true } : { ok: false, errorMessage: String(body.error_message) });
    return ok(true);
  },

  async refundStarPayment(body, deliver) {
    const id = String(body.telegram_payment_charge_id);
    const charge = standInState().charges.get(id);
    if (!charge || charge.userId !== body.user_id) return badRequest('CHARGE_ID_INVALID');
    if (charge.refunded) return badRequest('CHARGE_ALREADY_REFUNDED');
    await refundCharge(id, deliver);
    return ok(true);
  },

  editUserStarSubscription(body) {
    const subscription = standInState().subscriptions.get(String(body.telegram_payment_charge_id));
    if (!subscription || subscription.userId !== body.user_id) return badRequest('SUBSCRIPTION_ID_INVALID');
    if (typeof body.is_canceled !== 'boolean') return badRequest('is_canceled is required');
    subscription.canceled = body.is_canceled;
    return ok(true);
  },

  getStarTransactions(body) {
    const offset = typeof body.offset === 'number' ? body.offset : 0;
    const limit = typeof body.limit === 'number' ? body.limit : 100;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return badRequest('limit must be 1-100');
    return ok({ transactions: standInState().transactions.slice(offset, offset + limit) });
  },
};

/** A Bot API request to the stand-in: `<anything>/bot<token>/<method>` with a JSON body. */
export async function standInTransport(url: string, init: RequestInit, deliver: DeliverCallback): Promise<Response> {
  const match = /\/bot([^/]+)\/([A-Za-z]+)$/.exec(new URL(url, 'http://localhost').pathname);
  if (!match || match[1] !== sandboxBotToken()) return error(401, 'Unauthorized');
  const method = methods[match[2]!];
  if (!method) return error(404, 'Not Found: method not found');
  let body: Record<string, unknown> = {};
  try {
    const text = typeof init.body === 'string' ? init.body : '';
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return badRequest('the body is not JSON');
  }
  return method(body, deliver);
}
