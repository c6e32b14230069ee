/**
 * The pack form's rules, as one pure function (the plan form's are checkoutDraft's): what the
 * quantity typed costs with the chosen gateway, why it cannot be paid, and whether it can. Checkout
 * (pricePacks) holds the same rules with the same packQuote and withinLimits, so what the page
 * allows is what the server accepts.
 */
import { queryPack, type Currency } from './catalogue';
import { withinLimits, type AmountLimits } from './limits';
import { packQuote, type PackQuote } from './pack-quote';

/** What the draft reads of the chosen gateway's offer. */
interface PackDraftGateway extends AmountLimits {
  name: string;
  currency: Currency;
}

interface PackDraftInput {
  /** The quantity as typed. */
  quantity: string;
  /** The available gateway chosen, or none. */
  gateway: PackDraftGateway | null;
  /** The currency quoted while no gateway is chosen: the locale's. */
  currency: Currency;
  now: Date;
}

/** Why the packs cannot be paid with this gateway, in checkout's own codes (Checkout.errors.*). */
export type PackRefusal =
  | {
      code: 'below_gateway_min';
      gateway: string;
      min: number;
      currency: Currency;
      /** The fewest packs the gateway takes, when a quantity on sale reaches its minimum. */
      fewest: number | null;
    }
  | { code: 'above_gateway_max'; max: number; currency: Currency };

export interface PackDraft {
  /** The typed quantity is empty, or no whole number from 1 to queryPack.maxQuantity. */
  quantityInvalid: boolean;
  /** The chosen gateway's currency, else the locale's. */
  currency: Currency;
  priced: Extract<PackQuote, { ok: true }> | null;
  refusal: PackRefusal | null;
  /** Priced, refused by nothing, with a gateway (the page adds a method chosen, no request under way…). */
  canPay: boolean;
}

/** The fewest packs whose price reaches `min`, or null when even the most on sale stays below it. */
function fewestPacks(min: number, currency: Currency): number | null {
  const fewest = Math.max(1, Math.ceil(min / queryPack.price[currency]));
  return fewest <= queryPack.maxQuantity ? fewest : null;
}

function refusalOf(gateway: PackDraftGateway | null, amount: number | null): PackRefusal | null {
  if (!gateway || amount === null) return null;
  const limit = withinLimits(gateway, amount);
  if (limit === 'below_min')
    return {
      code: 'below_gateway_min',
      gateway: gateway.name,
      min: gateway.min,
      currency: gateway.currency,
      fewest: fewestPacks(gateway.min, gateway.currency),
    };
  if (limit === 'above_max') return { code: 'above_gateway_max', max: gateway.max, currency: gateway.currency };
  return null;
}

export function packDraft({ quantity: typed, gateway, currency: localeCurrency, now }: PackDraftInput): PackDraft {
  const currency = gateway ? gateway.currency : localeCurrency;
  // An empty field is no quantity (Number('') would be 0, refused the same way).
  const quote = packQuote(typed.trim() === '' ? Number.NaN : Number(typed), currency, now);
  const priced = quote.ok ? quote : null;
  const refusal = refusalOf(gateway, priced?.amount ?? null);
  return {
    quantityInvalid: !quote.ok,
    currency,
    priced,
    refusal,
    canPay: Boolean(priced && !refusal && gateway),
  };
}
