import type { GatewayOffer } from '@/lib/payments/gateways';

// PayPal subscriptions are priced in USD; the buttons offer their own funding sources.
export const paypalOffer = {
  id: 'paypal',
  currency: 'USD',
  methods: ['paypal', 'card'],
  min: 100,
  max: 1_000_000,
} as const satisfies GatewayOffer;
