import { render } from '@testing-library/react';
import { CheckoutForm } from '@/components/pay/checkout-form';
import type { GatewayChoice } from '@/lib/shared/gateway-offer';
import type { Locale } from '@/lib/i18n/locales';
import type { PayFormProps } from '@/lib/shared/pay-form';
import { IntlWrapper } from './intl';

/** The pay form's tests' clock, and a team plan 61 days after it (what "keep my current plan" keeps). */
export const formNow = new Date('2026-11-25T00:00:00Z');
export const teamExpiry = new Date('2027-01-25T00:00:00Z').toISOString();

export const vnpayChoice: GatewayChoice = {
  id: 'vnpay',
  name: 'VNPay',
  currency: 'VND',
  methods: ['qr'],
  min: 5_000,
  max: 1_000_000_000,
  continuation: { kind: 'redirect' },
  available: true,
  renews: false,
};

/** The three gateways as the pay page receives them (PayPal cannot take a team-size increase alone). */
export const gatewayChoices: GatewayChoice[] = [
  vnpayChoice,
  {
    id: 'momo',
    name: 'MoMo',
    currency: 'VND',
    methods: ['wallet'],
    min: 1_000,
    max: 50_000_000,
    continuation: { kind: 'redirect' },
    available: true,
    renews: false,
  },
  {
    id: 'paypal',
    name: 'PayPal',
    currency: 'USD',
    methods: ['paypal'],
    min: 100,
    max: 1_000_000,
    continuation: { kind: 'sdk', sdk: 'paypal' },
    available: true,
    renews: true,
    period3: false,
  },
];

/** A free user in a 10-seat Team Pro team, paying by VNPay, with nothing under way; `overrides` change it. */
export const payForm = (overrides: Partial<PayFormProps> = {}): PayFormProps => ({
  user: { plan: 'free', expiresAt: null, seats: 1 },
  team: { plan: 'team_pro', expiresAt: teamExpiry, seats: 10 },
  gateways: [vnpayChoice],
  now: formNow.toISOString(),
  initial: {},
  standing: { pending: [], renewing: [] },
  ...overrides,
});

export const showForm = (props: PayFormProps, locale: Locale = 'en') =>
  render(
    <IntlWrapper locale={locale}>
      <CheckoutForm {...props} />
    </IntlWrapper>,
  );
