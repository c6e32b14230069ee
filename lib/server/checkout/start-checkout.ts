import 'server-only';
import { createHash } from 'node:crypto';
import { gateways, isMethodOf, withinLimits } from '@/lib/payments/gateways';
import { isActive, quote, type PlanState } from '@/lib/pricing/quote';
import type { Locale } from '@/lib/i18n/locales';
import type { CheckoutErrorCode, CheckoutRequest } from '@/lib/shared/checkout';
import { chatBackend, type Order, type PayContext, type Subject } from '@/lib/server/store';
import { vnpayConfig } from '@/lib/server/payments/vnpay/config';
import { PAYMENT_WINDOW_MS, paymentUrl } from '@/lib/server/payments/vnpay/payment-url';

export type CheckoutRefusal = {
  ok: false;
  status: 401 | 409 | 422;
  code: CheckoutErrorCode;
  /** Amounts for the message, in minor units of `currency`. */
  limits?: { min: number; max: number; currency: Order['currency'] };
};
export type CheckoutResult = { ok: true; redirectUrl: string } | CheckoutRefusal;

export interface CheckoutInput {
  subject: Subject;
  selection: CheckoutRequest;
  /** From the page; absent, one is derived so a double click still makes one order. */
  idempotencyKey: string | undefined;
  locale: Locale;
  clientIp: string;
  now: Date;
}

const refuse = (status: CheckoutRefusal['status'], code: CheckoutErrorCode): CheckoutRefusal => ({
  ok: false,
  status,
  code,
});

/** What the buyer has today: the user for individual_pro, the team for team_pro. */
export function buyerState(context: PayContext, plan: CheckoutRequest['plan']): PlanState | null {
  if (plan === 'individual_pro') {
    const { account } = context;
    return { plan: account.plan, expiresAt: account.planExpiresAt, seats: 1 };
  }
  const { team } = context;
  if (!team) return null;
  return { plan: team.plan, expiresAt: team.planExpiresAt, seats: Math.max(team.seats, team.memberCount) };
}

/**
 * Checkout (PRODUCT §6 step 4): re-validate the selection against the account as stored now,
 * price it from the catalogue, record one pending order, and answer the gateway redirect.
 */
export async function startCheckout(input: CheckoutInput): Promise<CheckoutResult> {
  const { subject, selection, now } = input;
  const backend = await chatBackend();
  const context = await backend.loadPayContext(subject);
  if (!context) return refuse(401, 'no_session');

  if (selection.gateway !== 'vnpay') return refuse(422, 'gateway_unavailable');
  const config = vnpayConfig();
  if (!config) return refuse(422, 'gateway_unavailable');
  if (!isMethodOf(selection.gateway, selection.method)) return refuse(422, 'unknown_method');

  const current = buyerState(context, selection.plan);
  if (!current) return refuse(422, 'team_required');
  // Moving to a team while an individual plan runs forfeits its time: the user must say so first.
  if (
    selection.plan === 'team_pro' &&
    context.account.plan === 'individual_pro' &&
    isActive({ plan: context.account.plan, expiresAt: context.account.planExpiresAt }, now)
  ) {
    return refuse(409, 'cancel_individual_first');
  }

  const { currency } = gateways[selection.gateway];
  const priced = quote({ ...selection, currency, current, now });
  if (!priced.ok) return refuse(422, priced.reason);
  const outOfRange = withinLimits(selection.gateway, priced.amount);
  if (outOfRange) {
    const { min, max } = gateways[selection.gateway];
    return {
      ...refuse(422, outOfRange === 'below_min' ? 'below_gateway_min' : 'above_gateway_max'),
      limits: { min, max, currency },
    };
  }

  const { order, created } = await backend.createOrder({
    subject,
    plan: selection.plan,
    period: selection.period,
    seats: selection.plan === 'team_pro' ? priced.seats : null,
    months: priced.months,
    gateway: selection.gateway,
    method: selection.method,
    currency,
    amount: priced.amount,
    locale: input.locale,
    clientIp: input.clientIp,
    idempotencyKey: input.idempotencyKey ?? derivedIdempotencyKey(subject, selection, now),
    now,
  });
  if (!created) {
    const same =
      order.plan === selection.plan &&
      order.period === selection.period &&
      order.gateway === selection.gateway &&
      order.method === selection.method &&
      (selection.plan !== 'team_pro' || order.seats === priced.seats);
    if (!same) return refuse(422, 'idempotency_conflict');
    if (order.status !== 'pending' || now.getTime() - order.createdAt.getTime() > PAYMENT_WINDOW_MS) {
      return refuse(409, 'checkout_expired');
    }
  }
  return { ok: true, redirectUrl: paymentUrl(order, config) };
}

/** Same subject, same selection, same payment window → same key: a bare double POST makes one order. */
function derivedIdempotencyKey(subject: Subject, selection: CheckoutRequest, now: Date): string {
  const window = Math.floor(now.getTime() / PAYMENT_WINDOW_MS);
  const digest = createHash('sha256')
    .update(JSON.stringify([subject.platform, subject.userId, subject.teamId ?? '', selection, window]))
    .digest('base64url');
  return `auto-${digest.slice(0, 40)}`;
}

/** "Cancel plan" in the pay page's modal: ends the individual plan so a team plan can be bought. */
export async function cancelIndividualPlan(subject: Subject, now: Date): Promise<{ ok: true } | CheckoutRefusal> {
  const backend = await chatBackend();
  if (!(await backend.loadPayContext(subject))) return refuse(401, 'no_session');
  const result = await backend.cancelIndividualPlan(subject, now);
  return result === 'cancelled' ? { ok: true } : refuse(409, 'not_active');
}
