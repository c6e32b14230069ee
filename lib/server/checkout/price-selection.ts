import 'server-only';
import { subscriptionLimit, type GatewayOffer } from '@/lib/shared/gateway-offer';
import { withinLimits } from '@/lib/pricing/limits';
import { buyerState } from '@/lib/pricing/buyer';
import { isActive, quote, renewalStartsAt } from '@/lib/pricing/quote';
import { PACK_PERIOD, packQuote } from '@/lib/pricing/pack-quote';
import { queryPack, type Currency } from '@/lib/pricing/catalogue';
import type { PackCheckoutRequest, PlanCheckoutRequest, CheckoutErrorCode } from '@/lib/shared/checkout';
import type { PayContext, Subject } from '@/lib/server/directory';
import type { NewOrder, Order } from '@/lib/server/ledger/types';

/** A refusal in the domain's terms; lib/server/http/error-status.ts decides what HTTP makes of it. */
export type CheckoutRefusal = {
  ok: false;
  code: CheckoutErrorCode;
  /** Amounts for the message, in minor units of `currency`. */
  limits?: { min: number; max: number; currency: Currency };
  /** The gateway's name, for a message about what it cannot take. */
  gateway?: string;
  /** Whom to ask instead (team_admin_required). */
  admins?: string[];
};

export const refuse = (code: CheckoutErrorCode): CheckoutRefusal => ({ ok: false, code });

/** What an order is recorded with, priced from the catalogue, and how a repeat of it is recognised. */
export interface PricedSelection {
  ok: true;
  /** Whose order it is: packs belong to the user, whichever chat the link came from. */
  subject: Subject;
  terms: Pick<NewOrder, 'plan' | 'period' | 'seats' | 'quantity' | 'months' | 'currency' | 'amount'>;
  /** When a renewal the gateway starts first charges (null: at once). */
  renewalStartsAt: Date | null;
}

function gatewayLimitRefusal(offer: GatewayOffer, amount: number): CheckoutRefusal | null {
  const outOfRange = withinLimits(offer, amount);
  if (!outOfRange) return null;
  return {
    ...refuse(outOfRange === 'below_min' ? 'below_gateway_min' : 'above_gateway_max'),
    limits: { min: offer.min, max: offer.max, currency: offer.currency },
  };
}

/** A plan, re-validated against the account as the directory holds it now, priced by quote(). */
export function pricePlan(
  context: PayContext,
  subject: Subject,
  selection: PlanCheckoutRequest,
  offer: GatewayOffer,
  now: Date,
): PricedSelection | CheckoutRefusal {
  // period3 keeps the current plan and pays a prorated increase; a gateway that cannot take that
  // (its offer says so: PayPal, whose running subscription's quantity is not revised here) refuses
  // it here, before any order exists — never charged as a new subscription.
  if (selection.period === 'period3' && offer.period3 === false) {
    return { ...refuse('period3_not_with_gateway'), gateway: offer.name };
  }
  const current = buyerState(context, selection.plan);
  if (!current) return refuse('team_required');
  // Moving to a team while an individual plan runs forfeits its time: the user must say so first.
  if (
    selection.plan === 'team_pro' &&
    context.account.plan === 'individual_pro' &&
    isActive({ plan: context.account.plan, expiresAt: context.account.planExpiresAt }, now)
  ) {
    return refuse('cancel_individual_first');
  }
  const { currency } = offer;
  const priced = quote({ ...selection, currency, current, now });
  if (!priced.ok) return refuse(priced.reason);
  const outOfRange = gatewayLimitRefusal(offer, priced.amount);
  if (outOfRange) return outOfRange;
  // A period the gateway charges as a subscription may cost at most what one renewal may charge.
  const renewalMax = subscriptionLimit(offer, selection.period);
  if (renewalMax !== null && priced.amount > renewalMax) {
    return { ...refuse('above_subscription_max'), limits: { min: offer.min, max: renewalMax, currency } };
  }
  return {
    ok: true,
    subject,
    terms: {
      plan: selection.plan,
      period: selection.period,
      seats: selection.plan === 'team_pro' ? priced.seats : null,
      quantity: null,
      months: priced.months,
      currency,
      amount: priced.amount,
    },
    renewalStartsAt: renewalStartsAt(current, selection.plan, now),
  };
}

/** Query packs: any account may buy them, for itself; one payment, priced by packQuote(). */
export function pricePacks(
  subject: Subject,
  selection: PackCheckoutRequest,
  offer: GatewayOffer,
  now: Date,
): PricedSelection | CheckoutRefusal {
  const priced = packQuote(selection.quantity, offer.currency, now);
  if (!priced.ok) return refuse(priced.reason);
  const outOfRange = gatewayLimitRefusal(offer, priced.amount);
  if (outOfRange) return outOfRange;
  return {
    ok: true,
    subject: { platform: subject.platform, userId: subject.userId },
    terms: {
      plan: selection.plan,
      period: PACK_PERIOD,
      seats: null,
      quantity: priced.quantity,
      months: queryPack.validMonths,
      currency: priced.currency,
      amount: priced.amount,
    },
    renewalStartsAt: null,
  };
}

/** Whether a recorded order is what this priced selection would record (a repeated checkout). */
export const sameTerms = (order: Order, priced: PricedSelection, gateway: string, method: string): boolean =>
  order.plan === priced.terms.plan &&
  order.period === priced.terms.period &&
  order.gateway === gateway &&
  order.method === method &&
  (order.plan !== 'team_pro' || order.seats === priced.terms.seats) &&
  (order.quantity ?? null) === priced.terms.quantity;
