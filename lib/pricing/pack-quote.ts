/**
 * The price of query packs: a pure function over integers in minor units, run by the pay page for
 * its live quote and by checkout for the order, so the two cannot disagree.
 */
import { queryPack, type Currency } from './catalogue';
import { addMonths } from './plan-state';

/** An order for packs is one payment: its period is this, never a plan period. */
export const PACK_PERIOD = 'once';

export type PackQuote =
  | {
      ok: true;
      amount: number;
      currency: Currency;
      quantity: number;
      /** The extra queries the packs give. */
      queries: number;
      /** When they expire if paid at `now`. */
      expiresAt: Date;
    }
  | { ok: false; reason: 'quantity_invalid' };

export function quantityIsValid(quantity: number): boolean {
  return Number.isSafeInteger(quantity) && quantity >= 1 && quantity <= queryPack.maxQuantity;
}

export function packQuote(quantity: number, currency: Currency, now: Date): PackQuote {
  if (!quantityIsValid(quantity)) return { ok: false, reason: 'quantity_invalid' };
  return {
    ok: true,
    amount: quantity * queryPack.price[currency],
    currency,
    quantity,
    queries: packQueries(quantity),
    expiresAt: packExpiry(now),
  };
}

/** Packs paid at `paidAt` are usable until this moment. */
export const packExpiry = (paidAt: Date): Date => addMonths(paidAt, queryPack.validMonths);

/** The extra queries `quantity` packs give. */
export const packQueries = (quantity: number): number => quantity * queryPack.queries;
