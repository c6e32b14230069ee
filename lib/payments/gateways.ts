/**
 * The payment gateways the pay page offers, their currency, their payment methods and the
 * amounts they accept (payments.md §0–§2). Shared by the pay page and the server: the page
 * refuses an out-of-range amount before any request, the server again before any redirect.
 */
import type { Currency } from '@/lib/pricing/catalogue';

export const gateways = {
  // VNPay accepts 5,000 VND up to (not including) 1 billion VND per transaction.
  vnpay: { currency: 'VND', methods: ['qr', 'domestic_card', 'international_card'], min: 5_000, max: 999_999_999 },
  // MoMo's captureWallet caps an order at 50,000,000 VND.
  momo: { currency: 'VND', methods: ['wallet', 'atm_card', 'credit_card'], min: 1_000, max: 50_000_000 },
  // PayPal subscriptions are priced in USD; the buttons offer their own funding sources.
  paypal: { currency: 'USD', methods: ['paypal', 'card'], min: 100, max: 1_000_000 },
} as const satisfies Record<string, GatewayDefinition>;

export interface GatewayDefinition {
  currency: Currency;
  methods: readonly string[];
  /** Inclusive bounds, in the currency's minor unit. */
  min: number;
  max: number;
}

export type GatewayId = keyof typeof gateways;
export const gatewayIds = Object.keys(gateways) as GatewayId[];
export type PaymentMethod = (typeof gateways)[GatewayId]['methods'][number];
export const paymentMethods = [...new Set(gatewayIds.flatMap((id) => gateways[id].methods))] as PaymentMethod[];

export function isMethodOf(gateway: GatewayId, method: string): boolean {
  return (gateways[gateway].methods as readonly string[]).includes(method);
}

export function withinLimits(gateway: GatewayId, amount: number): 'below_min' | 'above_max' | null {
  const { min, max } = gateways[gateway];
  if (amount < min) return 'below_min';
  if (amount > max) return 'above_max';
  return null;
}
