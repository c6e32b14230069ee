/**
 * The pay form's selection rules, as one pure function: what the payer's choice costs, why it cannot
 * be paid, and whether it can. The form draws from it; checkout (lib/server/checkout/start-checkout.ts)
 * holds the same rules against the account as the directory has it, with the same quote() and the same
 * refusal codes, so what the page allows is what the server accepts.
 */
import type { Currency, PaidPlanId, PeriodId } from './catalogue';
import { withinLimits, type AmountLimits } from './limits';
import { isActive, quote, seatsAreValid, type PlanState, type Quote } from './quote';

/** What the draft reads of the chosen gateway's offer. */
export interface DraftGateway extends AmountLimits {
  name: string;
  currency: Currency;
  /** false: it cannot take period3 (a team-size increase on the running plan). */
  period3?: boolean;
  /** The periods it charges as a subscription, and the most one charge may be (lib/shared/gateway-offer.ts). */
  subscription?: { periods: readonly PeriodId[]; max: number };
}

export interface DraftInput {
  plan: PaidPlanId;
  /** The period chosen; period3 ("keep my plan, add seats") holds only while the team's Team Pro runs. */
  period: PeriodId;
  /** The team size typed, when the payer asked for more seats; undefined keeps the team's size. */
  seats: string | undefined;
  /** The available gateway chosen, or none. */
  gateway: DraftGateway | null;
  /** The payer's own plan (Individual Pro is bought for it). */
  user: PlanState;
  /** The team's plan, when the link came from a team chat. */
  team: PlanState | null;
  /** The payer is in the team but not one of its admins, who alone pay for Team Pro. */
  teamAdminsOnly: boolean;
  /** The currency quoted while no gateway is chosen: the locale's. */
  currency: Currency;
  now: Date;
}

/** Why the selection cannot be paid as it stands, in checkout's own codes (Checkout.errors.*). */
export type DraftRefusal =
  | { code: 'team_required' }
  | { code: 'period3_not_with_gateway'; gateway: string }
  | { code: 'nothing_to_pay' | 'period3_inactive' }
  | { code: 'below_gateway_min'; min: number; currency: Currency }
  | { code: 'above_gateway_max'; max: number; currency: Currency }
  | { code: 'above_subscription_max'; max: number; currency: Currency };

export interface CheckoutDraft {
  /** Whose plan is bought: the team's for Team Pro (null without a team), else the payer's. */
  buyer: PlanState | null;
  /** Team Pro on the team's running Team Pro: the payer may keep it and pay only for more seats. */
  canKeep: boolean;
  /** The period paid for: period3 falls back to period0 when the plan cannot be kept. */
  period: PeriodId;
  /** The team size asked for, as a number (Team Pro only). */
  seats: number | undefined;
  /** The typed team size is no whole number above the team's seats. */
  seatsInvalid: boolean;
  /** Team Pro while the payer's own Individual Pro runs: they cancel it first (never asked of a non-admin). */
  mustCancel: boolean;
  /** Team Pro for a payer who may not pay for the team: the form names whom to ask instead. */
  adminsOnly: boolean;
  /** The chosen gateway's currency, else the locale's. */
  currency: Currency;
  /** The quote, once there is a buyer and a valid team size. */
  priced: Quote | null;
  refusal: DraftRefusal | null;
  /**
   * The selection can be paid: priced, refused by nothing, with a gateway. The page adds what is not
   * the selection's (a method chosen, no request under way, no payment of this plan still running).
   */
  canPay: boolean;
}

function refusalOf(
  input: DraftInput,
  buyer: PlanState | null,
  period: PeriodId,
  priced: Quote | null,
): DraftRefusal | null {
  const { gateway } = input;
  if (!buyer) return { code: 'team_required' };
  if (gateway?.period3 === false && period === 'period3') {
    return { code: 'period3_not_with_gateway', gateway: gateway.name };
  }
  if (priced && !priced.ok) {
    // A refused team size is the seat field's to say.
    return priced.reason === 'nothing_to_pay' || priced.reason === 'period3_inactive' ? { code: priced.reason } : null;
  }
  const limit = priced?.ok && gateway ? withinLimits(gateway, priced.amount) : null;
  if (limit === 'below_min' && gateway)
    return { code: 'below_gateway_min', min: gateway.min, currency: gateway.currency };
  if (limit === 'above_max' && gateway)
    return { code: 'above_gateway_max', max: gateway.max, currency: gateway.currency };
  const renewalMax = gateway?.subscription?.periods.includes(period) ? gateway.subscription.max : null;
  if (priced?.ok && gateway && renewalMax !== null && priced.amount > renewalMax)
    return { code: 'above_subscription_max', max: renewalMax, currency: gateway.currency };
  return null;
}

export function checkoutDraft(input: DraftInput): CheckoutDraft {
  const { plan, user, team, gateway, now } = input;
  const buyer = plan === 'team_pro' ? team : user;
  const canKeep = plan === 'team_pro' && buyer !== null && buyer.plan === plan && isActive(buyer, now);
  const period: PeriodId = input.period === 'period3' && !canKeep ? 'period0' : input.period;
  const adminsOnly = plan === 'team_pro' && input.teamAdminsOnly;
  const mustCancel = plan === 'team_pro' && !adminsOnly && user.plan === 'individual_pro' && isActive(user, now);

  const seats = input.seats !== undefined && plan === 'team_pro' ? Number(input.seats) : undefined;
  const seatsInvalid = Boolean(
    seats !== undefined && team && (input.seats?.trim() === '' || seatsAreValid(seats, team)),
  );
  const currency = gateway ? gateway.currency : input.currency;
  const priced = buyer && !seatsInvalid ? quote({ plan, period, currency, seats, current: buyer, now }) : null;
  const refusal = refusalOf(input, buyer, period, priced);
  const canPay = Boolean(priced?.ok && !refusal && !seatsInvalid && gateway && !mustCancel && !adminsOnly);
  return { buyer, canKeep, period, seats, seatsInvalid, mustCancel, adminsOnly, currency, priced, refusal, canPay };
}
