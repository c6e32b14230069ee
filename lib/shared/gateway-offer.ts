/**
 * What a payment gateway accepts, as the payer sees it (docs/payments.md): its currency, its
 * payment methods and the amounts it takes. Each gateway declares its own offer in its folder
 * (lib/server/payments/<id>/offer.ts); the pay page receives the offers as props, so the page
 * refuses an out-of-range amount before any request and the server refuses it again before any
 * redirect, with the same function (lib/pricing/limits.ts).
 */
import type { Currency, PeriodId } from '@/lib/pricing/catalogue';
import type { AmountLimits } from '@/lib/pricing/limits';
import type { Continuation } from './checkout';

export interface GatewayOffer extends AmountLimits {
  /** The gateway's id (URLs, orders, messages key PayPage.form.gateways.<id>). */
  id: string;
  /** The gateway's brand name, the same in every language (the payment history's "paid with"). */
  name: string;
  currency: Currency;
  /** Method codes, each with a message PayPage.form.methods.<code>. */
  methods: readonly string[];
  /**
   * How the browser continues once checkout began (./checkout.ts, CheckoutStart): it leaves for the
   * gateway's page, or stays with the gateway's SDK, whose component the form draws first.
   */
  continuation: Continuation;
  /** false: the gateway cannot take period3 (a team-size increase on the current plan). */
  period3?: boolean;
  /**
   * Where it is offered. Absent: on the pay page a browser opens. `miniapp`: only inside the Telegram
   * Mini App, and there it is the only kind offered (Telegram's rule for digital goods sold inside
   * Telegram: docs/payments.md#telegram-stars).
   */
  surface?: 'miniapp';
  /**
   * Periods it charges as a subscription that renews by itself every `everyDays` days (the others
   * are one payment), and the most one such charge may be (`max`, in minor units); a larger price
   * is refused before any request. Absent: every period of a renewing gateway renews by its months.
   */
  subscription?: { periods: readonly PeriodId[]; everyDays: number; max: number };
}

/** Where the pay page runs: a browser (a signed link's page), or inside Telegram as its Mini App. */
export type PaySurface = 'browser' | 'miniapp';

/** Whether a gateway is offered on this surface: a Mini App's gateways there alone, the others everywhere else. */
export function offeredOn(offer: Pick<GatewayOffer, 'surface'>, surface: PaySurface): boolean {
  return (offer.surface ?? 'browser') === surface;
}

/** The charge limit a gateway's subscriptions put on this period, or null when the period is one payment. */
export function subscriptionLimit(offer: Pick<GatewayOffer, 'subscription'>, period: PeriodId): number | null {
  return offer.subscription?.periods.includes(period) ? offer.subscription.max : null;
}

/** An offer on the pay page: available means this deployment can take the payment right now. */
export interface GatewayChoice extends GatewayOffer {
  available: boolean;
  /**
   * It renews the plan by itself (a subscription): one live renewal per plan and owner applies to it
   * (./pending-payment.ts, renewalInTheWay). Read from the gateway's capabilities, not declared twice.
   */
  renews: boolean;
  /**
   * What its SDK's component loads with (public values only); absent when it has none or is
   * unavailable. Opaque here: only the gateway's own component reads it.
   */
  clientOptions?: unknown;
}

export function isMethodOf(offer: GatewayOffer, method: string): boolean {
  return offer.methods.includes(method);
}

/**
 * The gateway a payer starts on: the first available one that charges in their locale's currency
 * (VND for Vietnamese, USD elsewhere), so the quote is in the money the landing showed them; else
 * the first available one.
 */
export function preferredGateway<T extends GatewayChoice>(choices: readonly T[], currency: Currency): T | null {
  const available = choices.filter((choice) => choice.available);
  return available.find((choice) => choice.currency === currency) ?? available[0] ?? null;
}
