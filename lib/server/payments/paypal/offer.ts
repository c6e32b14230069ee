import type { GatewayOffer } from '@/lib/shared/gateway-offer';

// PayPal subscriptions and one-off payments (query packs) are priced in USD; the buttons offer their own funding sources.
export const paypalOffer = {
  id: 'paypal',
  name: 'PayPal',
  currency: 'USD',
  methods: ['paypal', 'card'],
  // PayPal takes any positive USD amount: the floor is one cent, so a single query pack (0.99) is payable.
  min: 1,
  max: 1_000_000,
  // The buttons of PayPal's JS SDK create the subscription on the pay page itself.
  continuation: { kind: 'sdk', sdk: 'paypal' },
  // A subscription renews at a fixed plan and quantity; keeping the plan and paying only for more
  // seats would be a quantity revision, which this site does not make.
  period3: false,
} as const satisfies GatewayOffer;
