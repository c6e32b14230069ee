import type { GatewayOffer } from '@/lib/shared/gateway-offer';

// VNPay accepts 5,000 VND up to (not including) 1 billion VND per transaction.
export const vnpayOffer = {
  id: 'vnpay',
  name: 'VNPay',
  currency: 'VND',
  methods: ['qr', 'domestic_card', 'international_card'],
  min: 5_000,
  max: 999_999_999,
  continuation: { kind: 'redirect' },
} as const satisfies GatewayOffer;
