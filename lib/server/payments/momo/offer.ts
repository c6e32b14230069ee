import type { GatewayOffer } from '@/lib/shared/gateway-offer';

// MoMo's captureWallet caps an order at 50,000,000 VND. payWithATM starts at
// 10,000 VND; the page shows one bound per gateway, so the stricter ATM minimum is checked by MoMo.
export const momoOffer = {
  id: 'momo',
  name: 'MoMo',
  currency: 'VND',
  methods: ['wallet', 'atm_card', 'credit_card'],
  min: 1_000,
  max: 50_000_000,
  continuation: { kind: 'redirect' },
} as const satisfies GatewayOffer;
