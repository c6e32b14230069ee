import dynamic from 'next/dynamic';
import type { ComponentType } from 'react';
import type { Currency } from '@/lib/pricing/catalogue';
import { PaypalLoading } from './paypal-loading';

/** What a plan the gateway renews by itself will charge after this payment, shown before the payer approves. */
export interface RenewalTerms {
  amount: number;
  currency: Currency;
  months: number;
  /** ISO 8601: when the gateway charges the second time, for a renewal that charges today. */
  next: string;
  /**
   * ISO 8601: when the first charge is, for a plan already paid ahead (the end of its paid time);
   * null when the gateway charges today.
   */
  startsAt: string | null;
}

/** What the pay form hands the component of a gateway that continues with its browser SDK. */
export interface ContinuationProps {
  /** The gateway choice's `clientOptions`, as its server half sent them: the component checks them. */
  options: unknown;
  disabled: boolean;
  terms: RenewalTerms | null;
  /**
   * The selection is one payment that never renews (query packs): an SDK that renews by itself loads
   * for a single charge instead (PayPal: intent=capture, no vault). Absent: a plan.
   */
  oneOff?: boolean;
  /**
   * This form's payment is the page's main action (the first form shown): inside Telegram it is
   * Telegram's main button too. One form at most, or one press would start two payments.
   */
  mainAction?: boolean;
  /** What the selection costs, as the form quotes it; null while it cannot be paid. */
  price?: { amount: number; currency: Currency } | null;
  /** Runs the site's checkout: the `params` of its `{kind: 'sdk'}` answer, or null when it was refused (the form shows why). */
  startCheckout: () => Promise<unknown>;
}

/**
 * The components that continue a checkout on the pay page, by the `sdk` a gateway's offer and its
 * checkout answer name (lib/shared/checkout.ts, Continuation). Each loads when the payer picks its
 * gateway, not with the page: the form is drawn without them, and most payers choose another.
 * A gateway with a browser SDK adds one line here and its component beside this file.
 */
export const continuations: Readonly<Record<string, ComponentType<ContinuationProps>>> = {
  // PayPal's buttons and their React wrapper (10 KB gzip).
  paypal: dynamic(() => import('./paypal-checkout').then((module) => module.PaypalCheckout), {
    loading: PaypalLoading,
  }),
  // Telegram's payment sheet, opened through the Mini Apps SDK the Mini App already loaded.
  telegram_stars: dynamic(() => import('./telegram_stars-checkout').then((module) => module.StarsCheckout)),
};
